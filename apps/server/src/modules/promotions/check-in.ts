import { PROMOTION_TERMS_VERSION, type CheckInInput, type CheckInState } from '@colorplay/contract';
import type { CheckInConfig } from '../../config';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { withTransaction } from '../ledger';
import * as repo from './check-in-repo';
import { checkInVerdict, istDay, type CheckInVerdict } from './check-in-rules';
import type { PromotionsService } from './service';

/** The operator's check-in settings (config CHECK_IN_*): read at each call, so the values in force apply. */
export type CheckInSettings = CheckInConfig;

export type CheckInDeps = {
  db: Db;
  clock: Clock;
  settings: CheckInSettings;
  promotions: Pick<PromotionsService, 'grant' | 'bonuses' | 'eligibilityOf'>;
};

/**
 * The daily check-in (docs/promotions.md, decision 545): once per IST calendar day, a small bonus
 * through the grant machinery (eligibility and terms version in the grant's own transaction, the
 * fixed key `bonus:grant:<id>`), no deposit condition, no streak, the same amount every day, and a
 * daily total budget.
 */
export function createCheckIn({ db, clock, settings, promotions }: CheckInDeps) {
  const offerOf = () => ({ amountMinor: settings.bonusMinor, wageringMultiple: settings.wageringMultiple, validDays: settings.validDays, termsVersion: PROMOTION_TERMS_VERSION });

  /** The refusal a check-in gets when the verdict is not "available". */
  function refusal(v: Exclude<CheckInVerdict, { state: 'available' }>): AppError {
    if (v.state === 'done') return new AppError('CHECK_IN_DONE', 'You checked in today already: come back tomorrow');
    if (v.reason === 'paused' || v.reason === 'budget_spent') {
      return new AppError('CHECK_IN_UNAVAILABLE', 'Check-in is not available today', undefined, undefined, { reason: v.reason });
    }
    if (v.reason === 'bonus_active') return new AppError('BONUS_ALREADY_ACTIVE', 'You already have a bonus in play: finish or forfeit it first');
    return new AppError('PROMOTION_NOT_ELIGIBLE', 'This offer is not available to you now', undefined, undefined, { reason: v.reason });
  }

  /** Today's check-in: available (with the offer), done (with its bonus), or unavailable and why. */
  async function state(playerId: number): Promise<CheckInState> {
    const day = istDay(clock.now());
    // Reading the bonuses converts or expires what is due first, so a finished bonus does not block.
    const bonuses = await promotions.bonuses(playerId);
    const row = await repo.selectCheckIn(db, playerId, day);
    const eligible = await promotions.eligibilityOf(db, playerId);
    const verdict = checkInVerdict({
      doneToday: row !== undefined,
      ineligible: eligible.ok ? null : eligible.reason,
      paused: settings.paused,
      budgetLeftMinor: settings.dailyBudgetMinor - (await repo.selectDaySpent(db, day)),
      bonusMinor: settings.bonusMinor,
      bonusActive: bonuses.some((b) => b.status === 'active'),
    });
    return {
      day,
      state: verdict.state,
      reason: verdict.state === 'unavailable' ? verdict.reason : null,
      offer: verdict.state === 'available' ? offerOf() : null,
      grant: (row && bonuses.find((b) => b.id === row.grant_id)) ?? null,
    };
  }

  return {
    state,

    /**
     * Checks in for today in one transaction: the day's budget row locked first (every check-in of
     * the day queues there, so the budget and "once a day" are decided one at a time), then the
     * grant with its own eligibility, terms and one-bonus checks, the check-in row and the budget
     * spent; all commit together or nothing does.
     */
    async checkIn(playerId: number, input: CheckInInput): Promise<CheckInState> {
      await withTransaction(db, async (tx) => {
        const now = clock.now();
        const day = istDay(now);
        const spentMinor = await repo.lockDay(tx, day);
        const eligible = await promotions.eligibilityOf(tx, playerId);
        const verdict = checkInVerdict({
          doneToday: (await repo.selectCheckIn(tx, playerId, day)) !== undefined,
          ineligible: eligible.ok ? null : eligible.reason,
          paused: settings.paused,
          budgetLeftMinor: settings.dailyBudgetMinor - spentMinor,
          bonusMinor: settings.bonusMinor,
          // The grant itself refuses a second bonus (BONUS_ALREADY_ACTIVE), after ending a finished one.
          bonusActive: false,
        });
        if (verdict.state !== 'available') throw refusal(verdict);
        const g = await promotions.grant(tx, {
          playerId,
          source: 'check_in',
          sourceRef: day,
          amountMinor: settings.bonusMinor,
          wageringMultiple: settings.wageringMultiple,
          validDays: settings.validDays,
          termsVersion: input.termsVersion,
        });
        await repo.insertCheckIn(tx, { playerId, day, grantId: g.id, amountMinor: settings.bonusMinor, at: now });
      });
      return state(playerId);
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckIn>;

import { PROMOTION_TERMS_VERSION, type CheckInInput, type CheckInSettings as CheckInSettingsView, type CheckInSettingsInput, type CheckInState } from '@colorplay/contract';
import type { CheckInConfig } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { withTransaction } from '../ledger';
import * as repo from './check-in-repo';
import { checkInVerdict, istDay, type CheckInVerdict } from './check-in-rules';
import type { OperatorPrincipal, PromotionsDeps, PromotionsService, RequestOrigin } from './service';

/** The check-in's settings (config CHECK_IN_*): only the defaults of the row the console edits (decision 565). */
export type CheckInSettings = CheckInConfig;

export type CheckInDeps = Pick<PromotionsDeps, 'audit'> & {
  db: Db;
  clock: Clock;
  defaults: CheckInSettings;
  promotions: Pick<PromotionsService, 'grant' | 'bonuses' | 'eligibilityOf'>;
};

const toValues = (s: CheckInSettingsInput): repo.SettingsValues => ({
  bonus_minor: s.bonusMinor,
  wagering_multiple: s.wageringMultiple,
  valid_days: s.validDays,
  daily_budget_minor: s.dailyBudgetMinor,
  paused: s.paused,
});
const toSettings = (r: repo.SettingsRow): CheckInSettingsView => ({
  bonusMinor: r.bonus_minor,
  wageringMultiple: r.wagering_multiple,
  validDays: r.valid_days,
  dailyBudgetMinor: r.daily_budget_minor,
  paused: r.paused,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at?.toISOString() ?? null,
});
/** The values alone (what the audit row records before and after). */
const valuesOf = ({ updatedBy: _by, updatedAt: _at, ...values }: CheckInSettingsView): CheckInSettingsInput => values;

/**
 * The daily check-in (docs/promotions.md, decision 545): once per IST calendar day, a small bonus
 * through the grant machinery (eligibility and terms version in the grant's own transaction, the
 * fixed key `bonus:grant:<id>`), no deposit condition, no streak, the same amount every day, and a
 * daily total budget.
 */
export function createCheckIn({ db, clock, defaults, audit, promotions }: CheckInDeps) {
  const defaultValues = toValues(defaults);
  /** The settings in force (the row, seeded from the defaults at its first read), locked as asked. */
  const settingsOf = async (q: Queryable, lock: 'none' | 'share' | 'update' = 'none') => toSettings(await repo.selectSettings(q, defaultValues, lock));
  const offerOf = (settings: CheckInSettingsView) => ({ amountMinor: settings.bonusMinor, wageringMultiple: settings.wageringMultiple, validDays: settings.validDays, termsVersion: PROMOTION_TERMS_VERSION });

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
    const settings = await settingsOf(db);
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
      offer: verdict.state === 'available' ? offerOf(settings) : null,
      grant: (row && bonuses.find((b) => b.id === row.grant_id)) ?? null,
    };
  }

  return {
    state,

    /** The settings in force, for the console. */
    settings: (): Promise<CheckInSettingsView> => settingsOf(db),

    /**
     * An admin sets the check-in's settings (audited with before and after in the same
     * transaction). The row lock waits for the check-ins in flight (they share it), so the change
     * applies whole to the next check-in; the day's budget already spent stays spent.
     */
    async updateSettings(input: CheckInSettingsInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<CheckInSettingsView> {
      return withTransaction(db, async (tx) => {
        const before = await settingsOf(tx, 'update');
        const after = toSettings(await repo.updateSettings(tx, toValues(input), by.id, clock.now()));
        await audit.write(tx, by, 'check_in_settings.update', 'check_in_settings', origin, { before: valuesOf(before), after: valuesOf(after) });
        return after;
      });
    },

    /**
     * Checks in for today in one transaction: the settings row shared, then the day's budget row
     * locked (every check-in of the day queues there, so the budget and "once a day" are decided
     * one at a time), then the grant with its own eligibility, terms and one-bonus checks, the check-in row and the budget
     * spent; all commit together or nothing does.
     */
    async checkIn(playerId: number, input: CheckInInput): Promise<CheckInState> {
      await withTransaction(db, async (tx) => {
        const now = clock.now();
        const day = istDay(now);
        // The settings shared first (a console change waits for this check-in, then applies to the next).
        const settings = await settingsOf(tx, 'share');
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

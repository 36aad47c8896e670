import { createHash } from 'node:crypto';
import { minorToDecimal } from '@colorplay/contract';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { KycService } from '../kyc';
import type { PayoutGateway } from '../payouts';
import type { SafetyService } from '../safety';
import { withdrawableOf } from './balance';
import type { WithdrawalMoney } from './money';
import { countOnDay, findActiveMethod, findByKey, findWithdrawal, hasPaidWithdrawal, insertWithdrawal, listOfPlayer, lockPlayerWithdrawals, recordEvent, toWithdrawal } from './repo';
import { approvalsRequired, feeFor, istDay, kindEnabled, reviewReasons } from './rules';
import type { WithdrawalSettings } from './settings';
import { notFound, stateConflict, type WithdrawalSteps } from './steps';
import type { WithdrawalsService } from './types';

export type RequestsDeps = {
  db: Db;
  clock: Clock;
  settings: WithdrawalSettings;
  payouts: Pick<PayoutGateway, 'sandbox'>;
  kyc: Pick<KycService, 'isVerified' | 'status'>;
  /** A self-excluded player's wagering lock is waived (decision 400), and a closed one's that pays out (441). */
  safety: Pick<SafetyService, 'wageringLockWaived' | 'assertMayWithdraw'>;
  /**
   * Bonus money (promotions, decision 490), in the request's transaction: converts a bonus whose
   * wagering is complete; refuses (BONUS_FORFEIT_REQUIRED) while one is active unless the player
   * confirmed forfeiting it, and then forfeits it. Absent: no promotions.
   */
  bonuses?: { settleForWithdrawal(tx: Queryable, playerId: number, forfeitConfirmed: boolean): Promise<void> };
  /**
   * The player's VIP level (promotions, decision 547), read in the request's transaction: the
   * review queue takes higher levels first. Absent: every request is level 0.
   */
  vipLevelOf?: (q: Queryable, playerId: number) => Promise<number>;
};

/** The player's side: what can be withdrawn, requests (the hold), cancel, and their list. */
export function createRequests(deps: RequestsDeps, steps: WithdrawalSteps, money: WithdrawalMoney): Pick<WithdrawalsService, 'info' | 'request' | 'cancel' | 'list' | 'get'> {
  const { db, clock, settings, payouts, kyc, safety } = deps;
  const currency = settings.currency;
  const { applyStep, allows } = steps;

  return {
    async info(playerId) {
      const m = await withdrawableOf(db, playerId, settings.wageringFactor, (await safety.wageringLockWaived(db, playerId)) !== null);
      const today = await countOnDay(db, playerId, istDay(clock.now()));
      const kycStatus = await kyc.status(playerId);
      return {
        currency,
        balanceMinor: m.balanceMinor,
        withdrawableMinor: m.withdrawableMinor,
        wageringLockedMinor: m.lockedMinor,
        wagering: { factor: settings.wageringFactor, remainingToPlayMinor: m.remainingToPlayMinor, lockReason: m.lockedMinor > 0 ? 'wagering' : null },
        minMinor: settings.minMinor,
        maxMinor: settings.maxMinor,
        dailyCountLimit: settings.dailyCount,
        dailyCountLeft: Math.max(0, settings.dailyCount - today),
        feeFixedMinor: settings.feeFixedMinor,
        feeBps: settings.feeBps,
        kycStatus: kycStatus.status,
        methodKinds: (['upi', 'bank', 'usdt'] as const).filter((k) => kindEnabled(k, settings)),
        sandbox: payouts.sandbox,
      };
    },

    async request(playerId, input) {
      const requestHash = createHash('sha256').update(`${input.methodId}:${input.amountMinor}`).digest('hex');
      try {
        const row = await db.transaction(async (tx) => {
          await lockPlayerWithdrawals(tx, playerId);
          const existing = await findByKey(tx, playerId, input.idempotencyKey);
          if (existing) {
            if (existing.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT', 'This request key was already used for a different withdrawal');
            return existing;
          }
          // A closure that holds the balance (decision 441) refuses the player's withdrawals.
          await safety.assertMayWithdraw(tx, playerId);
          if (!(await kyc.isVerified(tx, playerId))) throw new AppError('KYC_REQUIRED', 'Verify your identity (KYC) before withdrawing');
          const method = await findActiveMethod(tx, playerId, input.methodId);
          if (!method) throw new AppError('PAYOUT_METHOD_NOT_FOUND', 'No such payout method', [{ path: 'methodId', message: 'Choose one of your payout methods' }]);
          if (!kindEnabled(method.kind, settings)) throw new AppError('PAYOUT_METHOD_UNAVAILABLE', 'This payout method cannot be used yet');

          const fee = feeFor(input.amountMinor, settings);
          if (input.amountMinor < settings.minMinor || input.amountMinor > settings.maxMinor || fee >= input.amountMinor) {
            const message = `Withdraw between ₹${minorToDecimal(settings.minMinor)} and ₹${minorToDecimal(settings.maxMinor)}`;
            throw new AppError('AMOUNT_OUT_OF_RANGE', message, [{ path: 'amountMinor', message }]);
          }
          const now = clock.now();
          const day = istDay(now);
          if ((await countOnDay(tx, playerId, day)) >= settings.dailyCount) {
            throw new AppError('WITHDRAWAL_DAILY_LIMIT', `You can make ${settings.dailyCount} withdrawals a day. Try again tomorrow.`);
          }
          // Before the balance is read: a converted bonus is cash that can go out with this request.
          if (deps.bonuses) await deps.bonuses.settleForWithdrawal(tx, playerId, input.forfeitBonus === true);
          const lockWaived = await safety.wageringLockWaived(tx, playerId);
          const m = await withdrawableOf(tx, playerId, settings.wageringFactor, lockWaived !== null);
          if (input.amountMinor > m.balanceMinor) {
            throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this withdrawal', [{ path: 'amountMinor', message: 'More than your balance' }]);
          }
          if (input.amountMinor > m.withdrawableMinor) {
            const message = `₹${minorToDecimal(m.lockedMinor)} is locked until your deposits are played through (₹${minorToDecimal(m.remainingToPlayMinor)} still to play). You can withdraw up to ₹${minorToDecimal(m.withdrawableMinor)} now.`;
            throw new AppError('WAGERING_LOCKED', message, [{ path: 'amountMinor', message }]);
          }

          const reasons = reviewReasons({
            amountMinor: input.amountMinor,
            settings,
            hasPaidWithdrawal: await hasPaidWithdrawal(tx, playerId),
            methodCreatedAt: method.created_at,
            now,
          });
          const created = await insertWithdrawal(tx, {
            id: prefixedId('wd', 9),
            player_id: playerId,
            method_id: method.id,
            method_kind: method.kind,
            method_summary: method.summary,
            destination: method.details,
            amount_minor: input.amountMinor,
            fee_minor: fee,
            currency,
            idempotency_key: input.idempotencyKey,
            request_hash: requestHash,
            ist_day: day,
            review_reasons: reasons,
            approvals_required: approvalsRequired(input.amountMinor, settings),
            created_at: now,
            vip_level: deps.vipLevelOf ? await deps.vipLevelOf(tx, playerId) : 0,
          });
          const hold = await money.hold(tx, created, { actor: 'player', playerId });
          // The withdrawal's own history says when it went out past a waived lock (decision 400).
          await recordEvent(tx, { withdrawalId: created.id, from: null, to: 'requested', actor: 'player', operatorId: null, transferId: hold.id, detail: lockWaived ? { wageringLockWaived: lockWaived } : {}, now });
          // Auto-payout needs two approvals never; above the second-approval amount a person looks.
          const auto = reasons.length === 0 && created.approvals_required === 1;
          return applyStep(tx, created, auto ? 'auto_approved' : 'review_needed', { actor: 'system' }, {}, { detail: { reasons } });
        });
        return toWithdrawal(row);
      } catch (err) {
        // A concurrent retry with the same key inserted first: answer with its withdrawal.
        if (isUniqueViolation(err)) {
          const existing = await findByKey(db, playerId, input.idempotencyKey);
          if (existing && existing.request_hash === requestHash) return toWithdrawal(existing);
        }
        throw err;
      }
    },

    async cancel(playerId, withdrawalId) {
      const row = await db.transaction(async (tx) => {
        const w = await findWithdrawal(tx, withdrawalId, true);
        if (!w || w.player_id !== playerId) throw notFound();
        if (w.status === 'cancelled') return w;
        if (!allows(w, 'player_cancelled')) throw stateConflict(w);
        const transfer = await money.returnHold(tx, w, 'withdrawal_release', { actor: 'player', playerId, outcome: 'cancelled' });
        return applyStep(tx, w, 'player_cancelled', { actor: 'player' }, {}, { transferId: transfer.id });
      });
      return toWithdrawal(row);
    },

    async list(playerId, query) {
      const rows = await listOfPlayer(db, playerId, query);
      const items = rows.slice(0, query.limit).map(toWithdrawal);
      return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
    },

    async get(playerId, withdrawalId) {
      const w = await findWithdrawal(db, withdrawalId);
      if (!w || w.player_id !== playerId) throw notFound();
      return toWithdrawal(w);
    },
  };
}

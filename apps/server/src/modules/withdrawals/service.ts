import { createHash } from 'node:crypto';
import {
  minorToDecimal,
  type ApproveWithdrawalResult,
  type PayoutCallbackEvent,
  type WithdrawalReviewItem,
} from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { KycService } from '../kyc';
import { hedgedWingoStakeMinor } from '../lottery';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, getAccount, postTransfer, sumEntriesByKind } from '../ledger';
import { PayoutUnavailableError, type PayoutDestination, type PayoutGateway, type PayoutRecord } from '../payouts';
import {
  countOnDay,
  findActiveMethod,
  findActiveMethodByFingerprint,
  findByKey,
  findWithdrawal,
  hasPaidWithdrawal,
  insertApproval,
  insertCallbackEvent,
  insertMethod,
  insertWithdrawal,
  listActiveMethods,
  listApprovals,
  listApprovedIds,
  listInReview,
  listOfPlayer,
  lockPlayerWithdrawals,
  recordEvent,
  removeMethod,
  setPayoutRef,
  settleCallbackEvent,
  toMethod,
  toWithdrawal,
  updateWithdrawal,
  type ApprovalRow,
  type WithdrawalChange,
  type WithdrawalRow,
} from './repo';
import {
  WAGERING_KINDS,
  approvalsRequired,
  feeFor,
  istDay,
  kindEnabled,
  methodFingerprint,
  methodSummary,
  reviewReasons,
  wageringState,
} from './rules';
import type { WithdrawalSettings } from './settings';
import type { SendReport, WithdrawalsService } from './types';
import { nextWithdrawal, type WithdrawalEvent } from './withdrawal-machine';

export type WithdrawalsDeps = {
  db: Db;
  clock: Clock;
  settings: WithdrawalSettings;
  payouts: PayoutGateway;
  kyc: Pick<KycService, 'isVerified' | 'status'>;
  log: FastifyBaseLogger;
  events: EventRecorder;
  /**
   * Send an approved withdrawal to the gateway right after its transaction commits (the leader
   * job `withdrawals.send-payouts` is the safety net). Off in tests, which call sendApproved.
   */
  sendAfterCommit: boolean;
};

type Actor = 'player' | 'operator' | 'system' | 'gateway';
const REVIEW_PAGE_DEFAULT = 50;
const REVIEW_PAGE_MAX = 200;

const notFound = () => new AppError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
const stateConflict = (w: WithdrawalRow) =>
  new AppError('WITHDRAWAL_STATE_CONFLICT', `This withdrawal is ${w.status.replace(/_/g, ' ')} and cannot be changed that way`);

/** Ledger keys: one per withdrawal and money outcome, so each happens at most once (DB-enforced). */
const ledgerKey = {
  hold: (id: string) => `withdrawal:${id}:hold`,
  // Cancel, reject and failed-before-paid all return the hold: one shared key, so at most one of
  // them can ever post (another body under the same key is an IDEMPOTENCY_CONFLICT).
  return: (id: string) => `withdrawal:${id}:return`,
  paid: (id: string) => `withdrawal:${id}:paid`,
  reversed: (id: string) => `withdrawal:${id}:reversed`,
};

export function createWithdrawalsService(deps: WithdrawalsDeps): WithdrawalsService {
  const { db, clock, settings, payouts, kyc, log } = deps;
  const currency = settings.currency;
  const main = (playerId: number) => accountCodes.playerMain(playerId);

  async function ensureAccounts(tx: Queryable, playerId: number) {
    await ensureAccount(tx, { code: main(playerId), kind: 'player', owner: playerId, currency });
    for (const code of [HOUSE_ACCOUNTS.withdrawalHold, HOUSE_ACCOUNTS.withdrawals, HOUSE_ACCOUNTS.fees]) {
      await ensureAccount(tx, { code, kind: 'house', currency });
    }
  }

  /** Balance, wagering lock and what can be withdrawn, from the ledger in the caller's transaction. */
  async function money(q: Queryable, playerId: number) {
    const account = await getAccount(q, main(playerId));
    const balanceMinor = account?.balanceMinor ?? 0;
    if (!account) return { balanceMinor, ...wageringState({ balanceMinor, depositedMinor: 0, netStakedMinor: 0, factor: settings.wageringFactor }) };
    const sums = await sumEntriesByKind(q, account.code, [...WAGERING_KINDS.deposits, ...WAGERING_KINDS.stakes]);
    const depositedMinor = WAGERING_KINDS.deposits.reduce((s, k) => s + (sums[k] ?? 0), 0);
    // Play is what could have been lost (decision 192): net stakes from the ledger, minus the
    // part of Wingo stakes that covered each other in one round (Big and Small together).
    const netStakedMinor = -WAGERING_KINDS.stakes.reduce((s, k) => s + (sums[k] ?? 0), 0) - (await hedgedWingoStakeMinor(q, playerId));
    return { balanceMinor, ...wageringState({ balanceMinor, depositedMinor, netStakedMinor, factor: settings.wageringFactor }) };
  }

  /**
   * Applies one state-machine event to a locked withdrawal: the row, its audit event and the
   * domain event, in the caller's transaction. A move the machine does not allow is a conflict.
   */
  async function move(
    tx: Queryable,
    w: WithdrawalRow,
    event: WithdrawalEvent,
    who: { actor: Actor; operatorId?: string | null },
    change: WithdrawalChange = {},
    extra: { transferId?: string | null; detail?: Record<string, unknown> } = {},
  ): Promise<WithdrawalRow> {
    const now = clock.now();
    const next = nextWithdrawal(w.status, event, now);
    if (!next) throw stateConflict(w);
    const row = await updateWithdrawal(tx, w.id, next.status, now, { ...change, ...next.times });
    await recordEvent(tx, {
      withdrawalId: w.id,
      from: w.status,
      to: next.status,
      actor: who.actor,
      operatorId: who.operatorId ?? null,
      transferId: extra.transferId ?? null,
      detail: extra.detail ?? {},
      now,
    });
    // The reason travels with the event so the inbox can tell the player why without reading
    // this module's tables: the operator's for a rejection, the gateway's for a failure.
    const reason = next.status === 'rejected' ? row.rejection_reason : next.status === 'failed' || next.status === 'failed_after_paid' ? row.failure_reason : null;
    await deps.events.record(tx, 'WithdrawalStatusChanged', {
      withdrawalId: w.id,
      playerId: Number(w.player_id),
      amountMinor: Number(w.amount_minor),
      feeMinor: Number(w.fee_minor),
      currency: w.currency,
      status: next.status,
      reason: reason ?? null,
    });
    if (next.status === 'approved' && deps.sendAfterCommit) {
      tx.afterCommit?.(() => void sendOne(w.id).catch((err: unknown) => log.error({ err, withdrawalId: w.id }, 'payout send failed')));
    }
    return row;
  }

  /** The hold back to the player (cancel, reject, failed before paid): at most once per withdrawal. */
  async function returnHold(tx: Queryable, w: WithdrawalRow, kind: 'withdrawal_release' | 'withdrawal_failed', metadata: Record<string, unknown>) {
    await ensureAccounts(tx, Number(w.player_id));
    return postTransfer(tx, {
      idempotencyKey: ledgerKey.return(w.id),
      kind,
      reference: w.id,
      metadata,
      entries: [
        { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: -Number(w.amount_minor) },
        { accountCode: main(Number(w.player_id)), amountMinor: Number(w.amount_minor) },
      ],
    });
  }

  /** Paid: the hold settles to house:withdrawals (what left us) and house:fees (the fee). */
  async function settlePaid(tx: Queryable, w: WithdrawalRow, metadata: Record<string, unknown>) {
    await ensureAccounts(tx, Number(w.player_id));
    const fee = Number(w.fee_minor);
    const net = Number(w.amount_minor) - fee;
    return postTransfer(tx, {
      idempotencyKey: ledgerKey.paid(w.id),
      kind: 'withdrawal_paid',
      reference: w.id,
      metadata,
      entries: [
        { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: -Number(w.amount_minor) },
        { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: net },
        ...(fee > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: fee }] : []),
      ],
    });
  }

  /** The bank returned a paid payout: what was paid and the fee go back to the player, once. */
  async function reversePaid(tx: Queryable, w: WithdrawalRow, metadata: Record<string, unknown>) {
    await ensureAccounts(tx, Number(w.player_id));
    const fee = Number(w.fee_minor);
    const net = Number(w.amount_minor) - fee;
    return postTransfer(tx, {
      idempotencyKey: ledgerKey.reversed(w.id),
      kind: 'withdrawal_reversed',
      reference: w.id,
      metadata,
      entries: [
        { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: -net },
        ...(fee > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: -fee }] : []),
        { accountCode: main(Number(w.player_id)), amountMinor: Number(w.amount_minor) },
      ],
    });
  }

  async function approvalsOf(q: Queryable, w: WithdrawalRow): Promise<ApprovalRow[]> {
    return listApprovals(q, [w.id]);
  }

  function reviewItem(w: WithdrawalRow, approvals: ApprovalRow[]): WithdrawalReviewItem {
    return {
      ...toWithdrawal(w),
      playerId: Number(w.player_id),
      approvals: approvals.map((a) => ({ operatorId: a.operator_id, note: a.note, at: a.created_at.toISOString() })),
      approvalsRequired: w.approvals_required,
      reviewReasons: w.review_reasons,
    };
  }

  /**
   * Applies a gateway outcome (from a callback, or from the answer to a send) to a locked
   * withdrawal. Returns false when the outcome does not apply to its state (already applied).
   */
  async function applyOutcome(tx: Queryable, w: WithdrawalRow, o: { status: PayoutRecord['status']; payoutRef: string; reference: string | null; failureReason: string | null; eventId?: string }) {
    const detail = { payoutRef: o.payoutRef, reference: o.reference, eventId: o.eventId ?? null, reason: o.failureReason };
    const meta = { actor: 'gateway', gateway: payouts.name, payoutRef: o.payoutRef };
    const ref: WithdrawalChange = w.payout_ref === null ? { payout_ref: o.payoutRef } : {};
    if (o.status === 'paid') {
      if (!nextWithdrawal(w.status, 'gateway_paid', clock.now())) return false;
      const approvals = await approvalsOf(tx, w);
      const transfer = await settlePaid(tx, w, { ...meta, approvedBy: approvals.map((a) => a.operator_id) });
      await move(tx, w, 'gateway_paid', { actor: 'gateway' }, { ...ref, payout_reference: o.reference }, { transferId: transfer.id, detail });
      return true;
    }
    if (o.status === 'failed' || o.status === 'reversed') {
      const reason = o.failureReason ?? (o.status === 'reversed' ? 'Returned by the bank' : 'The payout failed');
      if (w.status === 'paid') {
        const transfer = await reversePaid(tx, w, { ...meta, reason });
        await move(tx, w, 'gateway_reversed', { actor: 'gateway' }, { failure_reason: reason }, { transferId: transfer.id, detail });
        return true;
      }
      if (!nextWithdrawal(w.status, 'gateway_failed', clock.now())) return false;
      const transfer = await returnHold(tx, w, 'withdrawal_failed', { ...meta, reason });
      await move(tx, w, 'gateway_failed', { actor: 'gateway' }, { ...ref, failure_reason: reason }, { transferId: transfer.id, detail });
      return true;
    }
    // processing: the gateway took it.
    if (w.status === 'approved') {
      await move(tx, w, 'sent', { actor: 'system' }, ref, { detail });
      return true;
    }
    if (w.payout_ref === null) await setPayoutRef(tx, w.id, o.payoutRef, clock.now());
    return false;
  }

  /**
   * Sends one approved withdrawal to the gateway, outside any transaction (a slow provider must
   * hold no locks), idempotent by our withdrawal id; then records what the gateway said.
   */
  async function sendOne(id: string): Promise<'sent' | 'failed' | 'unanswered' | 'skipped'> {
    const w = await findWithdrawal(db, id);
    if (!w || w.status !== 'approved') return 'skipped';
    let record: PayoutRecord;
    try {
      record = await payouts.createPayout(
        { withdrawalId: w.id, amountMinor: Number(w.amount_minor) - Number(w.fee_minor), currency: w.currency, destination: w.destination as PayoutDestination },
        clock.now(),
      );
    } catch (err) {
      log.warn({ err: err instanceof PayoutUnavailableError ? err.message : err, withdrawalId: id }, 'payout gateway did not take the payout; retried later');
      return 'unanswered';
    }
    return db.transaction(async (tx) => {
      const locked = (await findWithdrawal(tx, id, true))!;
      await applyOutcome(tx, locked, record);
      return record.status === 'failed' ? 'failed' : 'sent';
    });
  }

  const service: WithdrawalsService = {
    async info(playerId) {
      const m = await money(db, playerId);
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

    async listMethods(playerId) {
      return { items: (await listActiveMethods(db, playerId)).map(toMethod), maxMethods: settings.maxMethods };
    },

    async addMethod(playerId, input) {
      if (!kindEnabled(input.kind, settings)) throw new AppError('PAYOUT_METHOD_UNAVAILABLE', 'This payout method cannot be used yet');
      const fingerprint = methodFingerprint(input);
      return db.transaction(async (tx) => {
        await lockPlayerWithdrawals(tx, playerId);
        // Saving the same destination again returns the saved one (a retried form submit).
        const same = await findActiveMethodByFingerprint(tx, playerId, fingerprint);
        if (same) return toMethod(same);
        if ((await listActiveMethods(tx, playerId)).length >= settings.maxMethods) {
          throw new AppError('PAYOUT_METHOD_LIMIT', `You can keep at most ${settings.maxMethods} payout methods. Remove one first.`);
        }
        const details: PayoutDestination =
          input.kind === 'upi'
            ? { kind: 'upi', vpa: input.vpa }
            : input.kind === 'bank'
              ? { kind: 'bank', accountHolder: input.accountHolder, accountNumber: input.accountNumber, ifsc: input.ifsc }
              : { kind: 'usdt', address: input.address };
        const row = await insertMethod(tx, {
          id: prefixedId('pm', 9),
          player_id: playerId,
          kind: input.kind,
          details,
          summary: methodSummary(input),
          fingerprint,
          created_at: clock.now(),
        });
        return toMethod(row ?? (await findActiveMethodByFingerprint(tx, playerId, fingerprint))!);
      });
    },

    async removeMethod(playerId, methodId) {
      if (!(await removeMethod(db, playerId, methodId, clock.now()))) throw new AppError('PAYOUT_METHOD_NOT_FOUND', 'No such payout method');
      return service.listMethods(playerId);
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
          const m = await money(tx, playerId);
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
          });
          await ensureAccounts(tx, playerId);
          const hold = await postTransfer(tx, {
            idempotencyKey: ledgerKey.hold(created.id),
            kind: 'withdrawal_hold',
            reference: created.id,
            metadata: { actor: 'player', playerId },
            entries: [
              { accountCode: main(playerId), amountMinor: -input.amountMinor },
              { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: input.amountMinor },
            ],
          });
          await recordEvent(tx, { withdrawalId: created.id, from: null, to: 'requested', actor: 'player', operatorId: null, transferId: hold.id, detail: {}, now });
          // Auto-payout needs two approvals never; above the second-approval amount a person looks.
          const auto = reasons.length === 0 && created.approvals_required === 1;
          return move(tx, created, auto ? 'auto_approved' : 'review_needed', { actor: 'system' }, {}, { detail: { reasons } });
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
        if (!w || Number(w.player_id) !== playerId) throw notFound();
        if (w.status === 'cancelled') return w;
        if (!nextWithdrawal(w.status, 'player_cancelled', clock.now())) throw stateConflict(w);
        const transfer = await returnHold(tx, w, 'withdrawal_release', { actor: 'player', playerId, outcome: 'cancelled' });
        return move(tx, w, 'player_cancelled', { actor: 'player' }, {}, { transferId: transfer.id });
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
      if (!w || Number(w.player_id) !== playerId) throw notFound();
      return toWithdrawal(w);
    },

    async listForReview(query = {}) {
      const limit = Math.min(Math.max(1, query.limit ?? REVIEW_PAGE_DEFAULT), REVIEW_PAGE_MAX);
      const rows = await listInReview(db, query.cursor ?? null, limit + 1);
      const page = rows.slice(0, limit);
      const approvals = await listApprovals(db, page.map((r) => r.id));
      return {
        items: page.map((w) => reviewItem(w, approvals.filter((a) => a.withdrawal_id === w.id))),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async getForReview(withdrawalId) {
      const w = await findWithdrawal(db, withdrawalId);
      if (!w) throw notFound();
      return reviewItem(w, await approvalsOf(db, w));
    },

    async approve({ withdrawalId, operatorId, note }): Promise<ApproveWithdrawalResult> {
      return db.transaction(async (tx) => {
        const w = await findWithdrawal(tx, withdrawalId, true);
        if (!w) throw notFound();
        if (w.status !== 'review') throw stateConflict(w);
        const before = await approvalsOf(tx, w);
        if (before.some((a) => a.operator_id === operatorId)) {
          throw new AppError('SECOND_APPROVAL_SAME_OPERATOR', 'You already approved this withdrawal; a second operator must approve it');
        }
        const now = clock.now();
        // The primary key (withdrawal, operator) is the database's own guard for the rule above.
        await insertApproval(tx, { withdrawal_id: w.id, operator_id: operatorId, note, created_at: now });
        const approvals = [...before, { withdrawal_id: w.id, operator_id: operatorId, note, created_at: now }];
        if (approvals.length < w.approvals_required) {
          await recordEvent(tx, { withdrawalId: w.id, from: w.status, to: w.status, actor: 'operator', operatorId, transferId: null, detail: { approval: approvals.length, note }, now });
          return { status: 'awaiting_second_approval' as const, withdrawal: reviewItem(w, approvals) };
        }
        const row = await move(tx, w, 'operator_approved', { actor: 'operator', operatorId }, {}, { detail: { note, approvedBy: approvals.map((a) => a.operator_id) } });
        return { status: 'approved' as const, withdrawal: reviewItem(row, approvals) };
      });
    },

    async reject({ withdrawalId, operatorId, note }) {
      // The note is the reason the player reads; the console validates it too (WithdrawalRejectReasonSchema).
      if (note.trim() === '') throw new AppError('VALIDATION_FAILED', 'Write the reason the player will read', [{ path: 'note', message: 'Required' }]);
      return db.transaction(async (tx) => {
        const w = await findWithdrawal(tx, withdrawalId, true);
        if (!w) throw notFound();
        if (!nextWithdrawal(w.status, 'operator_rejected', clock.now())) throw stateConflict(w);
        const transfer = await returnHold(tx, w, 'withdrawal_release', { actor: 'operator', operatorId, outcome: 'rejected', reason: note });
        const row = await move(tx, w, 'operator_rejected', { actor: 'operator', operatorId }, { rejection_reason: note }, { transferId: transfer.id, detail: { note } });
        return reviewItem(row, await approvalsOf(tx, row));
      });
    },

    listForPlayer: (playerId, query) => service.list(playerId, query),

    async handlePayoutEvent(event: PayoutCallbackEvent) {
      return db.transaction(async (tx) => {
        const fresh = await insertCallbackEvent(tx, { eventId: event.eventId, gateway: payouts.name, withdrawalId: event.withdrawalId, payload: event, now: clock.now() });
        if (!fresh) return { outcome: 'duplicate' as const };
        const w = await findWithdrawal(tx, event.withdrawalId, true);
        // Refused, not parked: we create every payout ourselves, by our own id, so an unknown id
        // is not a race but a wrong sender or a bug; the rollback keeps no trace of the event.
        if (!w) throw new AppError('PAYOUT_NOT_FOUND', `No withdrawal ${event.withdrawalId} was sent for payout`);
        const netMinor = Number(w.amount_minor) - Number(w.fee_minor);
        if (event.status === 'paid' && event.amountMinor !== netMinor) {
          // Never guess with money: a person must look (the event is kept with this outcome).
          log.error({ event, withdrawalId: w.id, netMinor }, 'payout callback amount does not match the withdrawal');
          await settleCallbackEvent(tx, event.eventId, 'ignored:amount_mismatch');
          return { outcome: 'ignored' as const };
        }
        const applied = await applyOutcome(tx, w, { ...event, eventId: event.eventId });
        await settleCallbackEvent(tx, event.eventId, applied ? 'applied' : `ignored:${w.status}`);
        return { outcome: applied ? ('applied' as const) : ('ignored' as const) };
      });
    },

    async sendApproved(limit = 20): Promise<SendReport> {
      const report: SendReport = { sent: 0, failed: 0, unanswered: 0 };
      for (const id of await listApprovedIds(db, limit)) {
        const outcome = await sendOne(id);
        if (outcome === 'sent') report.sent++;
        else if (outcome === 'failed') report.failed++;
        else if (outcome === 'unanswered') report.unanswered++;
      }
      return report;
    },
  };
  return service;
}

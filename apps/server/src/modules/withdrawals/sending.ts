import type { PayoutCallbackEvent } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { PayoutUnavailableError, type PayoutGateway, type PayoutRecord } from '../payouts';
import { netMinor, type WithdrawalMoney } from './money';
import { findWithdrawal, insertCallbackEvent, listApprovals, listApprovedIds, setPayoutRef, settleCallbackEvent, type WithdrawalChange, type WithdrawalRow } from './repo';
import type { WithdrawalSteps } from './steps';
import type { SendReport } from './types';

export type SendingDeps = { db: Db; clock: Clock; payouts: PayoutGateway; log: FastifyBaseLogger };

/**
 * Approved withdrawals to the payout gateway, and what the gateway says back (the answer to a
 * send, or a callback): paid settles the hold, failed returns it, reversed gives a paid payout back.
 */
export function createSending(deps: SendingDeps, steps: WithdrawalSteps, money: WithdrawalMoney) {
  const { db, clock, payouts, log } = deps;
  const { applyStep, allows } = steps;

  /**
   * Applies a gateway outcome (from a callback, or from the answer to a send) to a locked
   * withdrawal. Returns false when the outcome does not apply to its state (already applied).
   */
  async function applyOutcome(tx: Queryable, w: WithdrawalRow, o: { status: PayoutRecord['status']; payoutRef: string; reference: string | null; failureReason: string | null; eventId?: string }) {
    const detail = { payoutRef: o.payoutRef, reference: o.reference, eventId: o.eventId ?? null, reason: o.failureReason };
    const meta = { actor: 'gateway', gateway: payouts.name, payoutRef: o.payoutRef };
    const ref: WithdrawalChange = w.payout_ref === null ? { payout_ref: o.payoutRef } : {};
    if (o.status === 'paid') {
      if (!allows(w, 'gateway_paid')) return false;
      const approvals = await listApprovals(tx, [w.id]);
      const transfer = await money.settlePaid(tx, w, { ...meta, approvedBy: approvals.map((a) => a.operator_id) });
      await applyStep(tx, w, 'gateway_paid', { actor: 'gateway' }, { ...ref, payout_reference: o.reference }, { transferId: transfer.id, detail });
      return true;
    }
    if (o.status === 'failed' || o.status === 'reversed') {
      const reason = o.failureReason ?? (o.status === 'reversed' ? 'Returned by the bank' : 'The payout failed');
      if (w.status === 'paid') {
        const transfer = await money.reversePaid(tx, w, { ...meta, reason });
        await applyStep(tx, w, 'gateway_reversed', { actor: 'gateway' }, { failure_reason: reason }, { transferId: transfer.id, detail });
        return true;
      }
      if (!allows(w, 'gateway_failed')) return false;
      const transfer = await money.returnHold(tx, w, 'withdrawal_failed', { ...meta, reason });
      await applyStep(tx, w, 'gateway_failed', { actor: 'gateway' }, { ...ref, failure_reason: reason }, { transferId: transfer.id, detail });
      return true;
    }
    // processing: the gateway took it.
    if (w.status === 'approved') {
      await applyStep(tx, w, 'sent', { actor: 'system' }, ref, { detail });
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
      record = await payouts.createPayout({ withdrawalId: w.id, amountMinor: netMinor(w), currency: w.currency, destination: w.destination }, clock.now());
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

  return {
    sendOne,

    async handlePayoutEvent(event: PayoutCallbackEvent) {
      return db.transaction(async (tx) => {
        const fresh = await insertCallbackEvent(tx, { eventId: event.eventId, gateway: payouts.name, withdrawalId: event.withdrawalId, payload: event, now: clock.now() });
        if (!fresh) return { outcome: 'duplicate' as const };
        const w = await findWithdrawal(tx, event.withdrawalId, true);
        // Refused, not parked: we create every payout ourselves, by our own id, so an unknown id
        // is not a race but a wrong sender or a bug; the rollback keeps no trace of the event.
        if (!w) throw new AppError('PAYOUT_NOT_FOUND', `No withdrawal ${event.withdrawalId} was sent for payout`);
        if (event.status === 'paid' && event.amountMinor !== netMinor(w)) {
          // Never guess with money: a person must look (the event is kept with this outcome).
          log.error({ event, withdrawalId: w.id, netMinor: netMinor(w) }, 'payout callback amount does not match the withdrawal');
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
}

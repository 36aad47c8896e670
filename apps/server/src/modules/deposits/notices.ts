import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import {
  GatewayUnavailableError,
  insertGatewayEvent,
  listParkedEvents,
  lockGatewayEvent,
  settleGatewayEvent,
  type GatewayEventSource,
  type GatewayNotice,
  type GatewayPayment,
  type UpiGateway,
} from '../payments';
import { step } from './deposit-machine';
import type { SafetyService } from '../safety';
import { paymentWindowPassed, type DepositSettings } from './deposit-rules';
import type { ApplyStep } from './order-steps';
import {
  adoptGatewayRef,
  listOrdersToReconcile,
  lockDeposit,
  markReconciled,
  recordStep,
  refsWithoutOrder,
  utrTakenElsewhere,
  type DepositChange,
} from './repo';

type NoticeOutcome = 'applied' | 'ignored' | 'parked';

/** What one reconciliation pass did (logged, and returned to the caller). */
export type ReconcileReport = {
  parkedRetried: number;
  ordersChecked: number;
  applied: number;
  /** Paid gateway payments that no order could be found for: money to return or investigate. */
  unmatchedPaid: string[];
};

export type GatewayNoticesDeps = {
  db: Db;
  clock: Clock;
  gateway: UpiGateway;
  settings: DepositSettings;
  log: FastifyBaseLogger;
  applyStep: ApplyStep;
  safety: Pick<SafetyService, 'depositReleased'>;
};

/**
 * What the UPI gateway says about payments, applied to orders: its notices (webhook), notices
 * parked until their order carries the payment, and reconciliation by asking the gateway.
 */
export function createGatewayNotices(deps: GatewayNoticesDeps) {
  const { db, clock, gateway, settings, applyStep } = deps;

  /** Calls the gateway; null when it fails (logged), so a sweep carries on with the next item. */
  async function askGateway<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      deps.log.warn({ err: err instanceof GatewayUnavailableError ? err.message : err }, 'gateway query failed');
      return null;
    }
  }

  /**
   * A verified gateway notice. Each notice id is processed once; a paid notice credits the
   * order exactly once however often and in whatever order it arrives. A notice for a payment
   * no order carries yet is parked, not dropped: a redelivery, the order's creation and
   * reconciliation each try it again (docs/decisions/047).
   */
  async function handleGatewayEvent(
    notice: GatewayNotice,
    source: GatewayEventSource = 'webhook',
  ): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' | 'parked' }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const fresh = await insertGatewayEvent(tx, {
        eventId: notice.eventId,
        gateway: gateway.name,
        gatewayRef: notice.gatewayRef,
        merchantOrderId: notice.merchantOrderId ?? null,
        payload: notice,
        source,
        now,
      });
      // A processed notice is a duplicate; a parked one is tried again.
      if (!fresh && (await lockGatewayEvent(tx, notice.eventId))?.state !== 'parked') return { outcome: 'duplicate' as const };
      const result = await applyNotice(tx, notice, now);
      await settleGatewayEvent(tx, notice.eventId, { parked: result.outcome === 'parked', outcome: result.note ?? result.outcome, orderId: result.orderId, retried: !fresh }, now);
      return { outcome: result.outcome };
    });
  }

  /**
   * Releases the share of the player's deposit limits that a cancelled or expired order held,
   * once it can no longer be paid (the gateway closed its payment, or its window has passed),
   * and writes why in the order's history. Nothing happens to an order paid in the meantime.
   */
  async function releaseShare(orderId: string, reason: 'gateway_closed' | 'payment_window_passed'): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await lockDeposit(tx, { id: orderId });
      if (!order || (order.status !== 'cancelled' && order.status !== 'expired')) return;
      if (await deps.safety.depositReleased(tx, order.id)) {
        await recordStep(tx, order, order.status, 'system', clock.now(), {}, { limitShareReleased: reason });
      }
    });
  }

  /**
   * Asks the gateway to close the payment of an order that was cancelled or expired, so that it
   * can no longer be paid, and releases the order's share of the deposit limits once it has
   * confirmed (decision 390). A gateway without a close call, or one that fails or answers that
   * the payment was made, leaves the share held: reconciliation releases it after the payment
   * window, and a payment's notice credits the order.
   */
  async function closeAtGateway(orderId: string): Promise<void> {
    const close = gateway.closePayment?.bind(gateway);
    if (!close) return;
    const outcome = await askGateway(() => close(orderId, clock.now()));
    if (outcome === 'closed') await releaseShare(orderId, 'gateway_closed');
  }

  /** Retries parked notices about one payment or order; true when any of them was applied. */
  async function applyParked(about: { gatewayRef: string; orderId: string }): Promise<boolean> {
    let applied = false;
    for (const parked of await listParkedEvents(db, 20, about)) {
      const { outcome } = await handleGatewayEvent(parked.payload as GatewayNotice, parked.source);
      applied ||= outcome === 'applied';
    }
    return applied;
  }

  /**
   * Applies one notice to its order, found by payment reference or else by our order id (the
   * merchant order id). Never throws a state conflict: a notice that cannot move the order is
   * recorded with the reason, and money that may have moved always reaches a person.
   */
  async function applyNotice(tx: Queryable, n: GatewayNotice, now: Date): Promise<{ outcome: NoticeOutcome; orderId: string | null; note?: string }> {
    let order = await lockDeposit(tx, { gatewayRef: n.gatewayRef });
    if (!order && n.merchantOrderId) order = await lockDeposit(tx, { id: n.merchantOrderId });
    if (!order) {
      deps.log.warn({ notice: n }, 'gateway notice for a payment no order carries yet: parked');
      return { outcome: 'parked', orderId: null };
    }
    const done = (outcome: NoticeOutcome, note?: string) => ({ outcome, orderId: order.id, note });
    // A payment opened but never recorded (crash) becomes the order's payment now.
    const adopt: DepositChange = order.gateway_ref === null ? { gateway_ref: n.gatewayRef } : {};
    const samePayment = order.gateway_ref === null || order.gateway_ref === n.gatewayRef;
    const detail = { gatewayRef: n.gatewayRef, eventId: n.eventId, reportedAmountMinor: n.amountMinor, utr: n.utr };

    if (n.status === 'declined') {
      // Another payment's decline says nothing about the one this order waits for.
      if (!samePayment) return done('ignored', 'other_payment_declined');
      if (!step(order.status, 'gateway_declined')) {
        if (order.gateway_ref === null) await adoptGatewayRef(tx, order.id, n.gatewayRef, now);
        return done('ignored');
      }
      await applyStep(tx, order, 'gateway_declined', 'gateway', now, { failure_reason: 'declined_by_payer', ...adopt });
      return done('applied');
    }

    if (order.status === 'succeeded') {
      if (samePayment || order.gateway_utr === n.utr) return done('ignored');
      // A second payment for an order already credited (possible only for payments opened
      // before they were idempotent): the money must be returned by hand.
      deps.log.error({ notice: n, orderId: order.id }, 'second paid gateway payment for a credited order');
      return done('ignored', 'second_payment_for_credited_order');
    }
    const utrClash = n.utr !== null && (await utrTakenElsewhere(tx, n.utr, order.id));
    const utrChange: DepositChange = n.utr !== null && !utrClash && order.gateway_utr === null ? { gateway_utr: n.utr } : {};
    if (order.status === 'failed') {
      // Paid after declined (or after an operator rejected it): money may have moved.
      deps.log.error({ notice: n, orderId: order.id }, 'gateway reports paid for a failed order: review');
      await applyStep(tx, order, 'paid_after_failure', 'gateway', now, { review_reason: 'paid_after_failure', ...utrChange, ...adopt }, detail);
      return done('applied');
    }
    if (n.amountMinor !== order.amount_minor || utrClash || n.utr === null) {
      // Money may have moved but the facts disagree: never guess, ask a person.
      deps.log.error({ notice: n, orderId: order.id }, 'gateway payment needs review');
      const reason = utrClash ? 'utr_reused' : n.utr === null ? 'utr_missing' : 'amount_mismatch';
      if (step(order.status, 'review_needed')) {
        await applyStep(tx, order, 'review_needed', 'gateway', now, { review_reason: reason, ...utrChange, ...adopt }, detail);
      } else {
        // The order already waits for a person: only the reason changes, audited like a step.
        await recordStep(tx, order, order.status, 'gateway', now, { review_reason: 'gateway_mismatch' }, { ...detail, reason });
      }
      return done('applied');
    }
    await applyStep(tx, order, 'gateway_paid', 'gateway', now, { gateway_utr: n.utr, ...adopt }, samePayment ? {} : detail);
    return done('applied');
  }

  /**
   * Asks the gateway about what may have been missed, and applies what it says through the
   * same path as a webhook: parked notices are retried; orders past their expiry without
   * payment (open, or expired/cancelled within the lookback window) are looked up by our order
   * id; paid payments that no order carries are matched by merchant order id, and reported when
   * none matches. A plain function: the caller schedules it (docs/decisions/048).
   */
  async function reconcile(now: Date = clock.now(), limit = 100): Promise<ReconcileReport> {
    const report: ReconcileReport = { parkedRetried: 0, ordersChecked: 0, applied: 0, unmatchedPaid: [] };
    const count = (outcome: string) => {
      if (outcome === 'applied') report.applied++;
    };
    for (const parked of await listParkedEvents(db, limit)) {
      report.parkedRetried++;
      count((await handleGatewayEvent(parked.payload as GatewayNotice, parked.source)).outcome);
    }

    const minute = 60_000;
    const lookbackFrom = new Date(now.getTime() - settings.reconcile.lookbackMinutes * minute);
    const askedBefore = new Date(now.getTime() - settings.reconcile.recheckMinutes * minute);
    for (const order of await listOrdersToReconcile(db, now, lookbackFrom, askedBefore, limit)) {
      const payment = await askGateway(() => gateway.lookupOrder(order.id));
      if (payment === null) continue; // the gateway did not answer: ask again next pass
      report.ordersChecked++;
      await markReconciled(db, order.id, now);
      // Unpaid, and the gateway's window for paying it has passed: its share of the player's
      // deposit limits is released (decision 390). A paid one is credited below instead.
      if (payment?.status !== 'paid' && paymentWindowPassed({ status: order.status, expiresAt: order.expires_at }, settings, now)) {
        await releaseShare(order.id, 'payment_window_passed');
      }
      if (!payment) continue;
      if (payment.status === 'pending') {
        if (order.gateway_ref === null) await adoptGatewayRef(db, order.id, payment.gatewayRef, now);
        continue;
      }
      count((await handleGatewayEvent(noticeOf(payment), 'reconcile')).outcome);
    }

    const paid = (await askGateway(() => gateway.listPaidSince(lookbackFrom, limit))) ?? [];
    const orphans = await refsWithoutOrder(db, paid.map((p) => p.gatewayRef));
    for (const payment of paid.filter((p) => orphans.includes(p.gatewayRef))) {
      const { outcome } = await handleGatewayEvent(noticeOf(payment), 'reconcile');
      count(outcome);
      if (outcome === 'parked') report.unmatchedPaid.push(payment.gatewayRef);
    }
    if (report.unmatchedPaid.length > 0) {
      deps.log.error({ refs: report.unmatchedPaid }, 'paid gateway payments without an order');
    }
    return report;
  }

  return { askGateway, handleGatewayEvent, applyParked, reconcile, closeAtGateway };
}

/** A gateway's record as a notice; its id is stable, so repeated passes are duplicates. */
function noticeOf(p: GatewayPayment): GatewayNotice {
  return {
    eventId: `rcn_${p.gatewayRef}_${p.status}`,
    gatewayRef: p.gatewayRef,
    merchantOrderId: p.merchantOrderId,
    status: p.status === 'paid' ? 'paid' : 'declined',
    amountMinor: p.amountMinor,
    utr: p.utr,
  };
}

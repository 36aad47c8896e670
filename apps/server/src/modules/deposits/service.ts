import { createHash } from 'node:crypto';
import type { CreateRechargeInput, DepositInfo, DepositsPage, DepositsQuery } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, postTransfer } from '../ledger';
import type { EventRecorder } from '../../events';
import type { SafetyService } from '../safety';
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
import { nextDepositStatus, type DepositEvent } from './deposit-machine';
import { minorToDecimal } from '@colorplay/contract';
import { amountAllowed, type DepositSettings } from './deposit-rules';
import {
  adoptGatewayRef,
  findDeposit,
  listAwaitingReview,
  listDueForExpiry,
  listOrdersToReconcile,
  markReconciled,
  refsWithoutOrder,
  findDepositByKey,
  insertDeposit,
  listDeposits,
  lockDeposit,
  recordTransition,
  toDeposit,
  utrTakenElsewhere,
  type DepositChange,
  type DepositRow,
} from './repo';

export type DepositsDeps = {
  db: Db;
  clock: Clock;
  gateway: UpiGateway;
  settings: DepositSettings;
  log: FastifyBaseLogger;
  /** Outcomes are recorded as domain events in the order's transaction; the inbox subscribes. */
  events: EventRecorder;
  /** The USDT channel's limits when it is on (its orders live in the usdt-deposits module). */
  usdtChannel?: { minMinor: number; maxMinor: number } | undefined;
  /** Responsible gambling: breaks, exclusion and deposit limits, checked in the order's transaction. */
  safety: Pick<SafetyService, 'checkDeposit' | 'depositReleased' | 'depositCredited'>;
};
type Actor = 'player' | 'gateway' | 'system' | 'operator';
type NoticeOutcome = 'applied' | 'ignored' | 'parked';

/** What one reconciliation pass did (logged, and returned to the caller). */
export type ReconcileReport = {
  parkedRetried: number;
  ordersChecked: number;
  applied: number;
  /** Paid gateway payments that no order could be found for: money to return or investigate. */
  unmatchedPaid: string[];
};

const notFound = () => new AppError('DEPOSIT_NOT_FOUND', 'No such recharge order');

export function createDepositsService(deps: DepositsDeps) {
  const { db, clock, gateway, settings } = deps;
  const view = (r: DepositRow) => toDeposit(r, settings);

  /** Applies one state-machine event to a locked order, or refuses with a clear conflict. */
  async function transition(tx: Queryable, order: DepositRow, event: DepositEvent, actor: Actor, now: Date, change: DepositChange = {}, detail = {}) {
    const to = nextDepositStatus(order.status, event);
    if (!to) {
      throw new AppError('DEPOSIT_STATE_CONFLICT', `This order is ${order.status.replace('_', ' ')} and cannot be changed that way`);
    }
    if (to === 'succeeded') return credit(tx, order, actor, now, change, detail);
    const next = await recordTransition(tx, order, to, actor, now, change, detail);
    // An order that ends unpaid stops counting toward the player's deposit limits.
    if (to === 'failed' || to === 'expired' || to === 'cancelled') await deps.safety.depositReleased(tx, order.id);
    if (to === 'failed') {
      await deps.events.record(tx, 'DepositFailed', { ...eventFacts(order), reason: next.failure_reason });
    } else if (to === 'expired') {
      await deps.events.record(tx, 'DepositExpired', eventFacts(order));
    }
    return next;
  }

  /**
   * Credits the player in the same database transaction as the move to succeeded. The ledger
   * key is the order id, so even a bug that tried twice could not credit twice.
   */
  async function credit(tx: Queryable, order: DepositRow, actor: Actor, now: Date, change: DepositChange, detail: Record<string, unknown>) {
    const main = accountCodes.playerMain(order.player_id);
    await ensureAccount(tx, { code: main, kind: 'player', owner: order.player_id, currency: order.currency });
    await ensureAccount(tx, { code: HOUSE_ACCOUNTS.deposits, kind: 'house', currency: order.currency });
    const transfer = await postTransfer(tx, {
      idempotencyKey: `deposit:${order.id}`,
      kind: 'deposit',
      reference: order.id,
      // An operator's approval names the operator on the money movement itself (docs/admin.md).
      metadata: { channel: order.channel, actor, ...(typeof detail.operatorId === 'number' ? { operatorId: detail.operatorId } : {}) },
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -order.amount_minor },
        { accountCode: main, amountMinor: order.amount_minor },
      ],
    });
    const next = await recordTransition(tx, order, 'succeeded', actor, now, { ...change, transfer_id: transfer.id, completed_at: now }, detail);
    // Paid money is the player's: credited even past a limit lowered since, and counted toward it.
    await deps.safety.depositCredited(tx, order.id);
    await deps.events.record(tx, 'DepositSucceeded', { ...eventFacts(order), transferId: transfer.id });
    return next;
  }

  async function lockOwned(tx: Queryable, playerId: number, orderId: string) {
    const order = await lockDeposit(tx, { id: orderId });
    if (!order || order.player_id !== playerId) throw notFound();
    return order;
  }

  /** Calls the gateway; null when it fails (logged), so a sweep carries on with the next item. */
  async function askGateway<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      deps.log.warn({ err: err instanceof GatewayUnavailableError ? err.message : err }, 'gateway query failed');
      return null;
    }
  }

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
      if (!nextDepositStatus(order.status, 'gateway_declined')) {
        if (order.gateway_ref === null) await adoptGatewayRef(tx, order.id, n.gatewayRef, now);
        return done('ignored');
      }
      await transition(tx, order, 'gateway_declined', 'gateway', now, { failure_reason: 'declined_by_payer', ...adopt });
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
      await transition(tx, order, 'paid_after_failure', 'gateway', now, { review_reason: 'paid_after_failure', ...utrChange, ...adopt }, detail);
      return done('applied');
    }
    if (n.amountMinor !== order.amount_minor || utrClash || n.utr === null) {
      // Money may have moved but the facts disagree: never guess, ask a person.
      deps.log.error({ notice: n, orderId: order.id }, 'gateway payment needs review');
      const reason = utrClash ? 'utr_reused' : n.utr === null ? 'utr_missing' : 'amount_mismatch';
      if (nextDepositStatus(order.status, 'review_needed')) {
        await transition(tx, order, 'review_needed', 'gateway', now, { review_reason: reason, ...utrChange, ...adopt }, detail);
      } else {
        // The order already waits for a person: only the reason changes, audited like a move.
        await recordTransition(tx, order, order.status, 'gateway', now, { review_reason: 'gateway_mismatch' }, { ...detail, reason });
      }
      return done('applied');
    }
    await transition(tx, order, 'gateway_paid', 'gateway', now, { gateway_utr: n.utr, ...adopt }, samePayment ? {} : detail);
    return done('applied');
  }

  return {
    info(): DepositInfo {
      return {
        currency: settings.currency,
        expiryMinutes: settings.expiryMinutes,
        sandbox: gateway.sandbox,
        channels: [
          { channel: 'upi', enabled: true, ...settings.upi },
          // USDT orders are the usdt-deposits module's; listed here so the recharge page shows the channel.
          deps.usdtChannel
            ? { channel: 'usdt', enabled: true, ...deps.usdtChannel, presetsMinor: settings.upi.presetsMinor }
            : { channel: 'usdt', enabled: false, minMinor: 0, maxMinor: 0, presetsMinor: [] },
        ],
      };
    },

    /**
     * Creates an order and opens the gateway payment. Retrying with the same idempotency key
     * returns the same order; the same key with another amount is a conflict.
     */
    async createRecharge(playerId: number, input: CreateRechargeInput) {
      if (!amountAllowed(settings, input.channel, input.amountMinor)) {
        const message = `Recharge between ₹${minorToDecimal(settings.upi.minMinor)} and ₹${minorToDecimal(settings.upi.maxMinor)}`;
        throw new AppError('AMOUNT_OUT_OF_RANGE', message, [{ path: 'amountMinor', message }]);
      }
      const requestHash = createHash('sha256').update(`${input.channel}:${input.amountMinor}`).digest('hex');
      const now = clock.now();
      // The order and its count toward the player's deposit limits commit together, under the
      // player's controls lock: two orders at once cannot both pass a limit (decision 210).
      let order =
        (await db.transaction(async (tx) => {
          const id = prefixedId('dep', 9);
          const inserted = await insertDeposit(tx, {
          id,
          player_id: playerId,
          channel: input.channel,
          amount_minor: input.amountMinor,
          currency: settings.currency,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash,
          payee_vpa: settings.payeeVpa,
          gateway: gateway.name,
          created_at: now,
          expires_at: new Date(now.getTime() + settings.expiryMinutes * 60_000),
          });
          // A retry with the same key finds its order below and is not checked again.
          if (inserted) await deps.safety.checkDeposit(tx, { playerId, orderRef: inserted.id, amountMinor: input.amountMinor });
          return inserted;
        })) ?? (await findDepositByKey(db, playerId, input.idempotencyKey))!;
      if (order.request_hash !== requestHash) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 'This request key was already used for a different recharge');
      }
      if (order.status !== 'created') return view(order);
      // The gateway call happens outside any transaction: a slow provider must not hold locks.
      // At most one payment per order comes from the gateway's idempotency by our order id (the
      // merchant order id): concurrent retries, and a retry after a crash between this call and
      // the write below, all get the same payment (docs/decisions/046).
      let opened: { gatewayRef: string; paymentUrl: string | null };
      try {
        opened = await gateway.createPayment(
          { orderId: order.id, amountMinor: order.amount_minor, payeeVpa: order.payee_vpa, expiresAt: order.expires_at },
          now,
        );
      } catch (err) {
        deps.log.error({ err, orderId: order.id }, 'the gateway did not open a payment');
        throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'The payment service is not answering. Try again in a moment.');
      }
      const createdId = order.id;
      order = await db.transaction(async (tx) => {
        const locked = (await lockDeposit(tx, { id: createdId }))!;
        if (locked.status !== 'created') {
          // A concurrent retry opened it first, or the gateway's notice already settled it.
          if (locked.gateway_ref === null) await adoptGatewayRef(tx, locked.id, opened.gatewayRef, clock.now());
          return locked;
        }
        return transition(tx, locked, 'opened', 'system', clock.now(), { gateway_ref: opened.gatewayRef, payment_url: opened.paymentUrl });
      });
      // Notices that arrived before the order carried this payment are applied now.
      if (await applyParked({ gatewayRef: opened.gatewayRef, orderId: order.id })) order = (await findDeposit(db, order.id))!;
      return view(order);
    },

    async get(playerId: number, orderId: string) {
      const order = await findDeposit(db, orderId);
      if (!order || order.player_id !== playerId) throw notFound();
      return view(order);
    },

    async list(playerId: number, query: DepositsQuery): Promise<DepositsPage> {
      const rows = await listDeposits(db, playerId, query);
      const items = rows.slice(0, query.limit).map(view);
      return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
    },

    /**
     * The player says they paid and gives the bank's UTR. If the gateway reports the same UTR
     * for this payment the order completes at once; otherwise it waits for review.
     */
    async submitUtr(playerId: number, orderId: string, utr: string) {
      const probe = await findDeposit(db, orderId);
      if (!probe || probe.player_id !== playerId) throw notFound();
      const report = await askGateway(() => (probe.gateway_ref ? gateway.lookupPayment(probe.gateway_ref) : gateway.lookupOrder(probe.id)));
      const now = clock.now();
      try {
        const order = await db.transaction(async (tx) => {
          const locked = await lockOwned(tx, playerId, orderId);
          // A retry, or the UTR the gateway already reported for this order: the order as it is.
          const known = locked.utr === utr || locked.gateway_utr === utr;
          if (known && (locked.status === 'utr_submitted' || locked.status === 'succeeded')) return locked;
          if (await utrTakenElsewhere(tx, utr, locked.id)) throw utrUsed();
          const confirmed = report?.status === 'paid' && report.utr === utr && report.amountMinor === locked.amount_minor;
          if (confirmed && locked.status === 'pending_payment') {
            return transition(tx, locked, 'gateway_paid', 'player', now, { utr, gateway_utr: utr }, { matchedGateway: true });
          }
          return transition(tx, locked, 'utr_submitted', 'player', now, { utr, review_reason: 'utr_not_confirmed_by_gateway' });
        });
        return view(order);
      } catch (err) {
        if (isUniqueViolation(err)) throw utrUsed();
        throw err;
      }
    },

    async cancel(playerId: number, orderId: string) {
      const order = await db.transaction(async (tx) => {
        const locked = await lockOwned(tx, playerId, orderId);
        if (locked.status === 'cancelled') return locked;
        return transition(tx, locked, 'player_cancelled', 'player', clock.now());
      });
      return view(order);
    },

    /**
     * A verified gateway notice. Each notice id is processed once; a paid notice credits the
     * order exactly once however often and in whatever order it arrives. A notice for a payment
     * no order carries yet is parked, not dropped: a redelivery, the order's creation and
     * reconciliation each try it again (docs/decisions/047).
     */
    handleGatewayEvent,

    /**
     * Asks the gateway about what may have been missed, and applies what it says through the
     * same path as a webhook: parked notices are retried; orders past their expiry without
     * payment (open, or expired/cancelled within the lookback window) are looked up by our order
     * id; paid payments that no order carries are matched by merchant order id, and reported when
     * none matches. A plain function: the caller schedules it (docs/decisions/048).
     */
    async reconcile(now: Date = clock.now(), limit = 100): Promise<ReconcileReport> {
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
    },

    /** Expires open orders past their time; safe to run on every node at once. */
    async expireDue(limit = 200): Promise<number> {
      const now = clock.now();
      let expired = 0;
      for (const id of await listDueForExpiry(db, now, limit)) {
        await db.transaction(async (tx) => {
          const order = await lockDeposit(tx, { id });
          if (order && order.expires_at <= now && nextDepositStatus(order.status, 'timed_out')) {
            await transition(tx, order, 'timed_out', 'system', now, { failure_reason: 'expired' });
            expired++;
          }
        });
      }
      return expired;
    },

    /** Orders whose UTR awaits an operator's decision. */
    async listForReview() {
      return listAwaitingReview(db);
    },

    /**
     * Operator decision on an order awaiting review (see docs/operations.md). The console passes
     * the operator's id, which the order's history and the ledger transfer then carry.
     */
    async review(orderId: string, decision: 'approve' | 'reject', note: string, operatorId?: number) {
      const detail = operatorId === undefined ? { note } : { note, operatorId };
      return db.transaction(async (tx) => {
        const order = await lockDeposit(tx, { id: orderId });
        if (!order) throw notFound();
        const now = clock.now();
        return decision === 'approve'
          ? transition(tx, order, 'operator_approved', 'operator', now, {}, detail)
          : transition(tx, order, 'operator_rejected', 'operator', now, { failure_reason: 'rejected_on_review' }, detail);
      });
    },
  };
}
export type DepositsService = ReturnType<typeof createDepositsService>;

function eventFacts(order: DepositRow) {
  return {
    orderId: order.id,
    playerId: order.player_id,
    amountMinor: order.amount_minor,
    currency: order.currency,
    channel: order.channel,
  };
}

function utrUsed() {
  return new AppError('UTR_ALREADY_USED', 'This UTR was already used for another recharge', [
    { path: 'utr', message: 'This UTR was already used for another recharge. Check the number in your UPI app.' },
  ]);
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

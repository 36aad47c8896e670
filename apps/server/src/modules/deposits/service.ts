import { createHash } from 'node:crypto';
import { minorToDecimal, type CreateRechargeInput, type DepositInfo, type DepositsPage, type DepositsQuery } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { UpiGateway } from '../payments';
import type { SafetyService } from '../safety';
import { step } from './deposit-machine';
import { amountAllowed, type DepositSettings } from './deposit-rules';
import { createGatewayNotices } from './notices';
import { createOrderSteps } from './order-steps';
import {
  adoptGatewayRef,
  creditedUpiBetween,
  settlementFactsOf,
  findDeposit,
  findDepositByKey,
  insertDeposit,
  listAwaitingReview,
  listDeposits,
  listDueForExpiry,
  lockDeposit,
  toDeposit,
  utrTakenElsewhere,
  type DepositRow,
} from './repo';

export type { ReconcileReport } from './notices';
export type { SettlementFacts } from './repo';

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
  safety: Pick<SafetyService, 'checkDeposit' | 'depositReleased' | 'depositCredited' | 'assertNotSuspended' | 'depositLimitWarning'>;
  /**
   * The first-deposit bonus's opt-in (the promotions module, given by app.ts), recorded in the
   * order's transaction: when it refuses, the order is not created either.
   */
  firstDeposit?: { optIn(tx: Queryable, c: { playerId: number; orderId: string; termsVersion: string }): Promise<void> };
};

const notFound = () => new AppError('DEPOSIT_NOT_FOUND', 'No such recharge order');

/**
 * The UPI recharge use cases, composed from the order steps (order-steps.ts, whose step to
 * succeeded credits through credit.ts) and the gateway's notices and reconciliation (notices.ts).
 */
export function createDepositsService(deps: DepositsDeps) {
  const { db, clock, gateway, settings } = deps;
  const view = (r: DepositRow) => toDeposit(r, settings);
  const { applyStep } = createOrderSteps(deps);
  const { askGateway, handleGatewayEvent, applyParked, reconcile, closeAtGateway } = createGatewayNotices({ ...deps, applyStep });

  async function lockOwned(tx: Queryable, playerId: number, orderId: string) {
    const order = await lockDeposit(tx, { id: orderId });
    if (!order || order.player_id !== playerId) throw notFound();
    return order;
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
      // The opt-in is part of the request: the same key with and without it is a conflict.
      const optIn = input.firstDepositBonus ? `:first-deposit:${input.firstDepositBonus.termsVersion}` : '';
      const requestHash = createHash('sha256').update(`${input.channel}:${input.amountMinor}${optIn}`).digest('hex');
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
          if (inserted && input.firstDepositBonus) {
            if (!deps.firstDeposit) throw new AppError('FIRST_DEPOSIT_OFFER_UNAVAILABLE', 'The first-deposit bonus is not available with this recharge', undefined, undefined, { reason: 'no_offer' });
            await deps.firstDeposit.optIn(tx, { playerId, orderId: inserted.id, termsVersion: input.firstDepositBonus.termsVersion });
          }
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
        // The sandbox gateway keeps its payments in our database: its outage is ours (503).
        if (isDatabaseUnavailable(err)) throw err;
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
        return applyStep(tx, locked, 'opened', 'system', clock.now(), { gateway_ref: opened.gatewayRef, payment_url: opened.paymentUrl });
      });
      // Notices that arrived before the order carried this payment are applied now.
      if (await applyParked({ gatewayRef: opened.gatewayRef, orderId: order.id })) order = (await findDeposit(db, order.id))!;
      // Cancelled (or expired) while its payment was being opened: that payment is closed too.
      if (order.status === 'cancelled' || order.status === 'expired') await closeAtGateway(order.id);
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
          // A suspended account's UTR waits until the suspension is lifted (decision 420); the
          // gateway's own report of the payment still credits it (the money is the player's).
          // The controls row is read after the order's lock, the order a credit takes them in.
          await deps.safety.assertNotSuspended(tx, playerId);
          // A retry, or the UTR the gateway already reported for this order: the order as it is.
          const known = locked.utr === utr || locked.gateway_utr === utr;
          if (known && (locked.status === 'utr_submitted' || locked.status === 'succeeded')) return locked;
          if (await utrTakenElsewhere(tx, utr, locked.id)) throw utrUsed();
          const confirmed = report?.status === 'paid' && report.utr === utr && report.amountMinor === locked.amount_minor;
          if (confirmed && locked.status === 'pending_payment') {
            return applyStep(tx, locked, 'gateway_paid', 'player', now, { utr, gateway_utr: utr }, { matchedGateway: true });
          }
          return applyStep(tx, locked, 'utr_submitted', 'player', now, { utr, review_reason: 'utr_not_confirmed_by_gateway' });
        });
        return view(order);
      } catch (err) {
        if (isUniqueViolation(err)) throw utrUsed();
        throw err;
      }
    },

    /**
     * The player cancels an unpaid order, then the gateway is asked to close its payment: the
     * order's share of the deposit limits is released only once it confirms (a retry asks again).
     */
    async cancel(playerId: number, orderId: string) {
      const order = await db.transaction(async (tx) => {
        const locked = await lockOwned(tx, playerId, orderId);
        if (locked.status === 'cancelled') return locked;
        return applyStep(tx, locked, 'player_cancelled', 'player', clock.now());
      });
      if (order.status !== 'cancelled') return view(order);
      await closeAtGateway(order.id);
      return view((await findDeposit(db, order.id))!);
    },

    /** A verified gateway notice, applied once (see notices.ts). */
    handleGatewayEvent,

    /** Asks the gateway about what may have been missed (see notices.ts, docs/decisions/048). */
    reconcile,

    /**
     * Expires open orders past their time, and asks the gateway to close each one's payment (its
     * share of the deposit limits is released when it confirms); safe to run on every node at once.
     */
    async expireDue(limit = 200): Promise<number> {
      const now = clock.now();
      let expired = 0;
      for (const id of await listDueForExpiry(db, now, limit)) {
        const done = await db.transaction(async (tx) => {
          const order = await lockDeposit(tx, { id });
          if (!order || order.expires_at > now || !step(order.status, 'timed_out')) return false;
          await applyStep(tx, order, 'timed_out', 'system', now, { failure_reason: 'expired' });
          return true;
        });
        if (!done) continue;
        expired++;
        await closeAtGateway(id);
      }
      return expired;
    },

    /** Reconciliation reads the orders a settlement file names, and those credited in its period. */
    settlementFactsOf: (q: Queryable, ids: string[]) => settlementFactsOf(q, ids),
    creditedUpiBetween: (q: Queryable, from: Date, to: Date) => creditedUpiBetween(q, from, to),

    /**
     * Credits an order a gateway's settlement file reports paid, on an operator's decision, in the
     * caller's transaction (reconciliation writes its work item and audit row beside it). The
     * normal credit path (the step to succeeded, ledger key `deposit:<orderId>`): an order already
     * credited is answered as it is and nothing moves twice. The file's amount must be the order's.
     */
    async creditOnSettlement(tx: Queryable, c: { orderId: string; amountMinor: number; utr: string; operatorId: number; note: string; itemId: string }) {
      const order = await lockDeposit(tx, { id: c.orderId });
      if (!order || order.channel !== 'upi') throw notFound();
      if (order.status === 'succeeded') return { order, credited: false };
      if (order.amount_minor !== c.amountMinor) {
        throw new AppError('DEPOSIT_STATE_CONFLICT', 'The settlement file reports another amount than this order: explain it instead');
      }
      // The file's UTR becomes the order's reported one unless the gateway reported one already;
      // a UTR another order carries is refused (one bank transfer never completes two orders).
      const change = order.gateway_utr === null ? { gateway_utr: c.utr } : {};
      if (order.gateway_utr === null && (await utrTakenElsewhere(tx, c.utr, order.id))) throw utrUsed();
      const detail = { note: c.note, operatorId: c.operatorId, reconItemId: c.itemId };
      return { order: await applyStep(tx, order, 'settlement_confirmed', 'operator', clock.now(), change, detail), credited: true };
    },

    /**
     * Orders whose UTR awaits an operator's decision, each with the player's deposit limits that
     * approving it (crediting the order's amount) would pass: said before the operator decides, as
     * for USDT (decision 393); the approval still credits, the money arrived.
     */
    async listForReview() {
      const orders = [];
      for (const o of await listAwaitingReview(db)) {
        orders.push({ ...o, limitWarning: await deps.safety.depositLimitWarning(db, o.player_id, o.amount_minor) });
      }
      return orders;
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
          ? applyStep(tx, order, 'operator_approved', 'operator', now, {}, detail)
          : applyStep(tx, order, 'operator_rejected', 'operator', now, { failure_reason: 'rejected_on_review' }, detail);
      });
    },
  };
}
export type DepositsService = ReturnType<typeof createDepositsService>;

function utrUsed() {
  return new AppError('UTR_ALREADY_USED', 'This UTR was already used for another recharge', [
    { path: 'utr', message: 'This UTR was already used for another recharge. Check the number in your UPI app.' },
  ]);
}

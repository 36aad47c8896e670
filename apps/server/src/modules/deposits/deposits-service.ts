import { createHash } from 'node:crypto';
import type { CreateRechargeInput, DepositInfo, DepositsPage, DepositsQuery, UpiWebhookEvent } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, postTransfer } from '../ledger';
import type { EventRecorder } from '../../events';
import type { UpiGateway } from '../payments/upi-gateway';
import { nextDepositStatus, type DepositEvent } from './deposit-machine';
import { amountAllowed, minorToDecimal, type DepositSettings } from './deposit-rules';
import {
  findDeposit,
  findDepositByKey,
  insertDeposit,
  listDeposits,
  lockDeposit,
  recordTransition,
  toDeposit,
  utrTakenElsewhere,
  type DepositChange,
  type DepositRow,
} from './deposits-repo';

export type DepositsDeps = {
  db: Db;
  clock: Clock;
  gateway: UpiGateway;
  settings: DepositSettings;
  log: FastifyBaseLogger;
  /** Outcomes are recorded as domain events in the order's transaction; the inbox subscribes. */
  events: EventRecorder;
};
type Actor = 'player' | 'gateway' | 'system' | 'operator';

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
      metadata: { channel: order.channel, actor },
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -order.amount_minor },
        { accountCode: main, amountMinor: order.amount_minor },
      ],
    });
    const next = await recordTransition(tx, order, 'succeeded', actor, now, { ...change, transfer_id: transfer.id, completed_at: now }, detail);
    await deps.events.record(tx, 'DepositSucceeded', { ...eventFacts(order), transferId: transfer.id });
    return next;
  }

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
          // USDT arrives with its own issue; listed so the client can show it as coming.
          { channel: 'usdt', enabled: false, minMinor: 0, maxMinor: 0, presetsMinor: [] },
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
      let order =
        (await insertDeposit(db, {
          id: prefixedId('dep', 9),
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
        })) ?? (await findDepositByKey(db, playerId, input.idempotencyKey))!;
      if (order.request_hash !== requestHash) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 'This request key was already used for a different recharge');
      }
      if (order.status !== 'created') return view(order);
      // The gateway call happens outside any transaction: a slow provider must not hold locks.
      const opened = await gateway.createPayment({ orderId: order.id, amountMinor: order.amount_minor, payeeVpa: order.payee_vpa }, now);
      order = await db.transaction(async (tx) => {
        const locked = (await lockDeposit(tx, { id: order.id }))!;
        if (locked.status !== 'created') return locked; // a concurrent retry opened it first
        return transition(tx, locked, 'opened', 'system', clock.now(), { gateway_ref: opened.gatewayRef, payment_url: opened.paymentUrl });
      });
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
      const report = probe.gateway_ref ? await gateway.lookupPayment(probe.gateway_ref) : undefined;
      const now = clock.now();
      try {
        const order = await db.transaction(async (tx) => {
          const locked = await lockOwned(tx, playerId, orderId);
          if (locked.utr === utr && (locked.status === 'utr_submitted' || locked.status === 'succeeded')) return locked; // a retry
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
     * A verified gateway event. Each event id is processed once; a paid event credits the order
     * exactly once however often and in whatever order it arrives.
     */
    async handleGatewayEvent(event: UpiWebhookEvent): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const fresh = await tx.query(
          `INSERT INTO payment_webhook_events (event_id, gateway, gateway_ref, payload, received_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
          [event.eventId, gateway.name, event.gatewayRef, JSON.stringify(event), now],
        );
        if (fresh.rowCount === 0) return { outcome: 'duplicate' as const };
        const order = await lockDeposit(tx, { gatewayRef: event.gatewayRef });
        if (!order) {
          deps.log.warn({ event }, 'gateway event for an unknown payment');
          return { outcome: 'ignored' as const };
        }
        if (event.status === 'declined') {
          if (!nextDepositStatus(order.status, 'gateway_declined')) return { outcome: 'ignored' as const };
          await transition(tx, order, 'gateway_declined', 'gateway', now, { failure_reason: 'declined_by_payer' });
          return { outcome: 'applied' as const };
        }
        if (order.status === 'succeeded') return { outcome: 'ignored' as const };
        const utrClash = event.utr !== null && (await utrTakenElsewhere(tx, event.utr, order.id));
        if (event.amountMinor !== order.amount_minor || utrClash || event.utr === null) {
          // Money may have moved but the facts disagree: never guess, ask a person.
          deps.log.error({ event, orderId: order.id }, 'gateway payment needs review');
          if (nextDepositStatus(order.status, 'review_needed')) {
            await transition(tx, order, 'review_needed', 'gateway', now, {
              review_reason: utrClash ? 'utr_reused' : 'amount_mismatch',
            }, { reportedAmountMinor: event.amountMinor });
          } else {
            await tx.query('UPDATE deposit_orders SET review_reason = $2, updated_at = $3 WHERE id = $1', [order.id, 'gateway_mismatch', now]);
          }
          return { outcome: 'applied' as const };
        }
        await transition(tx, order, 'gateway_paid', 'gateway', now, { gateway_utr: event.utr });
        return { outcome: 'applied' as const };
      });
    },

    /** Expires open orders past their time; safe to run on every node at once. */
    async expireDue(limit = 200): Promise<number> {
      const now = clock.now();
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM deposit_orders WHERE status IN ('created', 'pending_payment') AND expires_at <= $1
         ORDER BY expires_at LIMIT $2`,
        [now, limit],
      );
      let expired = 0;
      for (const { id } of rows) {
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
      const { rows } = await db.query<DepositRow>(`SELECT * FROM deposit_orders WHERE status = 'utr_submitted' ORDER BY updated_at`);
      return rows;
    },

    /** Operator decision on an order awaiting review (see docs/operations.md). */
    async review(orderId: string, decision: 'approve' | 'reject', note: string) {
      return db.transaction(async (tx) => {
        const order = await lockDeposit(tx, { id: orderId });
        if (!order) throw notFound();
        const now = clock.now();
        return decision === 'approve'
          ? transition(tx, order, 'operator_approved', 'operator', now, {}, { note })
          : transition(tx, order, 'operator_rejected', 'operator', now, { failure_reason: 'rejected_on_review' }, { note });
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

import { createHash } from 'node:crypto';
import { minorToDecimal, type CreateUsdtRechargeInput, type UsdtDeposit, type UsdtDepositsPage, type UsdtDepositsQuery } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import { prefixedId } from '../../lib/ids';
import { createAddressDeriver } from './addresses';
import { inrToPayableBaseUnits } from './amounts';
import { chainOrUnavailable, notFound, type UsdtDepositsDeps } from './deps';
import { step, type UsdtOrderEvent } from './order-machine';
import { RateUnavailableError } from './rate-source';
import {
  findOrder,
  findOrderByKey,
  insertOrder,
  listDueForExpiry,
  listOrders,
  lockOrder,
  nextDerivationIndex,
  transfersOfOrder,
  transfersOfOrders,
  updateOrder,
  type OrderChange,
  type UsdtOrderRow,
} from './repo';
import type { UsdtViews } from './views';

/** What the domain events of an order say about it; `amountMinor` is what was (or would be) credited. */
export const eventFacts = (order: UsdtOrderRow, amountMinor: number) => ({
  orderId: order.id,
  playerId: order.player_id,
  amountMinor,
  currency: order.currency,
  channel: 'usdt' as const,
});

/**
 * The one way a USDT order changes state: a step of the machine applied to a locked order, with
 * its count toward the deposit limits, in the caller's transaction.
 */
export function createOrderSteps(deps: Pick<UsdtDepositsDeps, 'safety'>) {
  async function applyStep(tx: Queryable, order: UsdtOrderRow, event: UsdtOrderEvent, now: Date, change: OrderChange = {}) {
    const to = step(order.status, event);
    if (!to) throw new AppError('DEPOSIT_STATE_CONFLICT', `This order is ${order.status} and cannot be changed that way`);
    // An order that ends unpaid stops counting toward deposit limits: a transfer that still
    // arrives is never credited without an operator (late_payment, paid_after_cancel), whose
    // approval counts what it credits and warns before it passes a limit (decision 393). Money
    // seen for an expired order within its time counts again until it is credited, when the
    // credit replaces the share (creditDeposit; decision 391).
    if (to === 'expired' || to === 'cancelled') await deps.safety.depositReleased(tx, order.id);
    else await deps.safety.depositRestored(tx, order.id);
    return updateOrder(tx, order.id, to, now, change);
  }
  return { applyStep };
}
export type ApplyStep = ReturnType<typeof createOrderSteps>['applyStep'];

/** A player's USDT orders: created with their own address and locked rate, listed, cancelled, expired. */
export function createOrders(deps: UsdtDepositsDeps, views: UsdtViews, applyStep: ApplyStep) {
  const { db, clock, config, rates, log } = deps;
  const derive = createAddressDeriver(config.xpub);
  const { view } = views;

  async function viewOf(q: Queryable, order: UsdtOrderRow) {
    return view(order, await transfersOfOrder(q, order.id), clock.now());
  }

  async function lockOwned(tx: Queryable, playerId: number, orderId: string) {
    const order = await lockOrder(tx, orderId);
    if (!order || order.player_id !== playerId) throw notFound();
    return order;
  }

  return {
    /**
     * Creates an order with its own address and the USDT amount at the rate of this moment.
     * Retrying with the same idempotency key returns the same order (its rate stays locked).
     */
    async createOrder(playerId: number, input: CreateUsdtRechargeInput): Promise<UsdtDeposit> {
      if (input.amountMinor < config.minMinor || input.amountMinor > config.maxMinor) {
        const message = `Recharge between ₹${minorToDecimal(config.minMinor)} and ₹${minorToDecimal(config.maxMinor)}`;
        throw new AppError('AMOUNT_OUT_OF_RANGE', message, [{ path: 'amountMinor', message }]);
      }
      const requestHash = createHash('sha256').update(`usdt:${input.amountMinor}`).digest('hex');
      const existing = await findOrderByKey(db, playerId, input.idempotencyKey);
      const sameOrConflict = async (order: UsdtOrderRow) => {
        if (order.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT', 'This request key was already used for a different recharge');
        return viewOf(db, order);
      };
      if (existing) return sameOrConflict(existing);

      let rateMinor: number;
      try {
        rateMinor = await rates.currentRateMinor();
      } catch (err) {
        log.error({ err: err instanceof RateUnavailableError ? err.message : err }, 'no USDT rate');
        throw new AppError('USDT_RATE_UNAVAILABLE', 'The USDT rate is not available right now. Try again in a moment.');
      }
      const { tokenAddress } = await chainOrUnavailable(deps);
      const now = clock.now();
      const index = await nextDerivationIndex(db);
      // The order and its count toward the player's deposit limits commit together, under the
      // player's controls lock: two orders at once cannot both pass a limit (decision 210).
      const inserted = await db.transaction(async (tx) => {
        const row = await insertOrder(tx, {
        id: prefixedId('usdt', 9),
        player_id: playerId,
        idempotency_key: input.idempotencyKey,
        request_hash: requestHash,
        amount_minor: input.amountMinor,
        currency: deps.currency,
        rate_minor_per_token: rateMinor,
        // Rounded up to what a wallet can send (two decimals): never an underpayment.
        token_amount: inrToPayableBaseUnits(input.amountMinor, rateMinor, config.tokenDecimals).toString(),
        chain_id: config.chainId,
        token_address: tokenAddress,
        token_decimals: config.tokenDecimals,
        address: derive(index).toLowerCase(),
        derivation_index: index,
        created_at: now,
        expires_at: new Date(now.getTime() + config.expiryMinutes * 60_000),
        });
        if (row) await deps.safety.checkDeposit(tx, { playerId, orderRef: row.id, amountMinor: input.amountMinor });
        return row;
      });
      // A concurrent retry with the same key won: its order is the answer (this index stays unused).
      return inserted ? view(inserted, [], now) : sameOrConflict((await findOrderByKey(db, playerId, input.idempotencyKey))!);
    },

    async status(playerId: number, orderId: string): Promise<UsdtDeposit> {
      const order = await findOrder(db, orderId);
      if (!order || order.player_id !== playerId) throw notFound();
      return viewOf(db, order);
    },

    async list(playerId: number, query: UsdtDepositsQuery): Promise<UsdtDepositsPage> {
      const rows = await listOrders(db, playerId, query);
      const page = rows.slice(0, query.limit);
      const transfers = await transfersOfOrders(db, page.map((o) => o.id));
      const now = clock.now();
      const items = page.map((o) => view(o, transfers.filter((t) => t.order_id === o.id), now));
      return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
    },

    /** The player cancels before paying; once a transfer is seen it is too late. */
    async cancel(playerId: number, orderId: string): Promise<UsdtDeposit> {
      const order = await db.transaction(async (tx) => {
        const locked = await lockOwned(tx, playerId, orderId);
        if (locked.status === 'cancelled') return locked;
        return applyStep(tx, locked, 'player_cancelled', clock.now());
      });
      return viewOf(db, order);
    },

    /** Expires waiting orders past their time; safe on every node at once. */
    async expireDue(limit = 200): Promise<number> {
      const now = clock.now();
      let expired = 0;
      for (const id of await listDueForExpiry(db, now, limit)) {
        await db.transaction(async (tx) => {
          const order = await lockOrder(tx, id);
          if (order && order.expires_at <= now && step(order.status, 'timed_out')) {
            await applyStep(tx, order, 'timed_out', now);
            await deps.events.record(tx, 'DepositExpired', eventFacts(order, order.amount_minor));
            expired++;
          }
        });
      }
      return expired;
    },
  };
}

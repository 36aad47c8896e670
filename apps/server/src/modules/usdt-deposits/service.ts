import { createHash } from 'node:crypto';
import {
  minorToDecimal,
  type CreateUsdtRechargeInput,
  type UsdtDeposit,
  type UsdtDepositsPage,
  type UsdtDepositsQuery,
  type UsdtFaucetResult,
  type UsdtReviewDecision,
  type UsdtReviewItem,
} from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import type { UsdtConfig } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { SafetyService } from '../safety';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, postTransfer } from '../ledger';
import { createAddressDeriver } from './addresses';
import { creditForPayment, formatRate, formatTokenAmount, inrToPayableBaseUnits } from './amounts';

/** What a payment under review credits when approved: its worth as a payment for its order. */
function reviewedWorthMinor(arrived: bigint, order: { token_amount: string | bigint; amount_minor: number; rate_minor_per_token: number; token_decimals: number }): number {
  return Number(creditForPayment(arrived, { tokenAmount: BigInt(order.token_amount), amountMinor: order.amount_minor, rateMinorPerToken: order.rate_minor_per_token, decimals: order.token_decimals }));
}
import type { ChainReader, TokenTransferLog } from './chain';
import { confirmationsOf, decideTransfer } from './credit-rules';
import type { DevChain } from './dev-chain';
import { nextUsdtStatus, type UsdtOrderEvent } from './order-machine';
import { RateUnavailableError, type RateSource } from './rate-source';
import {
  decideReviewTransfer,
  findOrder,
  findTransfer,
  listReviewTransfers,
  findOrderByKey,
  insertOrder,
  listDueForExpiry,
  listOrders,
  listPendingTransfers,
  lockOrder,
  lockTransfer,
  nextDerivationIndex,
  readCursor,
  transfersOfOrder,
  transfersOfOrders,
  updateOrder,
  updateTransfer,
  upsertTransfer,
  watchedAddresses,
  writeCursor,
  type OrderChange,
  type ReviewTransferRow,
  type UsdtOrderRow,
  type UsdtTransferRow,
} from './repo';

/** The chain as the service reaches it: started lazily (the sandbox's dev chain starts on first use). */
export type UsdtChainAccess = {
  get(): Promise<{ reader: ChainReader; tokenAddress: string; devChain: DevChain | undefined }>;
  close(): Promise<void>;
};

export type UsdtDepositsDeps = {
  db: Db;
  clock: Clock;
  config: UsdtConfig;
  chain: UsdtChainAccess;
  rates: RateSource;
  events: EventRecorder;
  log: FastifyBaseLogger;
  currency: string;
  /** Responsible gambling: breaks, exclusion and deposit limits, checked in the order's transaction. */
  safety: Pick<SafetyService, 'checkDeposit' | 'depositReleased' | 'depositCredited'>;
};

/** What one watcher pass did (returned to tests and logged). */
export type WatchReport = { fromBlock: number; toBlock: number; found: number; credited: number; reviewed: number; dropped: number };

/** An operator's decision on one transfer under review (the console's queue rows and answers are the contract's `UsdtReviewItem` and `UsdtReviewDecision`). */
export type UsdtReviewDecisionInput = { transferId: string; operatorId: number; note: string };
/** A transfer's id in the console: its transaction hash and log index ("0x…:3"). */
export const reviewTransferId = (t: { tx_hash: string; log_index: number }) => `${t.tx_hash}:${t.log_index}`;
function parseReviewTransferId(id: string): { txHash: string; logIndex: number } | null {
  const m = /^(0x[0-9a-f]{64}):(\d{1,9})$/.exec(id);
  return m ? { txHash: m[1]!, logIndex: Number(m[2]) } : null;
}

/** Addresses of orders this old are still watched (late and second payments reach review). */
const LOOKBACK_MS = 7 * 24 * 3600_000;
/** Addresses per getLogs call (the `to` topic filter). */
const ADDRESSES_PER_CALL = 200;
/** Block ranges per pass: after a long outage the watcher catches up over several short passes. */
const MAX_BATCHES_PER_PASS = 50;

const notFound = () => new AppError('DEPOSIT_NOT_FOUND', 'No such recharge order');
const chainDown = (err: unknown, log: FastifyBaseLogger) => {
  log.error({ err }, 'the USDT chain node did not answer');
  return new AppError('CHAIN_UNAVAILABLE', 'The blockchain node is not answering. Try again in a moment.');
};

export function createUsdtDepositsService(deps: UsdtDepositsDeps) {
  const { db, clock, config, chain, rates, log } = deps;
  const derive = createAddressDeriver(config.xpub);

  function view(order: UsdtOrderRow, transfers: UsdtTransferRow[], now: Date): UsdtDeposit {
    // The transfer the player sees: the credited one, else the newest still followed, else one in review.
    const shown =
      transfers.find((t) => t.status === 'credited') ??
      transfers.find((t) => t.status === 'approved') ??
      transfers.find((t) => t.status === 'pending') ??
      transfers.find((t) => t.status === 'review');
    const received = order.received_base_units ?? (shown ? shown.amount_base_units : null);
    const receivedUnits = received === null ? null : BigInt(received);
    const tokenAmount = BigInt(order.token_amount);
    const settledAmount = order.status === 'succeeded' || order.status === 'review';
    return {
      id: order.id,
      channel: 'usdt',
      status: order.status,
      amountMinor: order.amount_minor,
      currency: order.currency,
      usdtAmount: formatTokenAmount(tokenAmount, order.token_decimals),
      usdtAmountBaseUnits: order.token_amount,
      rate: formatRate(order.rate_minor_per_token),
      rateMinorPerToken: order.rate_minor_per_token,
      depositAddress: getAddress(order.address),
      network: config.networkName,
      chainId: order.chain_id,
      tokenAddress: getAddress(order.token_address),
      tokenSymbol: config.tokenSymbol,
      tokenDecimals: order.token_decimals,
      confirmations: shown ? Math.min(shown.confirmations, config.confirmations) : 0,
      requiredConfirmations: config.confirmations,
      receivedBaseUnits: received,
      receivedUsdt: receivedUnits === null ? null : formatTokenAmount(receivedUnits, order.token_decimals),
      creditedMinor: order.credited_minor,
      txHash: shown?.tx_hash ?? null,
      underpaid: settledAmount && receivedUnits !== null && receivedUnits < tokenAmount,
      overpaid: settledAmount && receivedUnits !== null && receivedUnits > tokenAmount,
      reviewReason: order.review_reason,
      createdAt: order.created_at.toISOString(),
      expiresAt: order.expires_at.toISOString(),
      completedAt: order.completed_at?.toISOString() ?? null,
      serverTime: now.toISOString(),
    };
  }

  async function viewOf(q: Queryable, order: UsdtOrderRow) {
    return view(order, await transfersOfOrder(q, order.id), clock.now());
  }

  async function move(tx: Queryable, order: UsdtOrderRow, event: UsdtOrderEvent, now: Date, change: OrderChange = {}) {
    const to = nextUsdtStatus(order.status, event);
    if (!to) throw new AppError('DEPOSIT_STATE_CONFLICT', `This order is ${order.status} and cannot be changed that way`);
    // An order that ends unpaid stops counting toward deposit limits; money that arrives after
    // all (even for an expired order, or past a limit lowered since) counts again (decision 210).
    if (to === 'expired' || to === 'cancelled') await deps.safety.depositReleased(tx, order.id);
    else await deps.safety.depositCredited(tx, order.id);
    return updateOrder(tx, order.id, to, now, change);
  }

  const eventFacts = (order: UsdtOrderRow, amountMinor: number) => ({
    orderId: order.id,
    playerId: order.player_id,
    amountMinor,
    currency: order.currency,
    channel: 'usdt' as const,
  });

  async function lockOwned(tx: Queryable, playerId: number, orderId: string) {
    const order = await lockOrder(tx, orderId);
    if (!order || order.player_id !== playerId) throw notFound();
    return order;
  }

  /** Records one found log against its order; the order shows it as seen when it may count. */
  async function recordLog(tx: Queryable, orderId: string, l: TokenTransferLog, blockTime: Date, now: Date) {
    await upsertTransfer(
      tx,
      {
        tx_hash: l.txHash,
        log_index: l.logIndex,
        order_id: orderId,
        from_address: l.from,
        to_address: l.to,
        amount_base_units: l.amount.toString(),
        block_number: l.blockNumber,
        block_hash: l.blockHash,
        block_time: blockTime,
      },
      now,
    );
    const order = (await lockOrder(tx, orderId))!;
    const inTime = blockTime.getTime() <= order.expires_at.getTime();
    if ((order.status === 'waiting' || (order.status === 'expired' && inTime)) && nextUsdtStatus(order.status, 'transfer_seen')) {
      await move(tx, order, 'transfer_seen', now);
    }
  }

  /** A transfer the chain no longer has: never credited; its order waits again if it was the only one. */
  async function drop(t: UsdtTransferRow, now: Date) {
    await db.transaction(async (tx) => {
      const locked = await lockTransfer(tx, t.tx_hash, t.log_index);
      if (locked?.status !== 'pending') return;
      await updateTransfer(tx, t, { status: 'dropped', confirmations: 0 }, now);
      const order = (await lockOrder(tx, t.order_id))!;
      const others = (await transfersOfOrder(tx, order.id)).filter((o) => o.status === 'pending');
      if (order.status === 'seen' && others.length === 0) await move(tx, order, 'transfer_dropped', now);
    });
    log.warn({ txHash: t.tx_hash, logIndex: t.log_index, orderId: t.order_id }, 'USDT transfer dropped by a chain reorganisation');
  }

  /** Decides a transfer that is N deep and was re-verified on the chain: credit or review, once. */
  async function settle(t: UsdtTransferRow, head: number, now: Date): Promise<'credited' | 'reviewed' | 'none'> {
    return db.transaction(async (tx) => {
      const order = (await lockOrder(tx, t.order_id))!;
      const transfer = await lockTransfer(tx, t.tx_hash, t.log_index);
      if (transfer?.status !== 'pending') return 'none';
      const siblings = await transfersOfOrder(tx, order.id);
      const alreadyPaid = siblings.some((s) => s.status === 'credited' || s.status === 'review' || s.status === 'approved');
      const amount = BigInt(transfer.amount_base_units);
      const decision = decideTransfer(
        { blockNumber: transfer.block_number, blockTime: transfer.block_time, amountBaseUnits: amount },
        {
          status: order.status,
          expiresAt: order.expires_at,
          tokenAmount: BigInt(order.token_amount),
          rateMinorPerToken: order.rate_minor_per_token,
          decimals: order.token_decimals,
          amountMinor: order.amount_minor,
          maxMinor: config.maxMinor,
          alreadyPaid,
        },
        head,
        config.confirmations,
      );
      const confirmations = confirmationsOf(transfer.block_number, head);
      if (decision.action === 'wait') {
        await updateTransfer(tx, transfer, { confirmations }, now);
        return 'none';
      }
      if (decision.action === 'review') {
        await updateTransfer(tx, transfer, { status: 'review', confirmations }, now);
        if (nextUsdtStatus(order.status, 'review_needed')) {
          await move(tx, order, 'review_needed', now, { review_reason: decision.reason, received_base_units: transfer.amount_base_units });
        } else {
          // Already credited or in review: the order keeps its state; the reason tells a person.
          await updateOrder(tx, order.id, order.status, now, { review_reason: decision.reason });
        }
        log.error({ orderId: order.id, txHash: transfer.tx_hash, reason: decision.reason }, 'USDT payment needs review');
        return 'reviewed';
      }
      // Credited exactly once: the ledger key is the order id, the order moves in the same
      // transaction, and only one transfer per order may be 'credited' (a unique index).
      const main = accountCodes.playerMain(order.player_id);
      await ensureAccount(tx, { code: main, kind: 'player', owner: order.player_id, currency: order.currency });
      await ensureAccount(tx, { code: HOUSE_ACCOUNTS.deposits, kind: 'house', currency: order.currency });
      const posted = await postTransfer(tx, {
        idempotencyKey: `deposit_usdt:${order.id}`,
        kind: 'deposit_usdt',
        reference: order.id,
        metadata: {
          channel: 'usdt',
          txHash: transfer.tx_hash,
          logIndex: transfer.log_index,
          receivedBaseUnits: transfer.amount_base_units,
          ...(decision.excessMinor > 0 ? { excessMinorInReview: decision.excessMinor } : {}),
        },
        entries: [
          { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -decision.creditedMinor },
          { accountCode: main, amountMinor: decision.creditedMinor },
        ],
      });
      // An overpayment (decision 191): the order succeeds with what was ordered, and the rest of
      // this same transfer waits in the review queue (approve credits it once, reject returns it
      // on chain). The transfer row is then 'review', not 'credited': the order's credit is
      // its transfer_id, and a later payment to the address still counts as a second one.
      const excess = decision.excessMinor > 0;
      await updateTransfer(tx, transfer, excess ? { status: 'review', confirmations, excess_minor: decision.excessMinor } : { status: 'credited', confirmations }, now);
      await move(tx, order, 'credited', now, {
        received_base_units: transfer.amount_base_units,
        credited_minor: decision.creditedMinor,
        transfer_id: posted.id,
        completed_at: now,
        ...(excess ? { review_reason: 'overpaid' as const } : {}),
      });
      if (excess) log.error({ orderId: order.id, txHash: transfer.tx_hash, excessMinor: decision.excessMinor }, 'USDT overpayment: the excess needs review');
      await deps.events.record(tx, 'DepositSucceeded', { ...eventFacts(order, decision.creditedMinor), transferId: posted.id });
      return 'credited';
    });
  }

  function reviewItem(r: ReviewTransferRow): UsdtReviewItem {
    const { order } = r;
    const received = BigInt(r.amount_base_units);
    return {
      transferId: reviewTransferId(r),
      orderId: order.id,
      playerId: order.player_id,
      orderStatus: order.status,
      // The excess of an overpayment says so even if a later payment changed the order's reason.
      reviewReason: r.excess_minor !== null ? 'overpaid' : order.review_reason,
      txHash: r.tx_hash,
      logIndex: r.log_index,
      fromAddress: getAddress(r.from_address),
      toAddress: getAddress(r.to_address),
      receivedBaseUnits: r.amount_base_units,
      receivedUsdt: formatTokenAmount(received, order.token_decimals),
      tokenSymbol: config.tokenSymbol,
      orderAmountMinor: order.amount_minor,
      orderUsdt: formatTokenAmount(BigInt(order.token_amount), order.token_decimals),
      rate: formatRate(order.rate_minor_per_token),
      creditMinor: r.excess_minor ?? reviewedWorthMinor(received, order),
      currency: order.currency,
      blockTime: r.block_time.toISOString(),
      seenAt: r.seen_at.toISOString(),
    };
  }

  /**
   * Locks the order, then the transfer under review (the watcher's order), or refuses: unknown
   * id, or a transfer that is no longer in review (decided already, perhaps a moment ago by
   * another operator: the second of two concurrent decisions waits on the lock and lands here).
   */
  async function lockForReview(tx: Queryable, transferId: string) {
    const key = parseReviewTransferId(transferId);
    const seen = key ? await findTransfer(tx, key.txHash, key.logIndex) : undefined;
    if (!key || !seen) throw new AppError('DEPOSIT_NOT_FOUND', 'No such USDT transfer');
    const order = (await lockOrder(tx, seen.order_id))!;
    const transfer = (await lockTransfer(tx, key.txHash, key.logIndex))!;
    if (transfer.status !== 'review') throw new AppError('DEPOSIT_STATE_CONFLICT', `This transfer is ${transfer.status}, not in review`);
    return { order, transfer };
  }

  async function chainOrUnavailable() {
    try {
      return await chain.get();
    } catch (err) {
      throw chainDown(err, log);
    }
  }

  return {
    /** The channel's limits for get-deposit-info. */
    limits: { minMinor: config.minMinor, maxMinor: config.maxMinor },

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
      const { tokenAddress } = await chainOrUnavailable();
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
        return move(tx, locked, 'player_cancelled', clock.now());
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
          if (order && order.expires_at <= now && nextUsdtStatus(order.status, 'timed_out')) {
            await move(tx, order, 'timed_out', now);
            await deps.events.record(tx, 'DepositExpired', eventFacts(order, order.amount_minor));
            expired++;
          }
        });
      }
      return expired;
    },

    /**
     * One pass of the chain watcher (run by one leader, see app.ts): scans new blocks for the
     * token's Transfer logs to our addresses from the cursor on, then follows every pending
     * transfer to N confirmations, re-verifying it on the chain before it is decided.
     */
    async watch(): Promise<WatchReport> {
      const { reader, tokenAddress } = await chain.get();
      const now = clock.now();
      const head = await reader.headNumber();
      const report: WatchReport = { fromBlock: 0, toBlock: head, found: 0, credited: 0, reviewed: 0, dropped: 0 };
      const cursor = await readCursor(db, config.chainId, tokenAddress);
      let from: number;
      if (!cursor) {
        from = config.startBlock ?? Math.max(0, head - config.blockBatch);
      } else {
        const atCursor = await reader.block(cursor.block_number);
        // The block under the cursor changed or vanished: a reorganisation. Scan again from the
        // confirmation depth below it; logs already recorded are recognised by (tx, log index).
        from = atCursor?.hash === cursor.block_hash ? cursor.block_number + 1 : Math.max(0, Math.min(cursor.block_number, head) - config.confirmations);
        if (from !== cursor.block_number + 1) log.warn({ cursor, from }, 'USDT watcher: reorganisation under the cursor, scanning again');
      }
      report.fromBlock = from;

      const addresses = await watchedAddresses(db, config.chainId, tokenAddress, new Date(now.getTime() - LOOKBACK_MS));
      const addressList = [...addresses.keys()];
      const scanTo = Math.min(head, from + MAX_BATCHES_PER_PASS * config.blockBatch - 1);
      report.toBlock = scanTo;
      for (let start = from; start <= scanTo; start += config.blockBatch) {
        const end = Math.min(scanTo, start + config.blockBatch - 1);
        const logs: TokenTransferLog[] = [];
        for (let i = 0; i < addressList.length; i += ADDRESSES_PER_CALL) {
          logs.push(...(await reader.transfersTo(tokenAddress, addressList.slice(i, i + ADDRESSES_PER_CALL), start, end)));
        }
        const blocks = new Map<number, { hash: string; time: Date } | null>();
        for (const n of new Set([...logs.map((l) => l.blockNumber), end])) blocks.set(n, await reader.block(n));
        const endBlock = blocks.get(end);
        if (!endBlock) break; // the chain got shorter under us: the next pass starts over
        await db.transaction(async (tx) => {
          for (const l of logs) {
            const b = blocks.get(l.blockNumber);
            // A log whose block is no longer on the chain is left for the next pass.
            if (!b || b.hash !== l.blockHash) continue;
            await recordLog(tx, addresses.get(l.to)!, l, b.time, now);
            report.found++;
          }
          // The cursor moves with the logs of its range, in one transaction: never one without the other.
          await writeCursor(tx, config.chainId, tokenAddress, end, endBlock.hash, now);
        });
      }

      for (const t of await listPendingTransfers(db, 500)) {
        const confirmations = confirmationsOf(t.block_number, head);
        const current = await reader.block(t.block_number);
        let live: UsdtTransferRow | null = t;
        if (confirmations >= config.confirmations || current?.hash !== t.block_hash) {
          // Re-verify against the chain's receipt: gone means dropped; moved means follow the new block.
          const onChain = await reader.findTransfer(tokenAddress, t.tx_hash, t.log_index);
          if (!onChain || onChain.to !== t.to_address || onChain.amount !== BigInt(t.amount_base_units)) {
            live = null;
          } else if (onChain.blockHash !== t.block_hash) {
            const moved = await reader.block(onChain.blockNumber);
            if (!moved || moved.hash !== onChain.blockHash) continue; // still settling: next pass
            live = { ...t, block_number: onChain.blockNumber, block_hash: onChain.blockHash, block_time: moved.time };
            await updateTransfer(db, t, { block_number: live.block_number, block_hash: live.block_hash, block_time: live.block_time }, now);
          }
        }
        if (!live) {
          await drop(t, now);
          report.dropped++;
          continue;
        }
        const outcome = await settle(live, head, now);
        if (outcome === 'credited') report.credited++;
        if (outcome === 'reviewed') report.reviewed++;
      }
      return report;
    },

    /** Transfers waiting for an operator's decision, oldest first. */
    async listForReview(limit = 200): Promise<UsdtReviewItem[]> {
      return (await listReviewTransfers(db, limit)).map(reviewItem);
    },

    /**
     * An operator credits a transfer under review: the INR value of what arrived at the order's
     * locked rate, through the ledger, exactly once. Once is held three ways: the transfer row is
     * locked and must still be in review, the ledger key names the transfer, and the table allows
     * one ledger transfer per approved row. The player hears of it like an automatic credit.
     */
    async approveReview(input: UsdtReviewDecisionInput): Promise<UsdtReviewDecision> {
      return db.transaction(async (tx) => {
        const { order, transfer } = await lockForReview(tx, input.transferId);
        // An overpayment's excess is what the automatic credit left out; any other payment in
        // review is worth what it would have credited in time (the rounded amount asked counts
        // as exactly the order, decision 260).
        const creditMinor = transfer.excess_minor ?? reviewedWorthMinor(BigInt(transfer.amount_base_units), order);
        if (creditMinor <= 0) throw new AppError('DEPOSIT_STATE_CONFLICT', 'What arrived is worth less than one paisa at the order\'s rate: reject it and return it on chain');
        const now = clock.now();
        const main = accountCodes.playerMain(order.player_id);
        await ensureAccount(tx, { code: main, kind: 'player', owner: order.player_id, currency: order.currency });
        await ensureAccount(tx, { code: HOUSE_ACCOUNTS.deposits, kind: 'house', currency: order.currency });
        const posted = await postTransfer(tx, {
          idempotencyKey: `deposit_usdt_review:${transfer.tx_hash}:${transfer.log_index}`,
          kind: 'deposit_usdt',
          reference: order.id,
          metadata: {
            channel: 'usdt',
            txHash: transfer.tx_hash,
            logIndex: transfer.log_index,
            receivedBaseUnits: transfer.amount_base_units,
            review: true,
            reviewReason: transfer.excess_minor !== null ? 'overpaid' : order.review_reason,
            ...(transfer.excess_minor !== null ? { overpaymentExcess: true } : {}),
            operatorId: input.operatorId,
          },
          entries: [
            { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -creditMinor },
            { accountCode: main, amountMinor: creditMinor },
          ],
        });
        await decideReviewTransfer(tx, transfer, { status: 'approved', operatorId: input.operatorId, note: input.note, creditedMinor: creditMinor, ledgerTransferId: posted.id }, now);
        // A second payment leaves its order as it was (succeeded by the first); an order that
        // waited for a person succeeds with this credit.
        const after =
          order.status === 'review'
            ? await move(tx, order, 'review_approved', now, { received_base_units: transfer.amount_base_units, credited_minor: creditMinor, transfer_id: posted.id, completed_at: now })
            : order;
        await deps.events.record(tx, 'DepositSucceeded', { ...eventFacts(order, creditMinor), transferId: posted.id });
        return { transferId: input.transferId, orderId: order.id, status: 'approved' as const, creditedMinor: creditMinor, ledgerTransferId: posted.id, orderStatus: after.status };
      });
    },

    /**
     * An operator refuses a transfer under review: nothing is credited, and the operator returns
     * the tokens on chain outside the platform. The order closes once nothing of it is in review.
     */
    async rejectReview(input: UsdtReviewDecisionInput): Promise<UsdtReviewDecision> {
      return db.transaction(async (tx) => {
        const { order, transfer } = await lockForReview(tx, input.transferId);
        const now = clock.now();
        await decideReviewTransfer(tx, transfer, { status: 'rejected', operatorId: input.operatorId, note: input.note, creditedMinor: null, ledgerTransferId: null }, now);
        let after = order;
        const stillInReview = (await transfersOfOrder(tx, order.id)).some((t) => t.status === 'review');
        if (order.status === 'review' && !stillInReview) {
          after = await move(tx, order, order.review_reason === 'paid_after_cancel' ? 'review_rejected_after_cancel' : 'review_rejected', now, { completed_at: now });
          await deps.events.record(tx, 'DepositFailed', { ...eventFacts(order, order.amount_minor), reason: 'usdt_returned_on_chain' });
        }
        return { transferId: input.transferId, orderId: order.id, status: 'rejected' as const, creditedMinor: null, ledgerTransferId: null, orderStatus: after.status };
      });
    },

    /** Sandbox only: sends test USDT to the order's address (the whole order amount by default). */
    async faucet(playerId: number, input: { orderId: string; amountBaseUnits?: string | undefined }): Promise<UsdtFaucetResult> {
      const order = await findOrder(db, input.orderId);
      if (!order || order.player_id !== playerId) throw notFound();
      const amount = BigInt(input.amountBaseUnits ?? order.token_amount);
      // The deployer holds 10^12 test tokens; a sandbox payment needs far less than a million.
      if (amount > 10n ** BigInt(order.token_decimals + 6)) {
        const message = 'The faucet sends at most 1,000,000 test USDT';
        throw new AppError('VALIDATION_FAILED', message, [{ path: 'amountBaseUnits', message }]);
      }
      const { devChain } = await chainOrUnavailable();
      if (!devChain) throw new AppError('NOT_FOUND', 'No faucet on this chain');
      try {
        const sent = await devChain.send(order.address, amount);
        return { txHash: sent.txHash, to: getAddress(order.address), amountBaseUnits: amount.toString(), blockNumber: sent.blockNumber };
      } catch (err) {
        throw chainDown(err, log);
      }
    },

    /** The sandbox's dev chain (tests drive it: mining, snapshots); undefined on a real node. */
    async devChain(): Promise<DevChain | undefined> {
      return (await chain.get()).devChain;
    },

    close: () => chain.close(),
  };
}
export type UsdtDepositsService = ReturnType<typeof createUsdtDepositsService>;

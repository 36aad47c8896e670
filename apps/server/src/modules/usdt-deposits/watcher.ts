import type { Queryable } from '../../db/db';
import { creditDeposit } from '../deposits';
import type { TokenTransferLog } from './chain';
import { confirmationsOf, decideTransfer } from './credit-rules';
import type { UsdtDepositsDeps } from './deps';
import { step } from './order-machine';
import type { ApplyStep } from './orders';
import {
  listPendingTransfers,
  lockOrder,
  lockTransfer,
  readCursor,
  transfersOfOrder,
  updateOrder,
  updateTransfer,
  upsertTransfer,
  watchedAddresses,
  writeCursor,
  type UsdtTransferRow,
} from './repo';

/** What one watcher pass did (returned to tests and logged). */
export type WatchReport = { fromBlock: number; toBlock: number; found: number; credited: number; reviewed: number; dropped: number };

/** Addresses of orders this old are still watched (late and second payments reach review). */
const LOOKBACK_MS = 7 * 24 * 3600_000;
/** Addresses per getLogs call (the `to` topic filter). */
const ADDRESSES_PER_CALL = 200;
/** Block ranges per pass: after a long outage the watcher catches up over several short passes. */
const MAX_BATCHES_PER_PASS = 50;

/**
 * The chain watcher: finds Transfer logs to our addresses, follows each to N confirmations
 * (re-verified on the chain, reorganisations undone), then credits it or sends it to review.
 */
export function createWatcher(deps: UsdtDepositsDeps, applyStep: ApplyStep) {
  const { db, clock, config, chain, log } = deps;

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
    if ((order.status === 'waiting' || (order.status === 'expired' && inTime)) && step(order.status, 'transfer_seen')) {
      await applyStep(tx, order, 'transfer_seen', now);
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
      if (order.status === 'seen' && others.length === 0) await applyStep(tx, order, 'transfer_dropped', now);
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
        if (step(order.status, 'review_needed')) {
          await applyStep(tx, order, 'review_needed', now, { review_reason: decision.reason, received_base_units: transfer.amount_base_units });
        } else {
          // Already credited or in review: the order keeps its state; the reason tells a person.
          await updateOrder(tx, order.id, order.status, now, { review_reason: decision.reason });
        }
        log.error({ orderId: order.id, txHash: transfer.tx_hash, reason: decision.reason }, 'USDT payment needs review');
        return 'reviewed';
      }
      // Credited exactly once: the ledger key is the order id, the order moves in the same
      // transaction, and only one transfer per order may be 'credited' (a unique index).
      const { transfer: posted } = await creditDeposit(tx, deps, {
        orderId: order.id,
        playerId: order.player_id,
        channel: 'usdt',
        currency: order.currency,
        amountMinor: decision.creditedMinor,
        metadata: {
          txHash: transfer.tx_hash,
          logIndex: transfer.log_index,
          receivedBaseUnits: transfer.amount_base_units,
          ...(decision.excessMinor > 0 ? { excessMinorInReview: decision.excessMinor } : {}),
        },
      });
      // An overpayment (decision 191): the order succeeds with what was ordered, and the rest of
      // this same transfer waits in the review queue (approve credits it once, reject returns it
      // on chain). The transfer row is then 'review', not 'credited': the order's credit is
      // its transfer_id, and a later payment to the address still counts as a second one.
      const excess = decision.excessMinor > 0;
      await updateTransfer(tx, transfer, excess ? { status: 'review', confirmations, excess_minor: decision.excessMinor } : { status: 'credited', confirmations }, now);
      await applyStep(tx, order, 'credited', now, {
        received_base_units: transfer.amount_base_units,
        credited_minor: decision.creditedMinor,
        transfer_id: posted.id,
        completed_at: now,
        ...(excess ? { review_reason: 'overpaid' as const } : {}),
      });
      if (excess) log.error({ orderId: order.id, txHash: transfer.tx_hash, excessMinor: decision.excessMinor }, 'USDT overpayment: the excess needs review');
      return 'credited';
    });
  }

  /**
   * One pass of the chain watcher (run by one leader, see app.ts): scans new blocks for the
   * token's Transfer logs to our addresses from the cursor on, then follows every pending
   * transfer to N confirmations, re-verifying it on the chain before it is decided.
   */
async function watch(): Promise<WatchReport> {
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
  }

  return { watch };
}

import { estimateTrxDecidingNumber, isTrxDecidingBlock, trxDigit, type TrxDigitRead } from '@colorplay/lottery';
import { hexToBytes, linksTo, type TronBlock } from './block-format';
import { TronSourceError } from './fullnode-client';
import { TronDisagreementError } from './providers';

/**
 * Which block decides a Trx Win round, found through any reader of checked blocks (the full-node
 * client, whether it points at TRON or at the sandbox chain), and what the engine does while it
 * waits for it (decision 342). Pure apart from the reader.
 */

/** Blocks already checked on their own (id = hash of header, id's number = height). */
export interface TronBlockReader {
  /** The newest block the reader serves (on `/walletsolidity/`: the newest final one), or null. */
  head(): Promise<TronBlock | null>;
  /** Block n, or null when the reader has none at that height (not produced yet). */
  byNumber(n: number): Promise<TronBlock | null>;
}

/** A block and its parent: what a verifier needs to check that the block decides a lock time. */
export type DecidingBlock = { block: TronBlock; parent: TronBlock };

/** A reader broke the chain's rules (a gap, a block that does not link): nothing it says is used. */
export class TronChainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TronChainError';
  }
}

/** More reads than this for one lookup means the reader contradicts itself (or 10 min of missed slots). */
export const MAX_DECIDING_READS = 200;

const toHeader = (b: TronBlock) => ({ number: b.number, timestampMs: b.timestamp });

/**
 * The deciding block of a round locking at `locksAtMs` (`isTrxDecidingBlock`: its parent is at
 * or before the lock, it is after it), with its parent; null while the reader's head is not yet
 * after the lock (the block does not exist yet, or on `/walletsolidity/` is not final yet).
 *
 * It starts at `estimateTrxDecidingNumber` from the head and walks: forward while the block read
 * is at or before the lock, back while the parent is still after it (missed slots). Every step
 * checks that the two blocks link (parentHash = the parent's id), so a block is only ever taken
 * together with the parent it names.
 */
export async function findDecidingBlock(reader: TronBlockReader, locksAtMs: number): Promise<DecidingBlock | null> {
  const head = await reader.head();
  if (!head || head.timestamp <= locksAtMs) return null;
  let n = Math.min(head.number, Math.max(1, estimateTrxDecidingNumber(toHeader(head), locksAtMs)));
  let block = n === head.number ? head : await mustRead(reader, n);
  for (let reads = 0; reads < MAX_DECIDING_READS; reads++) {
    if (block.timestamp <= locksAtMs) {
      // At or before the lock: the deciding block is later (the head is after the lock, so it exists).
      const next = await mustRead(reader, block.number + 1);
      if (!linksTo(next, block)) throw new TronChainError(`block ${next.number} does not link to block ${block.number}`);
      if (isTrxDecidingBlock(toHeader(next), toHeader(block), locksAtMs)) return { block: next, parent: block };
      block = next;
      continue;
    }
    if (block.number === 0) throw new TronChainError(`the lock time ${locksAtMs} is before the chain's first block`);
    const parent = await reader.byNumber(block.number - 1);
    if (!parent) throw new TronChainError(`the lock time ${locksAtMs} is before the first block this source serves (block ${block.number} has no parent)`);
    if (!linksTo(block, parent)) throw new TronChainError(`block ${block.number} does not link to block ${parent.number}`);
    if (isTrxDecidingBlock(toHeader(block), toHeader(parent), locksAtMs)) return { block, parent };
    block = parent;
    n = parent.number;
  }
  throw new TronChainError(`no deciding block for lock time ${locksAtMs} within ${MAX_DECIDING_READS} reads (last at ${n})`);
}

async function mustRead(reader: TronBlockReader, n: number): Promise<TronBlock> {
  const block = await reader.byNumber(n);
  if (!block) throw new TronChainError(`block ${n} is missing below the source's head (a gap, or before the first block it serves)`);
  return block;
}

/** The digit a deciding block gives (docs/games.md "Trx Win": read from the id's last 24 bytes). */
export const trxDigitOfBlock = (block: TronBlock): TrxDigitRead => trxDigit(hexToBytes(block.blockId));

/**
 * How long a round may wait for its block before it is refunded: 24 h, as for a missing drand
 * value (decision 181). TRON would have to stop (or every node we read be unreachable) for a day.
 */
export const TRX_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** What the engine does with a Trx Win round whose draw time has come. */
export type TrxDrawVerdict =
  | { kind: 'draw'; block: TronBlock; parent: TronBlock; digit: TrxDigitRead }
  /**
   * Try again on the next engine run: the block is not there yet (or not final), the source failed,
   * it answered a refused block, or the providers disagree (decision 386: that one never voids).
   */
  | { kind: 'wait'; reason: 'not_produced' | 'unavailable' | 'refused' | 'disagree'; detail?: string }
  /** Only after TRX_GIVE_UP_MS past the draw time: the round's lock time is published, so anyone can name the would-be block. */
  | { kind: 'void'; reason: 'tron_unavailable'; detail?: string };

/**
 * The rule for the engine (decision 342): a round whose deciding block is at hand is drawn from
 * it, however late; otherwise it waits, whatever the reason (not produced, not final, the node
 * unreachable or answering blocks that do not check). Nobody chooses to void it: only when no
 * checked block has been had for TRX_GIVE_UP_MS after its draw time is it refunded, and since the
 * lock time names the block on the public chain, a refund of a round whose block exists is a
 * provable breach, never a quiet way out. `isUnavailable` tells the source's transport errors
 * (retry) from a chain that broke its rules (refused); both wait.
 */
export async function decideTrxDraw(
  source: { decidingBlock(locksAtMs: number): Promise<DecidingBlock | null> },
  round: { locksAtMs: number; drawsAtMs: number },
  nowMs: number,
  giveUpMs = TRX_GIVE_UP_MS,
): Promise<TrxDrawVerdict> {
  let waiting: TrxDrawVerdict;
  try {
    const found = await source.decidingBlock(round.locksAtMs);
    if (found) return { kind: 'draw', block: found.block, parent: found.parent, digit: trxDigitOfBlock(found.block) };
    waiting = { kind: 'wait', reason: 'not_produced' };
  } catch (err) {
    const detail = (err as Error).message;
    // Providers that disagree wait however long it takes: voiding would let whoever runs one of
    // them cancel any round by answering differently. The operator is alerted (service.ts).
    if (err instanceof TronDisagreementError) return { kind: 'wait', reason: 'disagree', detail };
    waiting = err instanceof TronChainError || (err instanceof TronSourceError && err.refused) ? { kind: 'wait', reason: 'refused', detail } : { kind: 'wait', reason: 'unavailable', detail };
  }
  if (nowMs - round.drawsAtMs >= giveUpMs) return { kind: 'void', reason: 'tron_unavailable', ...(waiting.kind === 'wait' && waiting.detail ? { detail: waiting.detail } : {}) };
  return waiting;
}

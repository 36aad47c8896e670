import { MINUTE_ROOMS, type LotteryGame } from './game';
import { isWingoDigit, WINGO, WINGO_BET_OPTIONS, type WingoDigit, type WingoSelection } from './wingo';

/**
 * Trx Win: Wingo's selections and payouts, with the digit read from a TRON block id (docs/games.md
 * "Trx Win", decision 252). Two pure rules, so anyone can redo a result from a public explorer:
 *
 * 1. Which block: the first block whose timestamp is strictly later than the round's lock time
 *    (trxDecidingBlock). It is fixed by the period alone, before any bet, and produced only after
 *    betting has closed. TRON produces a block every 3 s, so with Wingo-style rounds (the lock
 *    is 5 s before a draw on a whole minute, so 1 s past a 3-s slot) it is the block of the slot
 *    2 s after the lock, 3 s before the draw, unless that slot was missed.
 * 2. Which digit: the block id is 32 bytes; its first 8 bytes are the block number (TRON's
 *    BlockId), the last 24 are from the SHA-256 of the block header. Write those last 24 bytes as
 *    48 lowercase hex characters and read them from the right: the first character that is 0-9 is
 *    the digit (trxDigit). If all 48 are letters a-f (probability (6/16)^48, about 3.4 x 10^-21)
 *    the digit is the last character's value minus 10 (a = 0 ... f = 5).
 *
 * Given a uniformly random hash, the digit is exactly uniform except in that fallback: each hex
 * character is uniform over 16 values, so the first one that is 0-9 is uniform over 0-9.
 * What this does not protect against (docs/games.md says it too): the block producer, one of
 * TRON's 27 elected super representatives, sees the hash before publishing and could withhold
 * its block (losing its reward) to let the next producer's block decide.
 */

export const TRON_BLOCK_MS = 3_000;
/** Bytes of a TRON block id, and how many of its leading bytes are the block number. */
export const TRON_BLOCK_ID_BYTES = 32;
export const TRON_BLOCK_NUMBER_BYTES = 8;

export interface TronBlockHeader {
  /** Block height. */
  number: number;
  /** The block's timestamp in milliseconds since the Unix epoch (block_header.raw_data.timestamp). */
  timestampMs: number;
}

/** How a digit was read: the character's index in the 48 (0 = leftmost) and whether the fallback ran. */
export interface TrxDigitRead {
  digit: WingoDigit;
  hashHex: string;
  charIndex: number;
  fallback: boolean;
}

/** The digit of a TRON block id (32 bytes), with where it was read (rule 2 above). */
export function trxDigit(blockId: Uint8Array): TrxDigitRead {
  if (blockId.byteLength !== TRON_BLOCK_ID_BYTES) throw new RangeError(`a TRON block id has ${TRON_BLOCK_ID_BYTES} bytes, got ${blockId.byteLength}`);
  let hashHex = '';
  for (let i = TRON_BLOCK_NUMBER_BYTES; i < TRON_BLOCK_ID_BYTES; i++) hashHex += blockId[i]!.toString(16).padStart(2, '0');
  for (let i = hashHex.length - 1; i >= 0; i--) {
    const c = hashHex.charCodeAt(i);
    if (c >= 48 && c <= 57) return { digit: (c - 48) as WingoDigit, hashHex, charIndex: i, fallback: false };
  }
  return { digit: (parseInt(hashHex[hashHex.length - 1]!, 16) - 10) as WingoDigit, hashHex, charIndex: hashHex.length - 1, fallback: true };
}

/** The block number a block id carries in its first 8 bytes (big-endian), to check an id against its height. */
export function tronBlockNumberOfId(blockId: Uint8Array): number {
  if (blockId.byteLength !== TRON_BLOCK_ID_BYTES) throw new RangeError(`a TRON block id has ${TRON_BLOCK_ID_BYTES} bytes, got ${blockId.byteLength}`);
  const view = new DataView(blockId.buffer, blockId.byteOffset, blockId.byteLength);
  const n = view.getBigUint64(0, false);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('block number beyond 2^53');
  return Number(n);
}

/**
 * The earliest time the deciding block of a round can carry: the first 3-s slot strictly after
 * the lock. The block is the first one with a timestamp > lockMs; on a chain whose slots are
 * multiples of 3 s this is that slot, or a later one if the slot was missed.
 */
export function trxDecidingSlotMs(locksAtMs: number): number {
  if (!Number.isSafeInteger(locksAtMs)) throw new RangeError(`lock time ${locksAtMs} must be an integer number of milliseconds`);
  return (Math.floor(locksAtMs / TRON_BLOCK_MS) + 1) * TRON_BLOCK_MS;
}

/**
 * Whether block is the deciding block of a round locking at locksAtMs, given its parent: the
 * parent is not after the lock and the block is strictly after it. Exactly one block of a chain
 * passes, so a verifier needs only the two headers.
 */
export function isTrxDecidingBlock(block: TronBlockHeader, parent: TronBlockHeader, locksAtMs: number): boolean {
  return block.number === parent.number + 1 && parent.timestampMs <= locksAtMs && block.timestampMs > locksAtMs;
}

/**
 * Where an adapter should look first: the deciding block's number if no slot is missed between
 * a known block and the deciding slot. Missed slots only make the real number smaller, so the
 * adapter reads this block and steps back until isTrxDecidingBlock holds (or forward if the
 * reference itself is at or before the lock and the estimate is not yet produced).
 */
export function estimateTrxDecidingNumber(reference: TronBlockHeader, locksAtMs: number): number {
  const slot = trxDecidingSlotMs(locksAtMs);
  return reference.number + Math.ceil((slot - reference.timestampMs) / TRON_BLOCK_MS);
}

export const TRX_WIN: LotteryGame<WingoSelection, WingoDigit> = {
  game: 'trx',
  selections: WINGO.selections,
  isSelection: (value): value is WingoSelection => (WINGO.selections as readonly string[]).includes(value),
  payoutRatio: WINGO.payoutRatio,
  betOptions: WINGO_BET_OPTIONS,
  rooms: MINUTE_ROOMS,
  source: 'tron-block',
  outcomeFromBytes: (blockId) => ({ outcome: trxDigit(blockId).digit, words: [] }),
  encode: (digit) => [digit],
  decode: (values) => (values.length === 1 && isWingoDigit(values[0]!) ? values[0] : null),
  outcomes: () => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
};

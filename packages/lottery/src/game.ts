import type { BetOptions, GameRules } from './betting';
import type { Ratio } from './ratio';
import { defineRoom, type Room } from './rounds';

/**
 * The game-independent rule table every lottery game provides (decision 250, docs/games.md).
 * It extends GameRules, so checkBet, settleBet and the server's payoutTable work on any game
 * unchanged; the rest is what the round engine needs to run a game without knowing it:
 *
 * - selections: stable string ids, stored with a bet and sent by clients (isSelection checks one);
 * - the outcome, stored as a short list of small integers (encode / decode), so one column
 *   (smallint[]) holds a Wingo digit, three dice or five digits alike;
 * - outcomeFromBytes: the outcome from the round's random bytes, by a rule a stranger can redo;
 * - payoutRatio: the multiple of the contract amount per selection and outcome, exact num/den;
 * - betOptions: presets, multipliers and the 2 % fee (priced by betting.ts, decision 072);
 * - rooms: the game's rooms (rounds.ts: period numbering is the same for every game).
 */
export interface LotteryGame<Selection extends string, Outcome> extends GameRules<Selection, Outcome> {
  readonly game: string;
  readonly selections: readonly Selection[];
  isSelection(value: string): value is Selection;
  payoutRatio(selection: Selection, outcome: Outcome): Ratio | null;
  readonly betOptions: BetOptions;
  readonly rooms: Readonly<Record<string, Room>>;
  /**
   * Where the bytes come from: 'fair' = the round's HMAC stream (docs/fairness.md: mac[0],
   * then mac[1], ... concatenated); 'tron-block' = the 32-byte id of the TRON block that the
   * round's lock time designates (trx.ts).
   */
  readonly source: 'fair' | 'tron-block';
  /**
   * The outcome from the bytes, or null when the bytes ran out before it was complete (only
   * for 'fair': the caller appends the next MAC and asks again). Never throws on bytes of a
   * valid length; the same bytes always give the same outcome.
   */
  outcomeFromBytes(bytes: Uint8Array): OutcomeRead<Outcome> | null;
  /** The outcome as small integers for storage and the wire, and back (null when not valid). */
  encode(outcome: Outcome): number[];
  decode(values: readonly number[]): Outcome | null;
  /** Every outcome once, each equally likely: what the tests and the RTP figures enumerate. */
  outcomes(): Outcome[];
}

export interface OutcomeRead<Outcome> {
  outcome: Outcome;
  /** The 32-bit words read, accepted and rejected, in order ('fair' games; empty for TRON). */
  words: number[];
}

export type AnyLotteryGame = LotteryGame<string, unknown>;

const WORD_SPACE = 2 ** 32;

/**
 * Words at or above this bound are rejected when drawing a value among n: the largest multiple
 * of n not above the word space, so each of the n values has exactly bound / n accepted words.
 * wordSpace is a parameter only so tests can check the rule exhaustively on small words.
 */
export function rejectionBound(n: number, wordSpace = WORD_SPACE): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > wordSpace) throw new RangeError(`cannot draw among ${n} values`);
  return wordSpace - (wordSpace % n);
}

/** The value (0 .. n-1) a word gives, or null when it is rejected. */
export function uniformValue(word: number, n: number, wordSpace = WORD_SPACE): number | null {
  return word < rejectionBound(n, wordSpace) ? word % n : null;
}

/**
 * count values in min..max from a byte stream: the bytes are read as consecutive 32-bit
 * big-endian unsigned words from byte 0 (a trailing partial word is never read); each word
 * below rejectionBound(max - min + 1) gives the next value, min + word mod n; rejected words are
 * skipped. Returns null when the words run out first. For Wingo (one value 0-9) this is exactly
 * packages/fair's derivation: mac[0] then mac[1] ... read as one stream.
 */
export function drawUniform(bytes: Uint8Array, count: number, min: number, max: number): { values: number[]; words: number[] } | null {
  const n = max - min + 1;
  const bound = rejectionBound(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  const words: number[] = [];
  for (let i = 0; i + 4 <= bytes.byteLength && values.length < count; i += 4) {
    const word = view.getUint32(i, false);
    words.push(word);
    if (word < bound) values.push(min + (word % n));
  }
  return values.length === count ? { values, words } : null;
}

/** An exact fraction num/den (BigInt, reduced), for returns to player. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

export function fraction(num: bigint, den: bigint): Fraction {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

export const fractionText = (f: Fraction): string => (f.den === 1n ? `${f.num}` : `${f.num}/${f.den}`);

/** The fraction as a decimal rounded half up to `places` digits, for display ("0.9408"). */
export function fractionDecimal(f: Fraction, places: number): string {
  const scale = 10n ** BigInt(places);
  const scaled = (f.num * scale * 2n + f.den) / (2n * f.den);
  const whole = scaled / scale;
  const rest = (scaled % scale).toString().padStart(places, '0');
  return places > 0 ? `${whole}.${rest}` : `${whole}`;
}

/**
 * A selection's exact return to player over equally likely outcomes: the mean payout multiple,
 * before the fee (per unit of contract amount) and after it (per unit of the bet's total, so
 * times (10,000 - fee basis points) / 10,000). Also the number of winning outcomes.
 */
export function returnToPlayer<S extends string, O>(
  game: LotteryGame<S, O>,
  selection: S,
  outcomes: readonly O[] = game.outcomes(),
): { wins: number; outcomes: number; beforeFee: Fraction; afterFee: Fraction } {
  // Wins counted per distinct multiple first, then summed exactly on a common denominator.
  const byRatio = new Map<string, { num: number; den: number; count: number }>();
  let wins = 0;
  for (const o of outcomes) {
    const r = game.payoutRatio(selection, o);
    if (!r) continue;
    wins++;
    const key = `${r.num}/${r.den}`;
    const entry = byRatio.get(key);
    if (entry) entry.count++;
    else byRatio.set(key, { num: r.num, den: r.den, count: 1 });
  }
  let num = 0n;
  let den = 1n;
  for (const r of byRatio.values()) {
    num = num * BigInt(r.den) + BigInt(r.num) * BigInt(r.count) * den;
    den = den * BigInt(r.den);
  }
  const beforeFee = fraction(num, den * BigInt(outcomes.length));
  const keep = BigInt(10_000 - game.betOptions.feeBasisPoints);
  return { wins, outcomes: outcomes.length, beforeFee, afterFee: fraction(beforeFee.num * keep, beforeFee.den * 10_000n) };
}

/** A published decimal multiple ("207.36") as an exact ratio (20736/100, reduced). */
export function decimalRatio(text: string): Ratio {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) throw new Error(`not a decimal multiple: ${text}`);
  const decimals = m[2] ?? '';
  const f = fraction(BigInt(m[1]! + decimals), 10n ** BigInt(decimals.length));
  return { num: Number(f.num), den: Number(f.den) };
}

/**
 * The rooms of K3, 5D and Trx Win: 1, 3, 5 and 10 minutes, betting locked in the last 5 s. Room
 * codes follow Wingo's (round length in seconds, three digits: 060, 180, 300) and 10 min is 600,
 * so a period reads the same way in every game (rounds.ts). Periods are unique within a game and
 * room, not across games: rounds are stored per game, and the draw's HMAC message carries the
 * game tag (docs/games.md).
 */
export const MINUTE_ROOMS = {
  '1m': defineRoom('1m', '060', 60_000, 5_000),
  '3m': defineRoom('3m', '180', 180_000, 5_000),
  '5m': defineRoom('5m', '300', 300_000, 5_000),
  '10m': defineRoom('10m', '600', 600_000, 5_000),
} as const satisfies Record<string, Room>;
export type MinuteRoomId = keyof typeof MINUTE_ROOMS;

import { decimalRatio, drawUniform, MINUTE_ROOMS, type LotteryGame } from './game';
import { WINGO_BET_OPTIONS } from './wingo';
import type { Ratio } from './ratio';

/**
 * K3: three dice, each 1-6; 216 equally likely outcomes (docs/games.md "K3", decision 251).
 * Selection ids (stable, stored with a bet):
 *
 *   sum:3 .. sum:18     the sum of the three dice is that number
 *   big / small         sum 11-18 / 3-10 (triples included, as the apps' rule texts say)
 *   odd / even          the sum is odd / even
 *   pair:11 .. pair:66  exactly two dice show that number (the third differs)
 *   pair:11-2 ...       exactly two dice show 1 and the third shows 2 (30 ids: pair:aa-b, b != a)
 *   triple:111 ..666    all three dice show that number
 *   triple:any          all three dice show the same number
 *   diff3:123 .. 456    the dice are the three chosen different numbers, in any order (20 ids)
 *   diff2:12 .. 56      both chosen numbers appear among the dice (15 ids)
 *   straight            the dice are three consecutive numbers (123, 234, 345 or 456) in any order
 *
 * The multiples are the apps' published odds, paid exactly as shown (each about 0.96 / P).
 */

export type Die = 1 | 2 | 3 | 4 | 5 | 6;
export type K3Dice = readonly [Die, Die, Die];

const FACES: readonly Die[] = [1, 2, 3, 4, 5, 6];

/** The published odds of each sum (symmetric: 3 and 18, 4 and 17, ...). */
export const K3_SUM_ODDS: Readonly<Record<number, string>> = {
  3: '207.36', 4: '69.12', 5: '34.56', 6: '20.74', 7: '13.83', 8: '9.88', 9: '8.3', 10: '7.68',
  11: '7.68', 12: '8.3', 13: '9.88', 14: '13.83', 15: '20.74', 16: '34.56', 17: '69.12', 18: '207.36',
};

/** The published odds of every other bet type. */
export const K3_ODDS = {
  bigSmallOddEven: '1.92',
  pairAny: '13.83',
  pairSpecific: '69.12',
  tripleSpecific: '207.36',
  tripleAny: '34.56',
  diff3: '34.56',
  diff2: '6.91',
  straight: '8.64',
} as const;

const SUMS = Array.from({ length: 16 }, (_, i) => `sum:${i + 3}`);
const PAIRS = FACES.map((a) => `pair:${a}${a}`);
const PAIR_SINGLES = FACES.flatMap((a) => FACES.filter((b) => b !== a).map((b) => `pair:${a}${a}-${b}`));
const TRIPLES = [...FACES.map((a) => `triple:${a}${a}${a}`), 'triple:any'];
const DIFF3: string[] = [];
const DIFF2: string[] = [];
for (const a of FACES) {
  for (const b of FACES) {
    if (b <= a) continue;
    DIFF2.push(`diff2:${a}${b}`);
    for (const c of FACES) if (c > b) DIFF3.push(`diff3:${a}${b}${c}`);
  }
}

/** Every K3 selection, in display order: 16 + 4 + 6 + 30 + 7 + 20 + 15 + 1 = 99. */
export const K3_SELECTIONS: readonly string[] = [...SUMS, 'big', 'small', 'odd', 'even', ...PAIRS, ...PAIR_SINGLES, ...TRIPLES, ...DIFF3, ...DIFF2, 'straight'];
export type K3Selection = string & { readonly __k3?: never };
const K3_SELECTION_SET: ReadonlySet<string> = new Set(K3_SELECTIONS);

const R = {
  sum: Object.fromEntries(Object.entries(K3_SUM_ODDS).map(([s, o]) => [s, decimalRatio(o)])) as Record<string, Ratio>,
  bsoe: decimalRatio(K3_ODDS.bigSmallOddEven),
  pairAny: decimalRatio(K3_ODDS.pairAny),
  pairSpecific: decimalRatio(K3_ODDS.pairSpecific),
  tripleSpecific: decimalRatio(K3_ODDS.tripleSpecific),
  tripleAny: decimalRatio(K3_ODDS.tripleAny),
  diff3: decimalRatio(K3_ODDS.diff3),
  diff2: decimalRatio(K3_ODDS.diff2),
  straight: decimalRatio(K3_ODDS.straight),
};

/** What a result shows in the history: the dice, their sum and its size and parity. */
export interface K3Summary {
  dice: K3Dice;
  sum: number;
  size: 'big' | 'small';
  parity: 'odd' | 'even';
}

export function k3Summary(dice: K3Dice): K3Summary {
  const sum = dice[0] + dice[1] + dice[2];
  return { dice, sum, size: sum >= 11 ? 'big' : 'small', parity: sum % 2 === 1 ? 'odd' : 'even' };
}

const countOf = (dice: K3Dice, face: number) => (dice[0] === face ? 1 : 0) + (dice[1] === face ? 1 : 0) + (dice[2] === face ? 1 : 0);
const digitsOf = (text: string) => [...text].map(Number);

/** The payout multiple of a K3 selection against the dice, or null when it loses. */
export function k3PayoutRatio(selection: string, dice: K3Dice): Ratio | null {
  const { sum } = k3Summary(dice);
  const [kind, arg = ''] = selection.split(':') as [string, string | undefined];
  switch (kind) {
    case 'sum':
      return Number(arg) === sum ? R.sum[arg]! : null;
    case 'big':
      return sum >= 11 ? R.bsoe : null;
    case 'small':
      return sum <= 10 ? R.bsoe : null;
    case 'odd':
      return sum % 2 === 1 ? R.bsoe : null;
    case 'even':
      return sum % 2 === 0 ? R.bsoe : null;
    case 'pair': {
      const [pair, single] = arg.split('-') as [string, string | undefined];
      const a = Number(pair.charAt(0));
      if (countOf(dice, a) !== 2) return null;
      if (single === undefined) return R.pairAny;
      return countOf(dice, Number(single)) === 1 ? R.pairSpecific : null;
    }
    case 'triple':
      if (dice[0] !== dice[1] || dice[1] !== dice[2]) return null;
      return arg === 'any' ? R.tripleAny : Number(arg.charAt(0)) === dice[0] ? R.tripleSpecific : null;
    case 'diff3':
      return digitsOf(arg).every((f) => countOf(dice, f) === 1) ? R.diff3 : null;
    case 'diff2':
      return digitsOf(arg).every((f) => countOf(dice, f) >= 1) ? R.diff2 : null;
    case 'straight': {
      const [lo, mid, hi] = [...dice].sort((x, y) => x - y) as [number, number, number];
      return mid === lo + 1 && hi === mid + 1 ? R.straight : null;
    }
    default:
      return null;
  }
}

const isDie = (v: number): v is Die => Number.isInteger(v) && v >= 1 && v <= 6;

export const K3: LotteryGame<K3Selection, K3Dice> = {
  game: 'k3',
  selections: K3_SELECTIONS,
  isSelection: (value): value is K3Selection => K3_SELECTION_SET.has(value),
  // Unknown ids never reach here (checkBet refuses them), but they lose rather than throw.
  payoutRatio: (selection, dice) => (K3_SELECTION_SET.has(selection) ? k3PayoutRatio(selection, dice) : null),
  betOptions: WINGO_BET_OPTIONS,
  rooms: MINUTE_ROOMS,
  source: 'fair',
  outcomeFromBytes(bytes) {
    const d = drawUniform(bytes, 3, 1, 6);
    return d ? { outcome: d.values as unknown as K3Dice, words: d.words } : null;
  },
  encode: (dice) => [...dice],
  decode: (values) => (values.length === 3 && values.every(isDie) ? (values as unknown as K3Dice) : null),
  outcomes: () => FACES.flatMap((a) => FACES.flatMap((b) => FACES.map((c) => [a, b, c] as const))),
};

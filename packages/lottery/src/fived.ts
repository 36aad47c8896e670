import { drawUniform, MINUTE_ROOMS, type LotteryGame } from './game';
import { ratio, type Ratio } from './ratio';
import { WINGO_BET_OPTIONS } from './wingo';

/**
 * 5D: five digits A B C D E, each 0-9; 100,000 equally likely outcomes (docs/games.md "5D",
 * decision 252). Selection ids (stable, stored with a bet):
 *
 *   A:0 .. E:9                    that position shows that digit                   x9
 *   A:big / A:small ... E:        that position's digit is 5-9 / 0-4                x2
 *   A:odd / A:even ... E:         that position's digit is odd / even               x2
 *   sum:big / sum:small           the sum of the five (0-45) is 23-45 / 0-22        x2
 *   sum:odd / sum:even            that sum is odd / even                            x2
 *
 * The sum split 0-22 / 23-45 is the fair one: the sum's distribution is symmetric about 22.5, so
 * each side has exactly 50,000 outcomes (one clone's ">= 22 is big" is not).
 */

export const FIVED_POSITIONS = ['A', 'B', 'C', 'D', 'E'] as const;
export type FivedPosition = (typeof FIVED_POSITIONS)[number];
export type FivedDigits = readonly [number, number, number, number, number];
export type FivedSelection = string & { readonly __fived?: never };

const POSITION_BETS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'big', 'small', 'odd', 'even'] as const;
const SUM_BETS = ['big', 'small', 'odd', 'even'] as const;

/** Every 5D selection in display order: 5 x 14 + 4 = 74. */
export const FIVED_SELECTIONS: readonly string[] = [
  ...FIVED_POSITIONS.flatMap((p) => POSITION_BETS.map((b) => `${p}:${b}`)),
  ...SUM_BETS.map((b) => `sum:${b}`),
];
const FIVED_SELECTION_SET: ReadonlySet<string> = new Set(FIVED_SELECTIONS);

/** The smallest big sum: 0-22 is small, 23-45 big. */
export const FIVED_SUM_BIG_FROM = 23;

const X9 = ratio(9);
const X2 = ratio(2);

export interface FivedSummary {
  digits: FivedDigits;
  sum: number;
  sumSize: 'big' | 'small';
  sumParity: 'odd' | 'even';
}

export function fivedSummary(digits: FivedDigits): FivedSummary {
  const sum = digits.reduce((a, b) => a + b, 0);
  return { digits, sum, sumSize: sum >= FIVED_SUM_BIG_FROM ? 'big' : 'small', sumParity: sum % 2 === 1 ? 'odd' : 'even' };
}

function sideBet(bet: string, value: number, bigFrom: number): Ratio | null {
  switch (bet) {
    case 'big':
      return value >= bigFrom ? X2 : null;
    case 'small':
      return value < bigFrom ? X2 : null;
    case 'odd':
      return value % 2 === 1 ? X2 : null;
    case 'even':
      return value % 2 === 0 ? X2 : null;
    default:
      return null;
  }
}

/** The payout multiple of a 5D selection against the five digits, or null when it loses. */
export function fivedPayoutRatio(selection: string, digits: FivedDigits): Ratio | null {
  if (!FIVED_SELECTION_SET.has(selection)) return null;
  const [where, bet] = selection.split(':') as [string, string];
  if (where === 'sum') return sideBet(bet, fivedSummary(digits).sum, FIVED_SUM_BIG_FROM);
  const digit = digits[FIVED_POSITIONS.indexOf(where as FivedPosition)]!;
  if (/^\d$/.test(bet)) return Number(bet) === digit ? X9 : null;
  return sideBet(bet, digit, 5);
}

const isDigit = (v: number) => Number.isInteger(v) && v >= 0 && v <= 9;

export const FIVED: LotteryGame<FivedSelection, FivedDigits> = {
  game: '5d',
  selections: FIVED_SELECTIONS,
  isSelection: (value): value is FivedSelection => FIVED_SELECTION_SET.has(value),
  payoutRatio: fivedPayoutRatio,
  betOptions: WINGO_BET_OPTIONS,
  rooms: MINUTE_ROOMS,
  source: 'fair',
  outcomeFromBytes(bytes) {
    const d = drawUniform(bytes, 5, 0, 9);
    return d ? { outcome: d.values as unknown as FivedDigits, words: d.words } : null;
  },
  encode: (digits) => [...digits],
  decode: (values) => (values.length === 5 && values.every(isDigit) ? (values as unknown as FivedDigits) : null),
  outcomes: () => Array.from({ length: 100_000 }, (_, n) => [...String(n).padStart(5, '0')].map(Number) as unknown as FivedDigits),
};

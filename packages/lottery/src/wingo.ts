import type { BetLimits, BetOptions, GameRules } from './betting';
import { ratio, type Ratio } from './ratio';

/**
 * Wingo's rule table (docs/games.md, decision 072). The result is one digit 0-9 (from @colorplay/fair):
 *
 *   digit   0        1  2  3  4  5          6  7  8  9
 *   colour  red+vio  G  R  G  R  green+vio  R  G  R  G
 *   size    small ------------>  big ------------------>
 *
 * Payouts, as multiples of the contract amount (the stake after the 2 % fee):
 *   green: x2 on 1 3 7 9, x1.5 on 5       red: x2 on 2 4 6 8, x1.5 on 0
 *   violet: x4.5 on 0 and 5               a number: x9 on that digit
 *   big (5-9) / small (0-4): x2
 */

export const WINGO_COLOURS = ['green', 'violet', 'red'] as const;
export type WingoColour = (typeof WINGO_COLOURS)[number];

export const WINGO_NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type WingoNumber = (typeof WINGO_NUMBERS)[number];

export const WINGO_SIZES = ['big', 'small'] as const;
export type WingoSize = (typeof WINGO_SIZES)[number];

/** Every selection, as the stable code stored with a bet and sent by clients. */
export const WINGO_SELECTIONS = [...WINGO_COLOURS, ...WINGO_NUMBERS, ...WINGO_SIZES] as const;
export type WingoSelection = (typeof WINGO_SELECTIONS)[number];

/** A Wingo result: a digit 0-9. */
export type WingoDigit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export function isWingoDigit(value: number): value is WingoDigit {
  return Number.isInteger(value) && value >= 0 && value <= 9;
}

/** What a digit shows in the game history: its colours (one or two) and its size. */
export interface WingoOutcome {
  digit: WingoDigit;
  colours: WingoColour[];
  size: WingoSize;
}

/** The colours and size of a result digit. */
export function wingoOutcome(digit: WingoDigit): WingoOutcome {
  const colours: WingoColour[] =
    digit === 0 ? ['red', 'violet'] : digit === 5 ? ['green', 'violet'] : digit % 2 === 1 ? ['green'] : ['red'];
  return { digit, colours, size: digit >= 5 ? 'big' : 'small' };
}

const X2 = ratio(2);
const X1_5 = ratio(3, 2);
const X4_5 = ratio(9, 2);
const X9 = ratio(9);

/** The payout multiple of a selection against a digit, or null when it loses. */
export function wingoPayoutRatio(selection: WingoSelection, digit: WingoDigit): Ratio | null {
  switch (selection) {
    case 'green':
      return digit === 5 ? X1_5 : [1, 3, 7, 9].includes(digit) ? X2 : null;
    case 'red':
      return digit === 0 ? X1_5 : [2, 4, 6, 8].includes(digit) ? X2 : null;
    case 'violet':
      return digit === 0 || digit === 5 ? X4_5 : null;
    case 'big':
      return digit >= 5 ? X2 : null;
    case 'small':
      return digit <= 4 ? X2 : null;
    default:
      return Number(selection) === digit ? X9 : null;
  }
}

export const WINGO: GameRules<WingoSelection, WingoDigit> = {
  game: 'wingo',
  selections: WINGO_SELECTIONS,
  payoutRatio: wingoPayoutRatio,
};

/** The amount presets 1 / 10 / 100 / 1000 rupees in paise, the multipliers and the 2 % fee. */
export const WINGO_BET_OPTIONS: BetOptions = {
  amountPresetsMinor: [100, 1_000, 10_000, 100_000],
  multipliers: [1, 5, 10, 20, 50, 100],
  feeBasisPoints: 200,
};

/**
 * Starting limits for the server's configuration (which may override every one): quantity
 * 1-1000, a bet of 1 to 100,000 rupees, at most 500,000 rupees per player per round.
 */
export const WINGO_DEFAULT_LIMITS: BetLimits = {
  minQuantity: 1,
  maxQuantity: 1_000,
  minBetMinor: 100,
  maxBetMinor: 10_000_000,
  maxRoundMinor: 50_000_000,
};

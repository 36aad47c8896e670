import { describe, expect, it } from 'vitest';
import { checkBet, settleBet } from './betting';
import { ratioText } from './ratio';
import {
  WINGO,
  WINGO_BET_OPTIONS,
  WINGO_DEFAULT_LIMITS,
  WINGO_SELECTIONS,
  wingoOutcome,
  wingoPayoutRatio,
  type WingoDigit,
  type WingoSelection,
} from './wingo';

const DIGITS: WingoDigit[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

// The whole rule table written out by hand from docs/games.md, one row per selection, one column
// per result digit 0..9: the multiple of the contract amount, or '-' when the bet loses.
const TABLE: Record<WingoSelection, string[]> = {
  //        0      1    2    3    4    5      6    7    8    9
  green:  ['-',   '2', '-', '2', '-', '1.5', '-', '2', '-', '2'],
  violet: ['4.5', '-', '-', '-', '-', '4.5', '-', '-', '-', '-'],
  red:    ['1.5', '-', '2', '-', '2', '-',   '2', '-', '2', '-'],
  '0':    ['9',   '-', '-', '-', '-', '-',   '-', '-', '-', '-'],
  '1':    ['-',   '9', '-', '-', '-', '-',   '-', '-', '-', '-'],
  '2':    ['-',   '-', '9', '-', '-', '-',   '-', '-', '-', '-'],
  '3':    ['-',   '-', '-', '9', '-', '-',   '-', '-', '-', '-'],
  '4':    ['-',   '-', '-', '-', '9', '-',   '-', '-', '-', '-'],
  '5':    ['-',   '-', '-', '-', '-', '9',   '-', '-', '-', '-'],
  '6':    ['-',   '-', '-', '-', '-', '-',   '9', '-', '-', '-'],
  '7':    ['-',   '-', '-', '-', '-', '-',   '-', '9', '-', '-'],
  '8':    ['-',   '-', '-', '-', '-', '-',   '-', '-', '9', '-'],
  '9':    ['-',   '-', '-', '-', '-', '-',   '-', '-', '-', '9'],
  big:    ['-',   '-', '-', '-', '-', '2',   '2', '2', '2', '2'],
  small:  ['2',   '2', '2', '2', '2', '-',   '-', '-', '-', '-'],
};

describe('Wingo rule table', () => {
  it('has exactly the 15 selections: three colours, ten numbers, big and small', () => {
    expect([...WINGO_SELECTIONS].sort()).toEqual(Object.keys(TABLE).sort());
    expect(WINGO.selections).toHaveLength(15);
  });

  for (const selection of WINGO_SELECTIONS) {
    it(`pays "${selection}" as the table says for every digit`, () => {
      const row = DIGITS.map((d) => {
        const r = wingoPayoutRatio(selection, d);
        return r ? ratioText(r) : '-';
      });
      expect(row).toEqual(TABLE[selection]);
    });
  }

  it('gives each digit its colours and size', () => {
    expect(DIGITS.map((d) => wingoOutcome(d).colours.join('+'))).toEqual([
      'red+violet', 'green', 'red', 'green', 'red', 'green+violet', 'red', 'green', 'red', 'green',
    ]);
    expect(DIGITS.map((d) => wingoOutcome(d).size)).toEqual(['small', 'small', 'small', 'small', 'small', 'big', 'big', 'big', 'big', 'big']);
  });

  it('settles a 100-rupee bet on every selection and digit to the exact paisa', () => {
    const check = checkBet(WINGO, WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS, { selection: 'green', amountMinor: 10_000, quantity: 1, multiplier: 1 });
    expect(check.ok && check.bet).toMatchObject({ totalMinor: 10_000, feeMinor: 200, contractMinor: 9_800 });
    const paid: Record<string, number> = { '-': 0, '2': 19_600, '1.5': 14_700, '4.5': 44_100, '9': 88_200 };
    for (const selection of WINGO_SELECTIONS) {
      for (const d of DIGITS) {
        const s = settleBet(WINGO, { selection, contractMinor: 9_800 }, d);
        expect(s.payoutMinor, `${selection} on ${d}`).toBe(paid[TABLE[selection][d]!]);
        expect(s.won).toBe(TABLE[selection][d] !== '-');
      }
    }
  });

  it('keeps every selection below an even return (the house edge is never negative)', () => {
    // Expected payout per unit staked, with each digit equally likely (what fair guarantees).
    const returns = Object.fromEntries(
      WINGO_SELECTIONS.map((s) => [s, DIGITS.reduce<number>((sum, d) => sum + settleBet(WINGO, { selection: s, contractMinor: 9_800 }, d).payoutMinor, 0) / 10 / 10_000]),
    );
    expect(returns).toMatchObject({ green: 0.931, red: 0.931, violet: 0.882, '7': 0.882, big: 0.98, small: 0.98 });
    for (const r of Object.values(returns)) expect(r).toBeLessThan(1);
  });
});

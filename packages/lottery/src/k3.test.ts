import { describe, expect, it } from 'vitest';
import { checkBet, settleBet } from './betting';
import { fractionText, returnToPlayer, type LotteryGame } from './game';
import { K3, K3_SELECTIONS, k3Summary, type K3Dice } from './k3';
import { WINGO_DEFAULT_LIMITS } from './wingo';

const DICE = K3.outcomes();
const game = K3 as LotteryGame<string, K3Dice>;

// The rules written a second way, from the multiset of faces, to check k3PayoutRatio against:
// [odds as the apps publish them, does the selection win].
function expected(selection: string, dice: K3Dice): [string, boolean] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]!++;
  const sum = dice[0] + dice[1] + dice[2];
  const distinct = counts.filter((c) => c > 0).length;
  const sumOdds = ['207.36', '69.12', '34.56', '20.74', '13.83', '9.88', '8.3', '7.68'];
  let m: RegExpExecArray | null;
  if ((m = /^sum:(\d+)$/.exec(selection))) {
    const s = Number(m[1]);
    return [sumOdds[Math.min(s, 21 - s) - 3]!, sum === s];
  }
  if (selection === 'big') return ['1.92', sum > 10];
  if (selection === 'small') return ['1.92', sum < 11];
  if (selection === 'odd') return ['1.92', sum % 2 !== 0];
  if (selection === 'even') return ['1.92', sum % 2 === 0];
  if ((m = /^pair:(\d)\1$/.exec(selection))) return ['13.83', counts[Number(m[1])] === 2];
  if ((m = /^pair:(\d)\1-(\d)$/.exec(selection))) return ['69.12', counts[Number(m[1])] === 2 && counts[Number(m[2])] === 1];
  if (selection === 'triple:any') return ['34.56', distinct === 1];
  if ((m = /^triple:(\d)\1\1$/.exec(selection))) return ['207.36', counts[Number(m[1])] === 3];
  if ((m = /^diff3:(\d)(\d)(\d)$/.exec(selection))) return ['34.56', distinct === 3 && [m[1], m[2], m[3]].every((f) => counts[Number(f)] === 1)];
  if ((m = /^diff2:(\d)(\d)$/.exec(selection))) return ['6.91', counts[Number(m[1])]! > 0 && counts[Number(m[2])]! > 0];
  if (selection === 'straight') return ['8.64', distinct === 3 && [1, 2, 3, 4].some((lo) => counts[lo] && counts[lo + 1] && counts[lo + 2])];
  throw new Error(`no expectation for ${selection}`);
}

// Each bet type: how many of the 216 outcomes win, and the exact return to player before and
// after the 2 % fee (per unit of contract amount / of the bet's total), worked by hand as
// odds x wins / 216. The same figures are in docs/games.md.
const RTP: Array<[RegExp, number, string, string]> = [
  [/^sum:(3|18)$/, 1, '24/25', '588/625'],
  [/^sum:(4|17)$/, 3, '24/25', '588/625'],
  [/^sum:(5|16)$/, 6, '24/25', '588/625'],
  [/^sum:(6|15)$/, 10, '1037/1080', '50813/54000'],
  [/^sum:(7|14)$/, 15, '461/480', '22589/24000'],
  [/^sum:(8|13)$/, 21, '1729/1800', '84721/90000'],
  [/^sum:(9|12)$/, 25, '415/432', '4067/4320'],
  [/^sum:(10|11)$/, 27, '24/25', '588/625'],
  [/^(big|small|odd|even)$/, 108, '24/25', '588/625'],
  [/^pair:(\d)\1$/, 15, '461/480', '22589/24000'],
  [/^pair:\d\d-\d$/, 3, '24/25', '588/625'],
  [/^triple:\d{3}$/, 1, '24/25', '588/625'],
  [/^triple:any$/, 6, '24/25', '588/625'],
  [/^diff3:/, 6, '24/25', '588/625'],
  [/^diff2:/, 30, '691/720', '33859/36000'],
  [/^straight$/, 24, '24/25', '588/625'],
];

describe('K3 rule table', () => {
  it('has 216 distinct equally likely outcomes and 99 distinct selections', () => {
    expect(DICE).toHaveLength(216);
    expect(new Set(DICE.map((d) => d.join(''))).size).toBe(216);
    expect(K3_SELECTIONS).toHaveLength(99);
    expect(new Set(K3_SELECTIONS).size).toBe(99);
  });

  it('pays every selection against every outcome exactly as the rules say (216 x 99)', () => {
    for (const s of K3_SELECTIONS) {
      for (const dice of DICE) {
        const [odds, wins] = expected(s, dice);
        const r = game.payoutRatio(s, dice);
        expect(r ? r.num / r.den : null, `${s} on ${dice.join('')}`).toBe(wins ? Number(odds) : null);
      }
    }
  });

  it('states each bet\'s exact return to player', () => {
    for (const s of K3_SELECTIONS) {
      const row = RTP.find(([re]) => re.test(s));
      expect(row, s).toBeDefined();
      const rtp = returnToPlayer(game, s, DICE);
      expect([rtp.wins, fractionText(rtp.beforeFee), fractionText(rtp.afterFee)], s).toEqual(row!.slice(1));
      // No bet returns 96.1 % or more before the fee: the house edge is never given away.
      expect(Number(rtp.beforeFee.num) / Number(rtp.beforeFee.den)).toBeLessThan(0.961);
    }
  });

  it('splits big/small and odd/even on the sum, triples included (no 3-11 small clone bug)', () => {
    expect(game.payoutRatio('small', [5, 5, 1])).toBeNull(); // sum 11 is big, not small
    expect(game.payoutRatio('big', [5, 5, 1])).not.toBeNull();
    expect(game.payoutRatio('small', [1, 1, 2])).not.toBeNull(); // sum 4 exists
    expect(game.payoutRatio('sum:4', [1, 1, 2])).toEqual({ num: 1728, den: 25 });
    expect(game.payoutRatio('big', [6, 6, 6])).toEqual({ num: 48, den: 25 });
    expect(k3Summary([6, 6, 6])).toEqual({ dice: [6, 6, 6], sum: 18, size: 'big', parity: 'even' });
  });

  it('validates selections and decodes only three faces 1-6', () => {
    expect(K3.isSelection('pair:11-2')).toBe(true);
    expect(K3.isSelection('pair:11-1')).toBe(false);
    expect(K3.isSelection('diff3:321')).toBe(false);
    expect(K3.isSelection('sum:2')).toBe(false);
    expect(game.payoutRatio('sum:2', [1, 1, 1])).toBeNull();
    expect(K3.decode([1, 6, 3])).toEqual([1, 6, 3]);
    expect(K3.decode([0, 6, 3])).toBeNull();
    expect(K3.decode([1, 6])).toBeNull();
    expect(K3.encode([2, 2, 5])).toEqual([2, 2, 5]);
  });

  it('prices and settles a bet through the common arithmetic (2 % fee, floor to the paisa)', () => {
    const check = checkBet(game, K3.betOptions, WINGO_DEFAULT_LIMITS, { selection: 'sum:3', amountMinor: 100, quantity: 1, multiplier: 1 });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.bet).toMatchObject({ totalMinor: 100, feeMinor: 2, contractMinor: 98 });
    // 98 x 207.36 = 20,321.28 paise: paid 20,321.
    expect(settleBet(game, check.bet, [1, 1, 1])).toMatchObject({ won: true, payoutMinor: 20_321 });
    expect(settleBet(game, check.bet, [1, 1, 2])).toMatchObject({ won: false, payoutMinor: 0 });
    expect(checkBet(game, K3.betOptions, WINGO_DEFAULT_LIMITS, { selection: 'green', amountMinor: 100, quantity: 1, multiplier: 1 })).toMatchObject({ ok: false, code: 'UNKNOWN_SELECTION' });
  });
});

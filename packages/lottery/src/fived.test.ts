import { describe, expect, it } from 'vitest';
import { fractionText, returnToPlayer, type LotteryGame } from './game';
import { FIVED, FIVED_SELECTIONS, fivedSummary, type FivedDigits } from './fived';

const OUTCOMES = FIVED.outcomes();
const game = FIVED as LotteryGame<string, FivedDigits>;

// The rules written a second way: [multiple, wins].
function expected(selection: string, d: FivedDigits): [number, boolean] {
  const [where, bet] = selection.split(':') as [string, string];
  const value = where === 'sum' ? d[0] + d[1] + d[2] + d[3] + d[4] : d['ABCDE'.indexOf(where)]!;
  const half = where === 'sum' ? 22.5 : 4.5;
  if (bet === 'big') return [2, value > half];
  if (bet === 'small') return [2, value < half];
  if (bet === 'odd') return [2, value % 2 === 1];
  if (bet === 'even') return [2, value % 2 === 0];
  return [9, value === Number(bet)];
}

describe('5D rule table', () => {
  it('has 100,000 distinct outcomes and 74 selections', () => {
    expect(OUTCOMES).toHaveLength(100_000);
    expect(new Set(OUTCOMES.map((d) => d.join(''))).size).toBe(100_000);
    expect(FIVED_SELECTIONS).toHaveLength(74);
    expect(new Set(FIVED_SELECTIONS).size).toBe(74);
  });

  it('pays every selection against every outcome as the rules say (100,000 x 74), with the exact return to player', () => {
    // Wins per selection over all outcomes, and the exact returns (also in docs/games.md):
    // a digit wins 10,000 times at x9: 9/10 before the fee, 441/500 = 88.2 % after it;
    // every big/small/odd/even wins 50,000 times at x2: 1 before the fee, 49/50 = 98 % after.
    for (const s of FIVED_SELECTIONS) {
      let wins = 0;
      for (const d of OUTCOMES) {
        const [multiple, win] = expected(s, d);
        const r = game.payoutRatio(s, d);
        if (win) wins++;
        if ((r ? r.num / r.den : null) !== (win ? multiple : null)) expect.fail(`${s} on ${d.join('')}: ${JSON.stringify(r)}`);
      }
      const rtp = returnToPlayer(game, s, OUTCOMES);
      const digitBet = /:\d$/.test(s);
      expect([wins, rtp.wins, fractionText(rtp.beforeFee), fractionText(rtp.afterFee)], s).toEqual(
        digitBet ? [10_000, 10_000, '9/10', '441/500'] : [50_000, 50_000, '1', '49/50'],
      );
    }
  }, 120_000);

  it('splits the sum 0-22 small and 23-45 big (not the clone\'s >= 22)', () => {
    expect(fivedSummary([4, 4, 4, 5, 5])).toMatchObject({ sum: 22, sumSize: 'small', sumParity: 'even' });
    expect(game.payoutRatio('sum:big', [4, 4, 4, 5, 5])).toBeNull();
    expect(game.payoutRatio('sum:big', [4, 4, 5, 5, 5])).toEqual({ num: 2, den: 1 });
    expect(game.payoutRatio('C:7', [0, 0, 7, 0, 0])).toEqual({ num: 9, den: 1 });
    expect(game.payoutRatio('D:7', [0, 0, 7, 0, 0])).toBeNull();
  });

  it('validates selections and decodes only five digits', () => {
    expect(FIVED.isSelection('E:odd')).toBe(true);
    expect(FIVED.isSelection('F:1')).toBe(false);
    expect(FIVED.isSelection('sum:7')).toBe(false);
    expect(game.payoutRatio('sum:7', [1, 1, 1, 2, 2])).toBeNull();
    expect(FIVED.decode([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
    expect(FIVED.decode([1, 2, 3, 4, 10])).toBeNull();
    expect(FIVED.decode([1, 2, 3, 4])).toBeNull();
  });
});

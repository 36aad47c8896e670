import { describe, expect, it } from 'vitest';
import type { AnyLotteryGame } from './game';
import { FIVED } from './fived';
import { isHedged, leastPayoutMinor } from './hedge';
import { K3 } from './k3';

const K3_RULES = K3 as unknown as AnyLotteryGame;
const FIVED_RULES = FIVED as unknown as AnyLotteryGame;
const at98 = (...selections: string[]) => selections.map((selection) => ({ selection, contractMinor: 98 }));

describe('the hedge rule (one definition for the server and the bet sheet)', () => {
  it('finds the least payout of 5D bets exactly as enumerating every outcome does', () => {
    const outcomes = FIVED_RULES.outcomes();
    const sets = [
      ['A:big', 'A:small'],
      ['A:1', 'B:odd', 'sum:big', 'sum:small'],
      ['C:even', 'C:odd', 'sum:odd', 'E:9', 'E:big'],
      ['sum:big', 'sum:small', 'sum:odd', 'sum:even', 'D:0'],
    ];
    for (const selections of sets) {
      const bets = selections.map((selection, i) => ({ selection, contractMinor: 98 * (i + 1) }));
      let brute = Number.POSITIVE_INFINITY;
      for (const o of outcomes) {
        brute = Math.min(brute, bets.reduce((sum, b) => {
          const r = FIVED_RULES.payoutRatio(b.selection, o);
          return sum + (r ? Math.floor((b.contractMinor * r.num) / r.den) : 0);
        }, 0));
      }
      expect(leastPayoutMinor(FIVED_RULES, bets), selections.join()).toBe(brute);
    }
  });

  it('calls opposite sides of one round hedged, and picks some result can all lose not', () => {
    expect(isHedged(K3_RULES, at98('big', 'small'))).toBe(true);
    expect(isHedged(K3_RULES, at98('odd', 'even'))).toBe(true);
    expect(isHedged(K3_RULES, at98('sum:9', 'big', 'small'))).toBe(true);
    expect(isHedged(K3_RULES, at98('big'))).toBe(false);
    expect(isHedged(K3_RULES, at98('big', 'odd'))).toBe(false);
    expect(isHedged(K3_RULES, at98('sum:9', 'sum:10', 'sum:11'))).toBe(false);
    expect(isHedged(FIVED_RULES, at98('A:big', 'A:small'))).toBe(true);
    expect(isHedged(FIVED_RULES, at98('sum:odd', 'sum:even'))).toBe(true);
    expect(isHedged(FIVED_RULES, at98('A:big', 'B:small'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { FIVED } from './fived';
import { LOTTERY_GAME_IDS, lotteryGame, payoutColumns } from './games';
import { K3 } from './k3';
import { TRX_WIN } from './trx';
import { WINGO } from './wingo';
import { WINGO_GAME } from './wingo-game';

describe('game registry', () => {
  it('finds each game by the id it carries, and nothing else', () => {
    expect(LOTTERY_GAME_IDS).toEqual(['wingo', 'k3', '5d', 'trx']);
    for (const id of LOTTERY_GAME_IDS) expect(lotteryGame(id)?.game).toBe(id);
    expect(lotteryGame('toString')).toBeNull();
    expect(lotteryGame('WINGO')).toBeNull();
  });

  it('gives settlement columns with one row per selection (num 0 = lost)', () => {
    const wingo = payoutColumns(WINGO_GAME, 5);
    expect(wingo.selections).toEqual([...WINGO.selections]);
    expect(wingo.selections.map((s, i) => (wingo.nums[i] ? `${s}=${wingo.nums[i]}/${wingo.dens[i]}` : null)).filter(Boolean)).toEqual(['green=3/2', 'violet=9/2', '5=9/1', 'big=2/1']);
    const k3 = payoutColumns(K3, [2, 3, 4]);
    expect(k3.selections.filter((_, i) => k3.nums[i])).toEqual(['sum:9', 'small', 'odd', 'diff3:234', 'diff2:23', 'diff2:24', 'diff2:34', 'straight']);
    const fived = payoutColumns(FIVED, [0, 9, 5, 4, 5]);
    expect(fived.selections.filter((_, i) => fived.nums[i])).toEqual([
      'A:0', 'A:small', 'A:even', 'B:9', 'B:big', 'B:odd', 'C:5', 'C:big', 'C:odd', 'D:4', 'D:small', 'D:even', 'E:5', 'E:big', 'E:odd', 'sum:big', 'sum:odd',
    ]);
    expect(payoutColumns(TRX_WIN, 0)).toEqual(payoutColumns(WINGO_GAME, 0));
  });
});

import type { LotteryGame } from './game';
import { FIVED } from './fived';
import { K3 } from './k3';
import { TRX_WIN } from './trx';
import { WINGO_GAME } from './wingo-game';

/** Every lottery game by its id (the `game` column of rounds and bets). */
export const LOTTERY_GAMES = {
  wingo: WINGO_GAME,
  k3: K3,
  '5d': FIVED,
  trx: TRX_WIN,
} as const;
export type LotteryGameId = keyof typeof LOTTERY_GAMES;
export const LOTTERY_GAME_IDS = Object.keys(LOTTERY_GAMES) as LotteryGameId[];

/** The game with this id, or null (ids come from storage and the wire). */
export function lotteryGame(id: string): LotteryGame<string, unknown> | null {
  return Object.hasOwn(LOTTERY_GAMES, id) ? (LOTTERY_GAMES[id as LotteryGameId] as unknown as LotteryGame<string, unknown>) : null;
}

/**
 * The payout multiple of every selection against an outcome as parallel arrays, the shape the
 * server's set-based settlement joins bets on (num 0 = the selection lost). The same as the
 * server's payoutTable(rules, result), for any game.
 */
export function payoutColumns<S extends string, O>(game: LotteryGame<S, O>, outcome: O): { selections: S[]; nums: number[]; dens: number[] } {
  const selections = [...game.selections];
  const ratios = selections.map((s) => game.payoutRatio(s, outcome));
  return { selections, nums: ratios.map((r) => r?.num ?? 0), dens: ratios.map((r) => r?.den ?? 1) };
}

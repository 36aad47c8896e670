import { API_PATHS } from '@colorplay/contract';
import { FIVED, K3, roundAt, settleBet, type AnyLotteryGame, type Room } from '@colorplay/lottery';
import type { fakeClock } from '../../src/lib/clock';
import type { TestApp } from './build-test-app';
import type { PlayerClient } from './player-client';
import { playerFactory } from './players';

/**
 * Players, bets and round rows for the lottery games' engine tests (K3 and 5D in games.test.ts,
 * Trx Win in trx.test.ts): one copy, so every game is tested through the same moves.
 */
export function lotteryGameKit(app: () => TestApp) {
  let keySeq = 0;
  /** A registered player with fundMinor on the main wallet (a sandbox deposit), and their balance. */
  const player = playerFactory(app, '97765', { address: (n) => `198.51.100.${(n % 200) + 1}`, autoRefresh: false });

  /** A bet on the game's 1 min room through the generic route (100 x 1 x 1 unless `extra` says otherwise). */
  const bet = (c: PlayerClient, game: string, period: string, selection: string, extra: Record<string, unknown> = {}) =>
    c.call('POST', API_PATHS.lottery_place_bet.replace(':game', game), {
      room: '1m',
      period,
      selection,
      amountMinor: 100,
      quantity: 1,
      multiplier: 1,
      idempotencyKey: `g-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`,
      ...extra,
    });

  async function roundRow(game: string, period: string) {
    const { rows } = await app().db.query<{ id: number; status: string; outcome: number[] | null; digit: number | null }>(
      'SELECT id, status, outcome, digit FROM lottery_rounds WHERE game = $1 AND period = $2',
      [game, period],
    );
    return rows[0]!;
  }

  return { player, bet, roundRow };
}

/** K3's and 5D's rule tables, by route id. */
export const CHAIN_GAMES = { k3: K3 as unknown as AnyLotteryGame, '5d': FIVED as unknown as AnyLotteryGame };
export type ChainGameId = keyof typeof CHAIN_GAMES;

/**
 * The 1 min rooms of K3 and 5D on a fake clock (games.test.ts, slips.test.ts): the clock moves to
 * a round's draw and the engine runs, so a round opens, or draws and settles.
 */
export function chainGameRounds(app: () => TestApp, clock: ReturnType<typeof fakeClock>) {
  const now = () => clock.now().getTime();
  const setTime = (ms: number) => clock.advance(ms - now());
  const roomOf = (game: ChainGameId): Room => CHAIN_GAMES[game].rooms['1m']!;
  /** Moves the clock to the current round's draw and runs the engine: it draws and settles that round and opens the next. */
  async function drawAndSettle(game: ChainGameId): Promise<void> {
    setTime(roundAt(roomOf(game), now()).drawsAtMs);
    await app().app.lottery.tick();
  }
  return {
    now,
    setTime,
    roomOf,
    drawAndSettle,
    /** Moves the clock to the opening of the game's next 1 min round, runs the engine, and returns that round. */
    async nextRound(game: ChainGameId) {
      await drawAndSettle(game);
      return roundAt(roomOf(game), now());
    },
  };
}

/** What the rule table pays a list of selections against an outcome (each bet's contract amount given). */
export function expectedPayoutOf(rules: AnyLotteryGame, bets: ReadonlyArray<{ selection: string; contractMinor: number }>, outcome: readonly number[]): number {
  const decoded = rules.decode(outcome)!;
  return bets.reduce((sum, b) => sum + settleBet(rules, b, decoded).payoutMinor, 0);
}

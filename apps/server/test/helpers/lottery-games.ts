import { API_PATHS } from '@colorplay/contract';
import { settleBet, type AnyLotteryGame } from '@colorplay/lottery';
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

/** What the rule table pays a list of selections against an outcome (each bet's contract amount given). */
export function expectedPayoutOf(rules: AnyLotteryGame, bets: ReadonlyArray<{ selection: string; contractMinor: number }>, outcome: readonly number[]): number {
  const decoded = rules.decode(outcome)!;
  return bets.reduce((sum, b) => sum + settleBet(rules, b, decoded).payoutMinor, 0);
}

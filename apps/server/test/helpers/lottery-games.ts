import { API_PATHS } from '@colorplay/contract';
import { settleBet, type AnyLotteryGame } from '@colorplay/lottery';
import { expect } from 'vitest';
import { accountCodes, ensureAccount, getBalance, HOUSE_ACCOUNTS, postTransfer } from '../../src/modules/ledger';
import type { TestApp } from './build-test-app';
import { PlayerClient } from './player-client';

/**
 * Players, bets and round rows for the lottery games' engine tests (K3 and 5D in games.test.ts,
 * Trx Win in trx.test.ts): one copy, so every game is tested through the same moves.
 */
export function lotteryGameKit(app: () => TestApp) {
  let phoneSeq = 0;
  let keySeq = 0;
  // Each test file runs in its own worker with its own database; the prefix keeps phones apart
  // from other helpers' players in the same file.
  const phonePrefix = '97765';

  /** A registered player with fundMinor on the main wallet (a sandbox deposit), and their balance. */
  async function player(fundMinor: number) {
    const t = app();
    const client = new PlayerClient(t.app, `198.51.100.${(phoneSeq % 200) + 1}`);
    phoneSeq += 1;
    const res = await client.register(`${phonePrefix}${String(12_000 + phoneSeq).padStart(5, '0')}`);
    expect(res.statusCode).toBe(200);
    const playerId = Number(JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()).sub);
    const code = accountCodes.playerMain(playerId);
    await ensureAccount(t.db, { code, kind: 'player', owner: playerId });
    await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
    await postTransfer(t.db, {
      idempotencyKey: `test-fund:${playerId}:${Math.random()}`,
      kind: 'deposit',
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -fundMinor },
        { accountCode: code, amountMinor: fundMinor },
      ],
    });
    return { client, playerId, balance: () => getBalance(t.db, code) };
  }

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

import { API_PATHS } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock';
import { accountCodes, ensureAccount, HOUSE_ACCOUNTS, postTransfer, postTransfers } from '../src/modules/ledger';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';

/**
 * docs/ledger.md, "Failures": the ledger's refusals reach players through the API's error message (a LedgerError
 * is an AppError). Internal names (account codes such as `player:20:main`, idempotency keys,
 * transfer ids) must never be in what a player reads.
 */
const INTERNAL = /player:\d+|house:|:main\b|xfer_|test-fund|Idempotency key/i;

const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const ROOM = WINGO_ROOMS['30s'];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 50, checkpointEvery: 16, chainRenewBeforeRounds: 10 } });
  await t.app.lottery.tick();
});
afterAll(async () => t.app.close());

describe('player-facing error messages', () => {
  it('a bet beyond the balance says so without naming the account', async () => {
    const client = new PlayerClient(t.app, '203.0.113.77');
    expect((await client.register('9876512345')).statusCode).toBe(200);
    const playerId = Number(JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()).sub);
    const code = accountCodes.playerMain(playerId);
    await ensureAccount(t.db, { code, kind: 'player', owner: playerId });
    await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
    await postTransfer(t.db, { idempotencyKey: `test-fund:${playerId}`, kind: 'deposit', entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -5_000 }, { accountCode: code, amountMinor: 5_000 }] });
    clock.advance(roundAt(ROOM, clock.now().getTime()).drawsAtMs - clock.now().getTime());
    await t.app.lottery.tick();
    const round = roundAt(ROOM, clock.now().getTime());
    const res = await client.call('POST', API_PATHS.wingo_place_bet, { room: '30s', period: round.period, selection: 'big', amountMinor: 10_000, quantity: 1, multiplier: 1, idempotencyKey: 'too-much-1' });
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(res.json().error.message).not.toMatch(INTERNAL);
    expect(res.body).not.toContain(code);
  });

  it('every LedgerError the ledger can throw carries a message without internals', async () => {
    const a = accountCodes.playerMain(900_001);
    const b = accountCodes.playerMain(900_002);
    await ensureAccount(t.db, { code: a, kind: 'player', owner: 900_001 });
    await ensureAccount(t.db, { code: b, kind: 'player', owner: 900_002 });
    const move = (key: string, amountMinor: number) => ({ idempotencyKey: key, kind: 'deposit' as const, entries: [{ accountCode: a, amountMinor: -amountMinor }, { accountCode: b, amountMinor }] });
    const messages = [
      await postTransfer(t.db, move('m-1', 10)).catch((e: Error) => e.message),
      await postTransfers(t.db, [move('m-2', 10)]).catch((e: Error) => e.message),
    ];
    await postTransfer(t.db, { ...move('m-3', 1), entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -1 }, { accountCode: a, amountMinor: 1 }] });
    messages.push(await postTransfer(t.db, { ...move('m-3', 1), entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -2 }, { accountCode: a, amountMinor: 2 }] }).catch((e: Error) => e.message));
    messages.push(await postTransfers(t.db, [{ ...move('m-3', 1), entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -3 }, { accountCode: a, amountMinor: 3 }] }]).catch((e: Error) => e.message));
    expect(messages).toHaveLength(4);
    for (const m of messages) {
      expect(typeof m).toBe('string');
      expect(m).not.toMatch(INTERNAL);
      expect(m).not.toContain('m-3');
    }
  });
});

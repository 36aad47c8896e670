import { API_PATHS, LAZY_API_PATHS, WingoServerMessageSchema, type WingoServerMessage } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { launch, launchableGame, vendorDebit as debitAt } from '../../../test/helpers/games';
import { GAME_BETS, moneyPaths } from '../../../test/helpers/money-paths';
import { playerFactory } from '../../../test/helpers/players';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, getBalance, listAccountsOfOwner } from '../ledger';

/**
 * Decisions 440-443: an admin closes an account for good with a reason code. Every path a
 * suspension refuses is refused (deposits, a UTR, bets of every game, launches with their purse
 * move, vendor debits) with ACCOUNT_CLOSED; sign-in and history stay open. The balance stays in
 * place: a pay-out reason leaves it withdrawable (wagering lock waived), a hold reason refuses
 * withdrawals. Money at a transfer-mode vendor refuses the closure. Closing twice is once; only
 * admin closes; the closure is audited, the player told (inbox and socket), and final.
 */

// 10:00 UTC is a round boundary of every room of every game.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const VENDOR_SECRET = 'test-demo-vendor-secret-0123456789abcdef';
const PASSWORD = 'Tiger-Lily-42';
let t: TestApp;
let port: number;
let keySeq = 0;
let admin: OperatorClient;
let support: OperatorClient;
let finance: OperatorClient;
const key = () => `close-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 },
    env: { USDT_CHANNEL: 'sandbox', USDT_DEV_CHAIN_BLOCK_MS: '0', USDT_INR_RATE: '83.25' },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
  await t.app.lottery.tick();
  // The rooms open with their first published chain: one minute on, every game's rounds are open.
  clock.advance(60_000);
  await t.app.lottery.tick();
  admin = await OperatorClient.create(t.app, clock, 'close-admin', 'admin');
  support = await OperatorClient.create(t.app, clock, 'close-support', 'support', '198.51.100.7');
  finance = await OperatorClient.create(t.app, clock, 'close-finance', 'finance', '198.51.100.8');
  for (const op of [admin, support, finance]) expect((await op.login()).statusCode).toBe(200);
  // Generous: building the app with every game's chains takes long on a loaded machine.
}, 180_000);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const newPlayer = playerFactory(() => t, '95');

const closePath = (playerId: number) => LAZY_API_PATHS.admin_player_close.replace(':playerId', String(playerId));
const close = (op: OperatorClient, playerId: number, reason = 'fraud_aml', note?: string) => op.call('POST', closePath(playerId), note === undefined ? { reason } : { reason, note });
const { upi, usdt, wingoBet, gameBet, k3Slip, openGame } = moneyPaths(() => t.app, clock, key);
const mintTicket = async (c: PlayerClient, gameUid: string) => (await c.call('POST', API_PATHS.game_launch_ticket, { gameId: gameUid })).json().data.ticket as string;
const auditOf = async (target: string) =>
  (await t.db.query<{ action: string; username: string; after: Record<string, unknown> }>(`SELECT action, username, after FROM operator_audit_log WHERE target = $1 ORDER BY id`, [target])).rows;
const mainOf = (playerId: number) => getBalance(t.db, accountCodes.playerMain(playerId));
const inboxTitles = async (c: PlayerClient) => {
  await t.app.events.dispatch();
  const inbox = (await c.call('GET', API_PATHS.notifications)).json().data;
  return JSON.stringify(inbox);
};
const refusedWith = (res: { statusCode: number; json: () => { error: { code: string } } }, label: string) => {
  expect(res.statusCode, label).toBe(403);
  expect(res.json().error.code, label).toBe('ACCOUNT_CLOSED');
};

describe('a closed account', () => {
  it('is refused on every money path toward play and, when the reason holds the balance, on withdrawal; sign-in and history stay open', async () => {
    const { client, playerId, phone } = await newPlayer(1000_00);
    const jili = launchableGame('JILI').gameUid;
    const fish = launchableGame('MG_Fish').gameUid;
    // Everything works before: a bet in every game, an open UPI order, a vendor session.
    expect((await wingoBet(client)).statusCode).toBe(200);
    for (const game of GAME_BETS) expect((await gameBet(client, game)).statusCode, game[0]).toBe(200);
    expect((await k3Slip(client)).statusCode).toBe(200);
    const order = (await upi(client, 200_00)).json().data;
    const { sessionToken } = await launch(t.app, client, jili);
    const ticket = await mintTicket(client, jili);
    const fishTicket = await mintTicket(client, fish);
    const method = await readyToWithdraw(t, playerId);
    const balanceBefore = await mainOf(playerId);

    const closed = await close(admin, playerId, 'fraud_aml', 'Chargeback ring, case 42');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({
      since: clock.now().toISOString(),
      reason: 'fraud_aml',
      note: 'Chargeback ring, case 42',
      operatorId: expect.any(Number),
      balanceRule: 'hold',
      balanceMinor: balanceBefore,
    });

    refusedWith(await wingoBet(client), 'wingo');
    for (const game of GAME_BETS) refusedWith(await gameBet(client, game), game[0]);
    refusedWith(await k3Slip(client), 'k3 slip');
    refusedWith(await upi(client, 200_00), 'upi order');
    refusedWith(await usdt(client, 200_00), 'usdt order');
    refusedWith(await client.call('POST', API_PATHS.submit_utr, { orderId: order.id, utr: '412345678901' }), 'utr');
    refusedWith(await client.call('POST', API_PATHS.game_launch_ticket, { gameId: jili }), 'launch ticket');
    refusedWith(await openGame(ticket, jili), 'open game');
    refusedWith(await openGame(fishTicket, fish, 100_00), 'transfer-mode launch');
    expect((await debitAt(t.app, clock, VENDOR_SECRET, sessionToken, 1_00)).json().data).toMatchObject({ status: 'refused', reason: 'ACCOUNT_CLOSED' });
    // The balance is held in place: the player's withdrawal is refused, nothing moved anywhere.
    refusedWith(await client.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 100_00, idempotencyKey: key() }), 'withdrawal');
    expect(await mainOf(playerId)).toBe(balanceBefore);
    expect((await listAccountsOfOwner(t.db, playerId)).filter((a) => a.code.includes(':vendor:') && a.balanceMinor !== 0)).toEqual([]);
    // An operator's closure is not one of the player's own controls: not in the limit-hits list.
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM safety_refusals WHERE player_id = $1`, [playerId]);
    expect(rows[0]!.n).toBe(0);

    // Sign-in and history stay open (read-only).
    const again = new PlayerClient(t.app, '203.0.113.251', true);
    expect((await again.login(phone, PASSWORD)).statusCode).toBe(200);
    expect((await again.call('GET', `${API_PATHS.wingo_my_bets}?room=30s`)).statusCode).toBe(200);
    expect((await again.call('GET', API_PATHS.get_deposits)).statusCode).toBe(200);
    expect((await again.call('GET', API_PATHS.withdraw_info)).statusCode).toBe(200);

    // Told once (inbox), audited once, shown in the console; a second close changes nothing.
    expect((await close(admin, playerId, 'player_request')).json().data).toMatchObject({ reason: 'fraud_aml', balanceRule: 'hold' });
    const inbox = await inboxTitles(client);
    // Messages are keys the web renders in the player's language (decision 457).
    expect(inbox.match(/"key":"accountClosed(Hold|PayOut)"/g)).toEqual(['"key":"accountClosedHold"']);
    expect(await auditOf(`player:${playerId}`)).toEqual([
      expect.objectContaining({
        action: 'player.close',
        username: 'close-admin',
        after: { closed: true, reason: 'fraud_aml', note: 'Chargeback ring, case 42', balanceRule: 'hold', balanceMinor: balanceBefore },
      }),
    ]);
    const view = (await finance.call('GET', LAZY_API_PATHS.admin_player_safety.replace(':playerId', String(playerId)))).json().data;
    expect(view.closure).toMatchObject({ reason: 'fraud_aml', balanceRule: 'hold', balanceMinor: balanceBefore });
    // A review card of this player says so without another click.
    const context = (await finance.call('GET', LAZY_API_PATHS.admin_player_review_context.replace(':playerId', String(playerId)))).json().data;
    expect(context.closure).toEqual({ reason: 'fraud_aml', balanceRule: 'hold' });

    // Final: lifting a suspension does not reopen it, and no statement clears it.
    await expect(t.db.query(`UPDATE safety_controls SET closed_at = NULL, closure_reason = NULL, closed_by = NULL WHERE player_id = $1`, [playerId])).rejects.toMatchObject({
      code: '42501',
    });
    expect((await suspendThenLift(playerId)).statusCode).toBe(200);
    refusedWith(await wingoBet(client), 'wingo after a lift');
    // The phone stays taken: registering again with it makes no second account (the SMS tells
    // the holder the number has one, and its code cannot register; support handles a return).
    // Past the code-resend wait of the registration that made the account:
    clock.advance(10 * 60_000);
    expect((await new PlayerClient(t.app, '203.0.113.252').register(phone)).json().error.code).toBe('OTP_INVALID');
    const { rows: same } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM players WHERE phone = $1`, [phone]);
    expect(same[0]!.n).toBe(1);
    // Every money path in one test (about 20 s alone on a loaded machine): room for CI's load.
  }, 120_000);

  it('leaves the balance withdrawable when the reason pays out, the wagering lock waived', async () => {
    // Deposited and never played: the whole balance is wagering-locked until the closure.
    const { client, playerId } = await newPlayer(500_00);
    await t.app.kyc.submit(playerId, {
      fullName: 'Asha Verma',
      dateOfBirth: '1990-04-12',
      panNumber: 'ABCDE1234F',
      document: { base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', fileName: 'pan.png' },
    });
    const [pending] = (await t.app.kyc.listPending()).filter((s) => s.playerId === playerId);
    await t.app.kyc.verify({ submissionId: pending!.id, operatorId: 'op_kyc' });
    const method = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `c${playerId}@okaxis` });
    expect((await client.call('GET', API_PATHS.withdraw_info)).json().data).toMatchObject({ withdrawableMinor: 0 });

    const closed = await close(admin, playerId, 'player_request');
    expect(closed.json().data).toMatchObject({ reason: 'player_request', note: null, balanceRule: 'pay_out', balanceMinor: 500_00 });
    refusedWith(await wingoBet(client), 'wingo');
    expect((await client.call('GET', API_PATHS.withdraw_info)).json().data).toMatchObject({ balanceMinor: 500_00, withdrawableMinor: 500_00 });
    // Paid out through the normal withdrawal path: the hold takes it from main, the review follows.
    const w = await client.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 500_00, idempotencyKey: key() });
    expect(w.statusCode, w.body).toBe(200);
    expect(await mainOf(playerId)).toBe(0);
    // The withdrawal's own history says why it went out past the lock.
    const { rows } = await t.db.query<{ detail: unknown }>(`SELECT detail FROM withdrawal_events WHERE withdrawal_id = $1 AND to_status = 'requested'`, [w.json().data.id]);
    expect(rows[0]?.detail).toEqual({ wageringLockWaived: 'account_closed' });
    expect(await inboxTitles(client)).toContain('"key":"accountClosedPayOut"');
  });

  it('is refused while money is in a transfer-mode vendor purse, changing nothing', async () => {
    const { client, playerId } = await newPlayer(300_00);
    const fish = launchableGame('MG_Fish').gameUid;
    const opened = await openGame(await mintTicket(client, fish), fish, 100_00);
    expect(opened.statusCode, opened.body).toBe(302);
    const res = await close(admin, playerId, 'duplicate_account');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_CLOSE_FUNDS_AT_VENDOR', details: { heldMinor: 100_00 } });
    expect(await auditOf(`player:${playerId}`)).toEqual([]);
    expect((await wingoBet(client)).statusCode).toBe(200);
  });

  it('tells the player’s live socket at once', async () => {
    const { client, playerId } = await newPlayer();
    const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
    const seen: WingoServerMessage[] = [];
    ws.on('message', (raw) => seen.push(WingoServerMessageSchema.parse(JSON.parse(String(raw)))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
    await expect.poll(() => seen.some((m) => m.type === 'authenticated')).toBe(true);
    expect((await close(admin, playerId, 'responsible_gambling')).statusCode).toBe(200);
    await t.app.events.dispatch();
    await expect.poll(() => seen.find((m) => m.type === 'error')).toMatchObject({ type: 'error', code: 'ACCOUNT_CLOSED' });
    ws.close();
  });
});

describe('who may close', () => {
  it('refuses support, finance, bad input and an unknown player, changing nothing', async () => {
    const { client, playerId } = await newPlayer(100_00);
    expect((await close(support, playerId)).statusCode).toBe(403);
    expect((await close(finance, playerId)).statusCode).toBe(403);
    expect((await close(admin, playerId, 'because')).json().error.code).toBe('VALIDATION_FAILED');
    expect((await close(admin, playerId, 'other', 'x'.repeat(501))).json().error.code).toBe('VALIDATION_FAILED');
    expect((await close(admin, 99_999_999)).statusCode).toBe(404);
    expect(await auditOf(`player:${playerId}`)).toEqual([]);
    expect((await wingoBet(client)).statusCode).toBe(200);
    expect((await finance.call('GET', LAZY_API_PATHS.admin_player_safety.replace(':playerId', String(playerId)))).json().data.closure).toBeNull();
  });
});

async function suspendThenLift(playerId: number) {
  const suspended = await support.call('POST', LAZY_API_PATHS.admin_player_suspend.replace(':playerId', String(playerId)), { reason: 'other', note: 'Checking a closed account' });
  expect(suspended.statusCode, suspended.body).toBe(200);
  return support.call('POST', LAZY_API_PATHS.admin_player_suspension_lift.replace(':playerId', String(playerId)), { note: 'Done checking' });
}

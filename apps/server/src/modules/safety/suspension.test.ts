import { API_PATHS, LAZY_API_PATHS, WingoServerMessageSchema, type WingoServerMessage } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { launch, launchableGame, vendorDebit as debitAt } from '../../../test/helpers/games';
import { GAME_BETS, moneyPaths } from '../../../test/helpers/money-paths';
import { playerFactory } from '../../../test/helpers/players';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { usingRealPostgres } from '../../../test/helpers/test-db';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, getBalance } from '../ledger';

/**
 * Decision 420: an operator's suspension refuses every money path toward play (UPI and USDT
 * orders, a UTR, bets of every lottery game, launches with their transfer-mode purse, vendor
 * debits) in the money's own transaction; sign-in, history and withdrawals stay open; the live
 * socket is told; finance cannot suspend; every change is audited and the player notified.
 */

// 10:00 UTC is a round boundary of every room of every game.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const VENDOR_SECRET = 'test-demo-vendor-secret-0123456789abcdef';
const PASSWORD = 'Tiger-Lily-42';
let t: TestApp;
let port: number;
let keySeq = 0;
let support: OperatorClient;
let finance: OperatorClient;
const key = () => `susp-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

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
  support = await OperatorClient.create(t.app, clock, 'susp-support', 'support');
  finance = await OperatorClient.create(t.app, clock, 'susp-finance', 'finance', '198.51.100.8');
  expect((await support.login()).statusCode).toBe(200);
  expect((await finance.login()).statusCode).toBe(200);
}, 60_000);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const newPlayer = playerFactory(() => t, '96');

const suspendPath = (playerId: number) => LAZY_API_PATHS.admin_player_suspend.replace(':playerId', String(playerId));
const liftPath = (playerId: number) => LAZY_API_PATHS.admin_player_suspension_lift.replace(':playerId', String(playerId));
const suspend = (op: OperatorClient, playerId: number) => op.call('POST', suspendPath(playerId), { reason: 'payment_dispute', note: 'Chargeback on two recharges' });
const { upi, usdt, wingoBet, gameBet, k3Slip, openGame } = moneyPaths(() => t.app, clock, key);
const vendorDebit = (session: string, amountMinor: number) => debitAt(t.app, clock, VENDOR_SECRET, session, amountMinor);
const mintTicket = async (c: PlayerClient, gameUid: string) => (await c.call('POST', API_PATHS.game_launch_ticket, { gameId: gameUid })).json().data.ticket as string;
const auditOf = async (target: string) =>
  (await t.db.query<{ action: string; username: string; after: Record<string, unknown> }>(`SELECT action, username, after FROM operator_audit_log WHERE target = $1 ORDER BY id`, [target])).rows;

describe('a suspended account', () => {
  it('is refused on every money path toward play, in the money’s transaction; sign-in, history and withdrawal stay open; lifting reopens it', async () => {
    const { client, playerId, phone } = await newPlayer(1000_00);
    const jili = launchableGame('JILI').gameUid;
    const fish = launchableGame('MG_Fish').gameUid;
    // Everything works before: a bet in every game, an open UPI order, a vendor session.
    const first = await wingoBet(client);
    expect(first.statusCode, first.body).toBe(200);
    for (const game of GAME_BETS) expect((await gameBet(client, game)).statusCode, game[0]).toBe(200);
    expect((await k3Slip(client)).statusCode).toBe(200);
    const order = (await upi(client, 200_00)).json().data;
    const { sessionToken } = await launch(t.app, client, jili);
    expect(sessionToken).not.toBe('');
    const ticket = await mintTicket(client, jili);
    const fishTicket = await mintTicket(client, fish);
    const method = await readyToWithdraw(t, playerId);
    const balanceBefore = await getBalance(t.db, accountCodes.playerMain(playerId));

    const suspended = await suspend(support, playerId);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({ reason: 'payment_dispute', note: 'Chargeback on two recharges', since: clock.now().toISOString() });

    const refusedWith = (res: { statusCode: number; json: () => { error: { code: string } } }, label: string) => {
      expect(res.statusCode, label).toBe(403);
      expect(res.json().error.code, label).toBe('ACCOUNT_SUSPENDED');
    };
    refusedWith(await wingoBet(client), 'wingo');
    for (const game of GAME_BETS) refusedWith(await gameBet(client, game), game[0]);
    refusedWith(await k3Slip(client), 'k3 slip');
    refusedWith(await upi(client, 200_00), 'upi order');
    refusedWith(await usdt(client, 200_00), 'usdt order');
    refusedWith(await client.call('POST', API_PATHS.submit_utr, { orderId: order.id, utr: '412345678901' }), 'utr');
    refusedWith(await client.call('POST', API_PATHS.game_launch_ticket, { gameId: jili }), 'launch ticket');
    refusedWith(await openGame(ticket, jili), 'open game');
    // A transfer-mode launch with a ticket minted before: refused, and nothing moved to the purse.
    refusedWith(await openGame(fishTicket, fish, 100_00), 'transfer-mode launch');
    expect((await vendorDebit(sessionToken, 1_00)).json().data).toMatchObject({ status: 'refused', reason: 'ACCOUNT_SUSPENDED' });
    expect(await getBalance(t.db, accountCodes.playerMain(playerId))).toBe(balanceBefore);
    // An operator's suspension is not one of the player's own controls: not in the limit-hits list.
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM safety_refusals WHERE player_id = $1`, [playerId]);
    expect(rows[0]!.n).toBe(0);

    // Sign-in, history and withdrawal stay open.
    const again = new PlayerClient(t.app, '203.0.113.250', true);
    expect((await again.login(phone, PASSWORD)).statusCode).toBe(200);
    expect((await again.call('GET', `${API_PATHS.wingo_my_bets}?room=30s`)).statusCode).toBe(200);
    expect((await again.call('GET', API_PATHS.get_deposits)).statusCode).toBe(200);
    expect((await again.call('GET', API_PATHS.withdraw_info)).statusCode).toBe(200);
    const w = await again.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 100_00, idempotencyKey: key() });
    expect(w.statusCode, w.body).toBe(200);

    // The player is told (inbox), and the console shows the suspension.
    await t.app.events.dispatch();
    const inbox = (await client.call('GET', API_PATHS.notifications)).json().data;
    expect(inbox.items.map((n: { message: { key: string } }) => n.message.key)).toContain('accountSuspended');
    const view = (await finance.call('GET', LAZY_API_PATHS.admin_player_safety.replace(':playerId', String(playerId)))).json().data;
    expect(view.suspension).toMatchObject({ reason: 'payment_dispute', note: 'Chargeback on two recharges' });

    // Lifting is audited too, and the account is open again.
    const lifted = await support.call('POST', liftPath(playerId), { note: 'Dispute settled with the bank' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await wingoBet(client)).statusCode).toBe(200);
    expect((await upi(client, 200_00)).statusCode).toBe(200);
    expect(await auditOf(`player:${playerId}`)).toEqual([
      expect.objectContaining({ action: 'player.suspend', username: 'susp-support', after: { suspended: true, reason: 'payment_dispute', note: 'Chargeback on two recharges' } }),
      expect.objectContaining({ action: 'player.suspension_lift', username: 'susp-support', after: { suspended: false, note: 'Dispute settled with the bank' } }),
    ]);
    const view2 = (await support.call('GET', LAZY_API_PATHS.admin_player_safety.replace(':playerId', String(playerId)))).json().data;
    expect(view2.suspension).toBeNull();
    // Every money path in one test: room for CI's load.
  }, 120_000);

  it('makes a bet racing the suspension wait for it and then refuses it (the controls row lock)', async () => {
    const { client, playerId } = await newPlayer(100_00);
    // The player has a controls row (any control set once): the bet path locks it.
    await t.db.query(`INSERT INTO safety_controls (player_id, updated_at) VALUES ($1, now())`, [playerId]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const suspensionWritten = new Promise<void>((resolve) => (written = resolve));
    // The suspension's write, not yet committed: a bet that read past it would pass.
    const suspension = t.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM safety_controls WHERE player_id = $1 FOR UPDATE`, [playerId]);
      await tx.query(
        `UPDATE safety_controls SET suspended_at = now(), suspension_reason = 'other', suspension_note = 'race', suspended_by = (SELECT min(id) FROM operators) WHERE player_id = $1`,
        [playerId],
      );
      written();
      await held;
    });
    await suspensionWritten;
    const bet = wingoBet(client);
    // On PostgreSQL, wait until the bet is queued behind the row lock; PGlite runs one
    // transaction at a time, so there the bet waits for the whole suspension anyway.
    if (usingRealPostgres()) {
      await expect
        .poll(async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype IN ('tuple', 'transactionid')`)).rows[0]!.n)
        .toBeGreaterThan(0);
    }
    release();
    await suspension;
    const res = await bet;
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_SUSPENDED');
  });

  it('tells the player’s live socket at once', async () => {
    const { client, playerId } = await newPlayer();
    const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
    const seen: WingoServerMessage[] = [];
    ws.on('message', (raw) => seen.push(WingoServerMessageSchema.parse(JSON.parse(String(raw)))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
    await expect.poll(() => seen.some((m) => m.type === 'authenticated')).toBe(true);
    expect((await suspend(support, playerId)).statusCode).toBe(200);
    await t.app.events.dispatch();
    await expect.poll(() => seen.find((m) => m.type === 'error')).toMatchObject({ type: 'error', code: 'ACCOUNT_SUSPENDED' });
    ws.close();
  });
});

describe('who may suspend', () => {
  it('refuses finance, a second suspension, lifting one not in force, bad input and an unknown player, changing nothing', async () => {
    const { client, playerId } = await newPlayer(100_00);
    const byFinance = await suspend(finance, playerId);
    expect(byFinance.statusCode).toBe(403);
    expect((await wingoBet(client)).statusCode).toBe(200);
    expect((await support.call('POST', liftPath(playerId), { note: 'nothing to lift' })).json().error.code).toBe('ACCOUNT_SUSPENSION_CONFLICT');
    expect((await support.call('POST', suspendPath(playerId), { reason: 'because', note: 'not a reason code' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await support.call('POST', suspendPath(playerId), { reason: 'other', note: '' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await suspend(support, 99_999_999)).statusCode).toBe(404);
    expect(await auditOf(`player:${playerId}`)).toEqual([]);
    expect((await suspend(support, playerId)).statusCode).toBe(200);
    expect((await suspend(support, playerId)).json().error.code).toBe('ACCOUNT_SUSPENSION_CONFLICT');
    expect((await auditOf(`player:${playerId}`)).map((r) => r.action)).toEqual(['player.suspend']);
  });
});

describe('a review card’s context', () => {
  it('shows the player’s money, 30 days of deposits and withdrawals, wagering, KYC and controls in one answer', async () => {
    const { client, playerId } = await newPlayer(700_00);
    const path = LAZY_API_PATHS.admin_player_review_context.replace(':playerId', String(playerId));
    expect((await finance.call('GET', path)).json().data).toEqual({
      playerId,
      balanceMinor: 700_00,
      withdrawableMinor: 0,
      remainingToPlayMinor: 700_00,
      deposits30dMinor: 700_00,
      withdrawals30dMinor: 0,
      kycStatus: 'none',
      safetyBlock: 'none',
      limitsInForce: 0,
      suspended: false,
      closure: null,
      // A fresh player shares nothing with anyone (linked accounts, decision 430).
      linkedAccounts: [],
    });
    expect((await client.call('POST', API_PATHS.safety_limit, { kind: 'deposit', period: 'day', amountMinor: 1000_00 })).statusCode).toBe(200);
    expect((await client.call('POST', API_PATHS.safety_break, { days: 1 })).statusCode).toBe(200);
    expect((await suspend(support, playerId)).statusCode).toBe(200);
    expect((await finance.call('GET', path)).json().data).toMatchObject({ safetyBlock: 'break', limitsInForce: 1, suspended: true });
    expect((await finance.call('GET', LAZY_API_PATHS.admin_player_review_context.replace(':playerId', '99999999'))).statusCode).toBe(404);
  });
});

describe('responsible-gambling interaction notes', () => {
  it('keeps what an operator saw and did, newest first, audited, never edited', async () => {
    const { playerId } = await newPlayer();
    const path = LAZY_API_PATHS.admin_player_rg_notes.replace(':playerId', String(playerId));
    const first = await finance.call('POST', path, { observed: 'Five deposits in an hour, chasing losses', actionTaken: 'Called the player; suggested a deposit limit' });
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(1_000);
    expect((await support.call('POST', path, { observed: 'Player asked about self-exclusion', actionTaken: 'Explained the options; player took a 7-day break' })).statusCode).toBe(200);
    const notes = (await support.call('GET', path)).json().data.items;
    expect(notes.map((n: { observed: string }) => n.observed)).toEqual(['Player asked about self-exclusion', 'Five deposits in an hour, chasing losses']);
    expect(notes[1]).toMatchObject({ actionTaken: 'Called the player; suggested a deposit limit', operatorId: expect.any(Number) });
    expect((await auditOf(`player:${playerId}`)).map((r) => r.action)).toEqual(['player.rg_note', 'player.rg_note']);
    expect((await finance.call('POST', path, { observed: '', actionTaken: 'nothing' })).json().error.code).toBe('VALIDATION_FAILED');
    // Refused by the trigger (one role) or the missing privilege (the app role): SQLSTATE 42501 either way.
    await expect(t.db.query(`UPDATE safety_interaction_notes SET observed = 'changed' WHERE player_id = $1`, [playerId])).rejects.toMatchObject({ code: '42501' });
    expect((await support.call('GET', path)).json().data.items).toHaveLength(2);
  });
});

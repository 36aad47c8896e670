import { API_PATHS, LAZY_API_PATHS } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { launch, launchableGame, vendorDebit as debitAt } from '../../../test/helpers/games';
import { playerFactory } from '../../../test/helpers/players';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

/**
 * Decisions 210-211: each control set through the API and enforced on every money path (UPI and USDT
 * orders, Wingo bets, vendor debits, launches) in the money's own transaction; the cooling-off
 * of raises; two deposits at once at the limit; breaks and exclusions ending on a fake clock;
 * the console's read-only view.
 */

// 10:00 UTC is a round boundary of every Wingo room.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const HOUR = 3_600_000;
const ROOM = WINGO_ROOMS['30s'];
const VENDOR_SECRET = 'test-demo-vendor-secret-0123456789abcdef';
let t: TestApp;
let keySeq = 0;
let excludedPlayer: { client: PlayerClient; playerId: number; phone: string } | undefined;
const key = () => `safety-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 },
    env: { USDT_CHANNEL: 'sandbox', USDT_DEV_CHAIN_BLOCK_MS: '0', USDT_INR_RATE: '83.25' },
  });
  await t.app.lottery.tick();
}, 60_000);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

let opSeq = 0;
const newPlayer = playerFactory(() => t, '97');

const upi = (c: PlayerClient, amountMinor: number, idempotencyKey = key()) =>
  c.call('POST', API_PATHS.get_payment_url, { channel: 'upi', amountMinor, idempotencyKey });
const usdt = (c: PlayerClient, amountMinor: number) => c.call('POST', API_PATHS.get_payment_url_usdt, { amountMinor, idempotencyKey: key() });
const setLimit = (c: PlayerClient, kind: string, period: string, amountMinor: number | null) =>
  c.call('POST', API_PATHS.safety_limit, { kind, period, amountMinor });
const state = async (c: PlayerClient) => (await c.call('GET', API_PATHS.safety)).json().data;
const limitOf = async (c: PlayerClient, kind: string, period: string) =>
  ((await state(c)).limits as { kind: string; period: string }[]).find((l) => l.kind === kind && l.period === period);
const pay = (paymentUrl: string) =>
  t.app.inject({ method: 'POST', url: paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=paid' });
/** Moves the clock to the opening of the next 30 s round and runs the engine (a fresh round to bet in). */
async function openRound() {
  clock.advance(roundAt(ROOM, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
}
const betOn = (c: PlayerClient, amountMinor: number) =>
  c.call('POST', API_PATHS.wingo_place_bet, {
    room: '30s',
    period: roundAt(ROOM, clock.now().getTime()).period,
    selection: 'green',
    // Amounts are presets: ₹10 a unit, as many units as the total needs.
    amountMinor: 10_00,
    quantity: amountMinor / 10_00,
    multiplier: 1,
    idempotencyKey: key(),
  });
const vendorDebit = (session: string, amountMinor: number) => debitAt(t.app, clock, VENDOR_SECRET, session, amountMinor);

describe('deposit limits', () => {
  it('refuses a UPI order over the remaining limit with the remaining amount, and takes one within it', async () => {
    const { client } = await newPlayer();
    expect((await setLimit(client, 'deposit', 'day', 500_00)).statusCode).toBe(200);
    const over = await upi(client, 600_00);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 500_00, period: 'day' } });
    expect(over.json().error.message).toContain('₹500');
    const within = await upi(client, 400_00);
    expect(within.statusCode).toBe(200);
    // The open order counts at once (reserved, not yet used: nothing was credited): only ₹100 is left.
    const next = await upi(client, 200_00);
    expect(next.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 100_00 } });
    expect(await limitOf(client, 'deposit', 'day')).toMatchObject({ amountMinor: 500_00, usedMinor: 0, reservedMinor: 400_00, remainingMinor: 100_00 });
    // A retry of the accepted order is the same order, not a second count.
    const retryKey = key();
    expect((await upi(client, 100_00, retryKey)).statusCode).toBe(200);
    expect((await upi(client, 100_00, retryKey)).statusCode).toBe(200);
    expect(await limitOf(client, 'deposit', 'day')).toMatchObject({ usedMinor: 0, reservedMinor: 500_00, remainingMinor: 0 });
  });

  it('stops counting an order the player cancels', async () => {
    const { client } = await newPlayer();
    await setLimit(client, 'deposit', 'week', 300_00);
    const order = (await upi(client, 300_00)).json().data;
    expect((await upi(client, 100_00)).statusCode).toBe(409);
    expect((await client.call('POST', API_PATHS.cancel_deposit, { orderId: order.id })).statusCode).toBe(200);
    expect((await upi(client, 300_00)).statusCode).toBe(200);
  });

  it('credits a payment for an order made before the limit was lowered, and counts it', async () => {
    const { client } = await newPlayer();
    await setLimit(client, 'deposit', 'day', 1000_00);
    const order = (await upi(client, 800_00)).json().data;
    // Lowered below what is already on its way: applies at once.
    expect((await setLimit(client, 'deposit', 'day', 200_00)).json().data.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({
      amountMinor: 200_00,
      remainingMinor: 0,
    });
    expect((await pay(order.paymentUrl)).statusCode).toBe(303);
    expect((await client.call('GET', API_PATHS.get_balance)).json().data.balanceMinor).toBe(800_00);
    expect((await upi(client, 100_00)).json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 0 } });
    expect((await state(client)).netDeposits).toMatchObject({ last30DaysMinor: 800_00, last12MonthsMinor: 800_00, allTimeMinor: 800_00 });
  });

  it('lets only one of two orders made at once pass the limit', async () => {
    const { client, playerId } = await newPlayer();
    await setLimit(client, 'deposit', 'day', 500_00);
    const results = await Promise.all([upi(client, 300_00), upi(client, 300_00), upi(client, 300_00)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders WHERE player_id = $1`, [playerId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('checks two overlapping order transactions one after the other (the controls row is locked)', async () => {
    const { client, playerId } = await newPlayer();
    await setLimit(client, 'deposit', 'day', 500_00);
    let releaseFirst!: () => void;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = t.db.transaction(async (tx) => {
      await t.app.safety.checkDeposit(tx, { playerId, orderRef: `dep_lock_a_${key()}`, amountMinor: 300_00 });
      // Still open: without the lock the second check would read no usage and pass too.
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = t.db.transaction((tx) => t.app.safety.checkDeposit(tx, { playerId, orderRef: `dep_lock_b_${key()}`, amountMinor: 300_00 }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    releaseFirst();
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', publicDetails: { remainingMinor: 200_00 } });
  });

  it('holds for USDT orders too, across both channels', async () => {
    const { client } = await newPlayer();
    await setLimit(client, 'deposit', 'month', 1000_00);
    expect((await upi(client, 600_00)).statusCode).toBe(200);
    const over = await usdt(client, 500_00);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 400_00, period: 'month' } });
    expect((await usdt(client, 400_00)).statusCode).toBe(200);
    expect((await upi(client, 100_00)).statusCode).toBe(409);
  }, 60_000);

  it('requires a deposit limit first when the operator says so', async () => {
    const strict = await buildTestApp({ clock, env: { SAFETY_MANDATORY_DEPOSIT_LIMIT: '1' } });
    try {
      const c = new PlayerClient(strict.app, '203.0.113.250', true);
      expect((await c.register('9700000999')).statusCode).toBe(200);
      const refused = await c.call('POST', API_PATHS.get_payment_url, { channel: 'upi', amountMinor: 200_00, idempotencyKey: key() });
      expect(refused.json().error.code).toBe('DEPOSIT_LIMIT_REQUIRED');
      expect((await c.call('GET', API_PATHS.safety)).json().data.depositLimitRequired).toBe(true);
      await c.call('POST', API_PATHS.safety_limit, { kind: 'deposit', period: 'day', amountMinor: 1000_00 });
      expect((await c.call('POST', API_PATHS.get_payment_url, { channel: 'upi', amountMinor: 200_00, idempotencyKey: key() })).statusCode).toBe(200);
    } finally {
      await strict.app.close();
    }
  }, 60_000);
});

describe('stake and loss limits on Wingo bets and vendor debits', () => {
  it('refuses a Wingo bet over the stake limit and one that could lose past the loss limit', async () => {
    await openRound();
    const { client } = await newPlayer(1000_00);
    await setLimit(client, 'stake', 'day', 50_00);
    expect((await betOn(client, 30_00)).statusCode).toBe(200);
    const over = await betOn(client, 30_00);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'STAKE_LIMIT_EXCEEDED', details: { remainingMinor: 20_00 } });
    expect((await betOn(client, 20_00)).statusCode).toBe(200);

    const second = await newPlayer(1000_00);
    await setLimit(second.client, 'loss', 'week', 25_00);
    expect((await betOn(second.client, 20_00)).statusCode).toBe(200);
    const lossy = await betOn(second.client, 10_00);
    expect(lossy.json().error).toMatchObject({ code: 'LOSS_LIMIT_EXCEEDED', details: { remainingMinor: 5_00, period: 'week' } });
    // Nothing moved for the refused bets.
    expect((await client.call('GET', API_PATHS.get_balance)).json().data.balanceMinor).toBe(950_00);
    expect((await second.client.call('GET', API_PATHS.get_balance)).json().data.balanceMinor).toBe(980_00);
  });

  it('refuses a vendor debit over the stake limit through the wallet API', async () => {
    const { client } = await newPlayer(1000_00);
    const { sessionToken } = await launch(t.app, client, launchableGame('JILI').gameUid);
    await setLimit(client, 'stake', 'day', 10_00);
    expect((await vendorDebit(sessionToken, 10_00)).json().data.status).toBe('ok');
    const refused = (await vendorDebit(sessionToken, 1_00)).json().data;
    expect(refused).toMatchObject({ status: 'refused', reason: 'STAKE_LIMIT_EXCEEDED', transferId: null, balanceMinor: 990_00 });
  });

  it('checks a batch of stakes set-based: one player’s stakes add up, others are untouched', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    await setLimit(a.client, 'stake', 'day', 100_00);
    const refusals = await t.db.transaction((tx) =>
      t.app.safety.checkStakes(tx, [
        { playerId: a.playerId, stakeMinor: 60_00 },
        { playerId: b.playerId, stakeMinor: 500_00 },
        { playerId: a.playerId, stakeMinor: 60_00 },
        { playerId: a.playerId, stakeMinor: 40_00 },
      ]),
    );
    expect(refusals.map((r) => r?.code ?? null)).toEqual([null, null, 'STAKE_LIMIT_EXCEEDED', null]);
  });
});

describe('self-exclusion', () => {
  it('blocks play at once; the player cannot end it', async () => {
    await openRound();
    excludedPlayer = await newPlayer(1000_00);
    const client = excludedPlayer.client;
    const excluded = await client.call('POST', API_PATHS.safety_exclusion, { months: 6 });
    expect(excluded.statusCode).toBe(200);
    expect(excluded.json().data.block.kind).toBe('exclusion');
    expect((await betOn(client, 10_00)).json().error.code).toBe('SELF_EXCLUDED');
    expect((await upi(client, 200_00)).json().error.code).toBe('SELF_EXCLUDED');
    expect((await client.call('POST', API_PATHS.game_launch_ticket, { gameId: launchableGame('JILI').gameUid })).json().error.code).toBe('SELF_EXCLUDED');
    expect((await client.call('POST', API_PATHS.safety_reopen, { confirm: true })).json().error.code).toBe('SAFETY_CHANGE_REFUSED');
    expect((await client.call('POST', API_PATHS.safety_break, { days: 1 })).json().error.code).toBe('SAFETY_CHANGE_REFUSED');
    expect((await client.call('GET', API_PATHS.withdraw_info)).statusCode).toBe(200);
  });
});

describe('a break (time-out)', () => {
  it('refuses bets, deposits, launches and vendor debits; withdrawals and history stay open; ends on time', async () => {
    await openRound();
    const { client, playerId } = await newPlayer(1000_00);
    expect((await betOn(client, 10_00)).statusCode).toBe(200);
    const { sessionToken } = await launch(t.app, client, launchableGame('JILI').gameUid);
    // A ticket minted before the break cannot open a game during it.
    const ticket = (await client.call('POST', API_PATHS.game_launch_ticket, { gameId: launchableGame('JILI').gameUid })).json().data.ticket;

    const taken = await client.call('POST', API_PATHS.safety_break, { days: 1 });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.block).toMatchObject({ kind: 'break', until: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });

    const bet = await betOn(client, 10_00);
    expect(bet.statusCode).toBe(403);
    expect(bet.json().error.code).toBe('PLAYER_ON_BREAK');
    expect((await upi(client, 200_00)).json().error.code).toBe('PLAYER_ON_BREAK');
    expect((await usdt(client, 200_00)).json().error.code).toBe('PLAYER_ON_BREAK');
    expect((await client.call('POST', API_PATHS.game_launch_ticket, { gameId: launchableGame('JILI').gameUid })).json().error.code).toBe('PLAYER_ON_BREAK');
    const opened = await t.app.inject({ method: 'GET', url: `/api/games/open-game-url?token=${encodeURIComponent(ticket)}&game_id=${launchableGame('JILI').gameUid}` });
    expect(opened.statusCode).toBe(403);
    expect(opened.json().error.code).toBe('PLAYER_ON_BREAK');
    expect((await vendorDebit(sessionToken, 1_00)).json().data).toMatchObject({ status: 'refused', reason: 'PLAYER_ON_BREAK' });

    // History and the withdraw page's facts stay available.
    expect((await client.call('GET', `${API_PATHS.wingo_my_bets}?room=30s`)).statusCode).toBe(200);
    expect((await client.call('GET', API_PATHS.get_deposits)).statusCode).toBe(200);
    expect((await client.call('GET', API_PATHS.withdraw_info)).statusCode).toBe(200);
    // The break cannot be shortened, and no one can end it early.
    expect((await client.call('POST', API_PATHS.safety_break, { days: 1 })).json().error.code).toBe('SAFETY_CHANGE_REFUSED');

    // The refusals are counted for the console's list.
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM safety_refusals WHERE player_id = $1`, [playerId]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5);

    clock.advance(24 * HOUR);
    expect((await state(client)).block.kind).toBe('none');
    expect((await upi(client, 200_00)).statusCode).toBe(200);
    expect((await client.call('POST', API_PATHS.game_launch_ticket, { gameId: launchableGame('JILI').gameUid })).statusCode).toBe(200);
  });

  it('lets the player withdraw during a break', async () => {
    const { client, playerId } = await newPlayer(1000_00);
    // Played through (no wagering lock), identity verified, a payout method.
    const method = await readyToWithdraw(t, playerId);
    clock.advance(25 * HOUR);
    expect((await client.call('POST', API_PATHS.safety_break, { days: 7 })).statusCode).toBe(200);
    const w = await client.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 500_00, idempotencyKey: key() });
    expect(w.statusCode, w.body).toBe(200);
    expect((await client.call('GET', API_PATHS.get_balance)).json().data.balanceMinor).toBe(500_00);
  });
});

describe('raising a limit: 24 hours, then the player confirms again', () => {
  it('keeps the lower limit in force until confirmed after the cooling-off', async () => {
    const { client } = await newPlayer();
    await setLimit(client, 'deposit', 'month', 200_00);
    const raised = await setLimit(client, 'deposit', 'month', 5000_00);
    expect(raised.statusCode).toBe(200);
    const limit = await limitOf(client, 'deposit', 'month');
    expect(limit).toMatchObject({ amountMinor: 200_00, pending: { amountMinor: 5000_00, confirmable: false } });
    expect((await upi(client, 300_00)).statusCode).toBe(409);
    const early = await client.call('POST', API_PATHS.safety_limit_confirm, { kind: 'deposit', period: 'month' });
    expect(early.json().error.code).toBe('SAFETY_CHANGE_REFUSED');
    clock.advance(24 * HOUR);
    // The time alone changes nothing: the player must confirm.
    expect(await limitOf(client, 'deposit', 'month')).toMatchObject({ amountMinor: 200_00, pending: { confirmable: true } });
    expect((await upi(client, 300_00)).statusCode).toBe(409);
    expect((await client.call('POST', API_PATHS.safety_limit_confirm, { kind: 'deposit', period: 'month' })).statusCode).toBe(200);
    expect(await limitOf(client, 'deposit', 'month')).toMatchObject({ amountMinor: 5000_00, pending: null });
    expect((await upi(client, 300_00)).statusCode).toBe(200);
    // Removing waits the same way.
    await setLimit(client, 'deposit', 'month', null);
    expect(await limitOf(client, 'deposit', 'month')).toMatchObject({ amountMinor: 5000_00, pending: { amountMinor: null } });
  });

  it('refuses a control the operator does not offer, and bad input', async () => {
    const { client } = await newPlayer();
    expect((await setLimit(client, 'deposit', 'year', 100_00)).json().error.code).toBe('VALIDATION_FAILED');
    expect((await setLimit(client, 'deposit', 'day', 99)).json().error.code).toBe('VALIDATION_FAILED');
    expect((await client.call('POST', API_PATHS.safety_break, { days: 43 })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await client.call('POST', API_PATHS.safety_exclusion, { months: 3 })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await new PlayerClient(t.app).call('GET', API_PATHS.safety)).statusCode).toBe(401);
  });
});

describe('self-exclusion ending', () => {
  it('stays closed after its end until the player asks to reopen and waits 24 hours', async () => {
    const client = excludedPlayer!.client;
    clock.advance(185 * 24 * HOUR);
    // Months later the session has ended; an excluded player can still log in (to withdraw).
    expect((await client.login(excludedPlayer!.phone)).statusCode).toBe(200);
    expect((await state(client)).block).toMatchObject({ kind: 'closed', reopenRequestedAt: null, reopensAt: null });
    expect((await upi(client, 200_00)).json().error.code).toBe('SELF_EXCLUDED');
    const asked = await client.call('POST', API_PATHS.safety_reopen, { confirm: true });
    expect(asked.json().data.block).toMatchObject({ kind: 'closed', reopensAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });
    clock.advance(24 * HOUR - 1000);
    expect((await upi(client, 200_00)).json().error.code).toBe('SELF_EXCLUDED');
    clock.advance(1000);
    expect((await upi(client, 200_00)).statusCode).toBe(200);
  });
});

describe('reality checks, prompts and history', () => {
  it('stores the interval, answers the session result and lists every change', async () => {
    const { client } = await newPlayer();
    const s = await state(client);
    expect(s).toMatchObject({ realityCheckMinutes: null, depositLimitPrompt: true });
    expect((await client.call('POST', API_PATHS.safety_reality_check, { minutes: 30 })).json().data.realityCheckMinutes).toBe(30);
    expect((await client.call('POST', API_PATHS.safety_reality_check, { minutes: 45 })).statusCode).toBe(400);
    expect((await client.call('POST', API_PATHS.safety_deposit_prompt_skip, { confirm: true })).json().data.depositLimitPrompt).toBe(false);
    const session = await client.call('GET', `${API_PATHS.safety_session}?since=${encodeURIComponent(new Date(clock.now().getTime() - HOUR).toISOString())}`);
    expect(session.json().data).toMatchObject({ netResultMinor: 0, stakedMinor: 0 });
    await setLimit(client, 'loss', 'day', 100_00);
    const history = (await client.call('GET', API_PATHS.safety_history)).json().data.items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['limit.applied', 'deposit_prompt.skipped', 'reality_check.set']);
  });
});

describe('the console', () => {
  it('shows a player’s controls and their history read-only, and the players who hit limits often', async () => {
    const { client, playerId } = await newPlayer();
    await setLimit(client, 'deposit', 'day', 100_00);
    for (let i = 0; i < 3; i++) expect((await upi(client, 200_00)).statusCode).toBe(409);
    const op = await OperatorClient.create(t.app, clock, `safety-op-${++opSeq}`, 'support');
    expect((await op.login()).statusCode).toBe(200);
    const view = await op.call('GET', LAZY_API_PATHS.admin_player_safety.replace(':playerId', String(playerId)));
    expect(view.statusCode).toBe(200);
    expect(view.json().data.state.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ amountMinor: 100_00 });
    expect(view.json().data.changes[0]).toMatchObject({ action: 'limit.applied', detail: { kind: 'deposit', period: 'day', requestedMinor: 100_00 } });
    const hits = (await op.call('GET', `${LAZY_API_PATHS.admin_limit_hits}?days=7&minHits=3`)).json().data.items;
    expect(hits).toContainEqual(expect.objectContaining({ playerId, hits: 3, kinds: ['DEPOSIT_LIMIT_EXCEEDED'] }));
  });

  it('has no route that changes a player’s controls: only the player’s own token can', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const adminSafety = routes.split('\n').filter((l) => l.includes('/api/admin') && l.includes('safety'));
    expect(adminSafety.length).toBeGreaterThan(0);
    for (const line of adminSafety) expect(line).not.toMatch(/POST|PUT|PATCH|DELETE/);
    // The player routes refuse an operator's cookie (no bearer token).
    const { client } = await newPlayer();
    await client.call('POST', API_PATHS.safety_break, { days: 7 });
    const op = await OperatorClient.create(t.app, clock, `safety-op2-${++opSeq}`, 'admin');
    await op.login();
    const attempts: [string, unknown][] = [
      [API_PATHS.safety_break, { days: 1 }],
      [API_PATHS.safety_exclusion, { months: 6 }],
      [API_PATHS.safety_reopen, { confirm: true }],
      [API_PATHS.safety_limit, { kind: 'deposit', period: 'day', amountMinor: null }],
      [API_PATHS.safety_limit_confirm, { kind: 'deposit', period: 'day' }],
    ];
    for (const [path, body] of attempts) expect((await op.call('POST', path, body)).statusCode).toBe(401);
    expect((await state(client)).block.kind).toBe('break');
  });
});

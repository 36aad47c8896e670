import { API_PATHS } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { TestApp } from '../../../test/helpers/build-test-app';
import { liveTestApp, openWingoSocket, type LiveInbox } from '../../../test/helpers/live-socket';
import { playerFactory, type TestPlayer } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { MAX_SOCKET_BETS_IN_FLIGHT } from './live';

// Bets over the signed-in Wingo socket (decision 570): the HTTP route's checks, answers and money
// rules, in one frame each way.

const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const ROOM = WINGO_ROOMS['30s'];
let t: TestApp;
let port: number;
let period: string;

beforeAll(async () => {
  ({ t, port } = await liveTestApp(clock));
  // The next round, open from its first second: every bet of the file goes to it.
  clock.advance(roundAt(ROOM, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
  period = roundAt(ROOM, clock.now().getTime()).period;
});
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
});

const newPlayer = playerFactory(() => t, '98766', { address: () => '203.0.113.11', autoRefresh: false });

let keys = 0;
/** A valid bet of ₹10 on the file's round, with a fresh key. */
const betInput = (over: Record<string, unknown> = {}) => ({ room: '30s', period, selection: 'big', amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: `socket-bet-${++keys}`, ...over });

/** The player's bets as stored. */
async function betsOf(playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM lottery_bets WHERE player_id = $1', [playerId]);
  return Number(rows[0]!.n);
}

/** A funded player with a Wingo socket signed in with their token. */
async function signedIn(fundMinor = 10_000): Promise<TestPlayer & { ws: WebSocket; inbox: LiveInbox }> {
  const player = await newPlayer(fundMinor);
  const { ws, inbox } = await openWingoSocket(port);
  await inbox.next('clock');
  ws.send(JSON.stringify({ type: 'auth', accessToken: player.client.token }));
  await inbox.next('authenticated');
  return { ...player, ws, inbox };
}

const sendBet = (ws: WebSocket, bet: unknown) => ws.send(JSON.stringify({ type: 'bet', bet }));

it('places a bet sent as a frame, answers with the HTTP route’s result, and a retry with its key (frame or HTTP) returns the same bet', async () => {
  const player = await signedIn();
  const bet = betInput();
  sendBet(player.ws, bet);
  const placed = await player.inbox.next('betPlaced');
  expect(placed.idempotencyKey).toBe(bet.idempotencyKey);
  expect(placed.result.balanceMinor).toBe(9_000);
  expect(placed.result.bet).toMatchObject({ period, selection: 'big', totalMinor: 1_000, status: 'pending' });
  expect(await player.balance()).toBe(9_000);

  // The same key again over the socket, then over HTTP: the first bet, no second debit.
  sendBet(player.ws, bet);
  expect((await player.inbox.next('betPlaced')).result).toEqual(placed.result);
  const http = await player.client.call('POST', API_PATHS.wingo_place_bet, bet);
  expect(http.statusCode, http.body).toBe(200);
  expect(http.json().data).toEqual(placed.result);
  expect(await player.balance()).toBe(9_000);
  expect(await betsOf(player.playerId)).toBe(1);
  // The same key with another bet is the HTTP route's conflict.
  sendBet(player.ws, { ...bet, selection: 'small' });
  const conflict = await player.inbox.next('betRefused');
  const httpConflict = await player.client.call('POST', API_PATHS.wingo_place_bet, { ...bet, selection: 'small' });
  expect(conflict).toMatchObject({ idempotencyKey: bet.idempotencyKey, error: { code: httpConflict.json().error.code } });
  expect(httpConflict.statusCode).toBe(409);
  player.ws.close();
});

it('refuses a bet frame on a socket that has not signed in, whatever the frame holds, and changes nothing', async () => {
  const player = await newPlayer(10_000);
  const { ws, inbox } = await openWingoSocket(port);
  await inbox.next('clock');
  // Who is calling comes first (decision 196): a malformed bet is UNAUTHORIZED too, not a validation error.
  sendBet(ws, betInput({ idempotencyKey: 'anonymous-bet-1' }));
  expect(await inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'anonymous-bet-1', error: { code: 'UNAUTHORIZED' } });
  sendBet(ws, betInput({ idempotencyKey: 'anonymous-bet-2', amountMinor: -5, extra: true }));
  expect(await inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'anonymous-bet-2', error: { code: 'UNAUTHORIZED' } });
  // A failed sign-in leaves the socket anonymous.
  ws.send(JSON.stringify({ type: 'auth', accessToken: 'not-a-token' }));
  expect((await inbox.next('error')).code).toBe('UNAUTHORIZED');
  sendBet(ws, betInput({ idempotencyKey: 'anonymous-bet-3' }));
  expect(await inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'anonymous-bet-3', error: { code: 'UNAUTHORIZED' } });
  expect(await player.balance()).toBe(10_000);
  expect(await betsOf(player.playerId)).toBe(0);
  ws.close();
});

it('refuses a malformed bet frame with the contract’s error and its issues, by the key when it has one, and changes nothing', async () => {
  const player = await signedIn();
  sendBet(player.ws, betInput({ idempotencyKey: 'bad-selection-1', selection: 'purple' }));
  const bad = await player.inbox.next('betRefused');
  expect(bad).toMatchObject({ idempotencyKey: 'bad-selection-1', error: { code: 'VALIDATION_FAILED' } });
  expect(bad.error.issues?.map((i) => i.path)).toEqual(['selection']);
  // Unknown fields are refused, in the bet as in the frame.
  sendBet(player.ws, betInput({ idempotencyKey: 'extra-field-1', note: 'x' }));
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'extra-field-1', error: { code: 'VALIDATION_FAILED' } });
  player.ws.send(JSON.stringify({ type: 'bet', bet: betInput({ idempotencyKey: 'extra-field-2' }), also: 1 }));
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'extra-field-2', error: { code: 'VALIDATION_FAILED' } });
  // No readable key: refused without one.
  sendBet(player.ws, 'not a bet');
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: null, error: { code: 'VALIDATION_FAILED' } });
  sendBet(player.ws, betInput({ idempotencyKey: 42 }));
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: null, error: { code: 'VALIDATION_FAILED' } });
  // A frame that is not JSON is the socket's error; the socket stays open and still takes bets.
  player.ws.send('{"type":"bet",');
  expect((await player.inbox.next('error')).code).toBe('MALFORMED_JSON');
  expect(await player.balance()).toBe(10_000);
  expect(await betsOf(player.playerId)).toBe(0);
  sendBet(player.ws, betInput());
  expect((await player.inbox.next('betPlaced')).result.balanceMinor).toBe(9_000);
  player.ws.close();
});

it('refuses what the HTTP route refuses with its code: a closed period, more than the balance', async () => {
  const player = await signedIn(1_500);
  const cases = [betInput({ period: roundAt(ROOM, clock.now().getTime() - ROOM.roundMs).period }), betInput({ quantity: 2 })];
  for (const bet of cases) {
    sendBet(player.ws, bet);
    const refused = await player.inbox.next('betRefused');
    const http = await player.client.call('POST', API_PATHS.wingo_place_bet, { ...bet, idempotencyKey: `${bet.idempotencyKey}-http` });
    expect(http.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused).toEqual({ type: 'betRefused', idempotencyKey: bet.idempotencyKey, error: http.json().error });
  }
  expect(await player.balance()).toBe(1_500);
  expect(await betsOf(player.playerId)).toBe(0);
  player.ws.close();
});

it('stops taking bets when the socket’s session ends', async () => {
  const player = await signedIn();
  sendBet(player.ws, betInput());
  await player.inbox.next('betPlaced');
  expect((await player.client.call('POST', API_PATHS.logout)).statusCode).toBe(200);
  expect(await player.inbox.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
  sendBet(player.ws, betInput({ idempotencyKey: 'after-logout-1' }));
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'after-logout-1', error: { code: 'UNAUTHORIZED' } });
  expect(await player.balance()).toBe(9_000);
  expect(await betsOf(player.playerId)).toBe(1);
  player.ws.close();
});

it(`answers RATE_LIMITED past ${MAX_SOCKET_BETS_IN_FLIGHT} bets in flight on one socket, and places the others`, async () => {
  const player = await signedIn(100_000);
  const bets = Array.from({ length: MAX_SOCKET_BETS_IN_FLIGHT + 4 }, () => betInput());
  // One write: every frame reaches the server in one read, before any bet can be answered.
  const raw = (player.ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
  raw.cork();
  for (const bet of bets) sendBet(player.ws, bet);
  raw.uncork();
  const outcomes = new Map<string, string>();
  for (let i = 0; i < 4; i++) {
    const m = await player.inbox.next('betRefused');
    outcomes.set(m.idempotencyKey!, m.error.code);
  }
  for (let i = 0; i < MAX_SOCKET_BETS_IN_FLIGHT; i++) outcomes.set((await player.inbox.next('betPlaced', 15_000)).idempotencyKey, 'placed');
  expect(bets.map((b) => outcomes.get(b.idempotencyKey))).toEqual([...Array(MAX_SOCKET_BETS_IN_FLIGHT).fill('placed'), 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
  expect(await player.balance()).toBe(100_000 - MAX_SOCKET_BETS_IN_FLIGHT * 1_000);
  expect(await betsOf(player.playerId)).toBe(MAX_SOCKET_BETS_IN_FLIGHT);
  player.ws.close();
});

it('refuses a bet of a player on a break with the HTTP route’s code, and counts the refusal as the route does (decision 210)', async () => {
  const player = await signedIn();
  expect((await player.client.call('POST', API_PATHS.safety_break, { days: 1 })).statusCode).toBe(200);
  const bet = betInput();
  sendBet(player.ws, bet);
  const refused = await player.inbox.next('betRefused');
  const http = await player.client.call('POST', API_PATHS.wingo_place_bet, { ...bet, idempotencyKey: `${bet.idempotencyKey}-http` });
  expect(http.json().error.code).toBe('PLAYER_ON_BREAK');
  expect(refused).toEqual({ type: 'betRefused', idempotencyKey: bet.idempotencyKey, error: http.json().error });
  // One refusal counted for each: the socket's and the route's.
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM safety_refusals WHERE player_id = $1', [player.playerId]);
  expect(rows[0]!.n).toBe(2);
  expect(await player.balance()).toBe(10_000);
  expect(await betsOf(player.playerId)).toBe(0);
  player.ws.close();
});

// Last: it moves the file's clock past the access token's life.
it('refuses bets once the socket’s access token has expired, and takes them again after `auth` with a renewed token', async () => {
  const player = await signedIn();
  clock.advance(15 * 60 * 1000 + 1_000);
  await t.app.lottery.tick();
  const open = roundAt(ROOM, clock.now().getTime());
  sendBet(player.ws, betInput({ period: open.period, idempotencyKey: 'expired-token-1' }));
  expect(await player.inbox.next('betRefused')).toMatchObject({ idempotencyKey: 'expired-token-1', error: { code: 'UNAUTHORIZED' } });
  expect(await betsOf(player.playerId)).toBe(0);

  expect((await player.client.call('POST', API_PATHS.refresh_token)).statusCode).toBe(200);
  player.ws.send(JSON.stringify({ type: 'auth', accessToken: player.client.token }));
  await player.inbox.next('authenticated');
  sendBet(player.ws, betInput({ period: open.period, idempotencyKey: 'renewed-token-1' }));
  expect((await player.inbox.next('betPlaced')).result.balanceMinor).toBe(9_000);
  player.ws.close();
});

import { API_PATHS, type DomainEvent } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../../../test/helpers/build-test-app';
import { listen, liveTestApp, openWingoSocket } from '../../../test/helpers/live-socket';
import { PlayerClient } from '../../../test/helpers/player-client';
import { playerFactory } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';

const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const ROOM = WINGO_ROOMS['30s'];
let t: TestApp;
let port: number;

beforeAll(async () => {
  ({ t, port } = await liveTestApp(clock));
});
afterAll(async () => {
  await t.app.close();
});

/** A registered player with ₹100 in their main account. */
const newPlayer = playerFactory(() => t, '98765', { address: () => '203.0.113.10', autoRefresh: false });
const fundedPlayer = () => newPlayer(10_000);

/** A Wingo socket, open, with its inbox. */
const openSocket = () => openWingoSocket(port);

it('delivers the clock, the draw result and the player’s settlement over a real socket', async () => {
  const { client, playerId } = await fundedPlayer();
  const { ws, inbox } = await openSocket();
  const first = await inbox.next('clock');
  expect(first.serverTimeMs).toBe(clock.now().getTime());
  expect(first.rounds.map((r) => r.roomId)).toEqual(['30s', '1m', '3m', '5m']);

  ws.send(JSON.stringify({ type: 'auth', accessToken: 'not-a-token' }));
  expect((await inbox.next('error')).code).toBe('UNAUTHORIZED');
  ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
  expect((await inbox.next('authenticated')).playerId).toBe(playerId);

  clock.advance(roundAt(ROOM, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
  const round = roundAt(ROOM, clock.now().getTime());
  const placed = await client.call('POST', API_PATHS.wingo_place_bet, {
    room: '30s',
    period: round.period,
    selection: 'big',
    amountMinor: 1_000,
    quantity: 1,
    multiplier: 1,
    idempotencyKey: 'live-bet-0001',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  clock.advance(round.drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();

  // The round open at the start had its chain too (decision 380): its result comes first.
  let result = await inbox.next('result');
  while (result.result.period !== round.period) result = await inbox.next('result');
  expect(result.result.period).toBe(round.period);
  const settled = await inbox.next('betsSettled');
  const won = result.result.digit! >= 5;
  expect(settled).toMatchObject({ period: round.period, bets: 1, payoutMinor: won ? 1_960 : 0, balanceMinor: 9_000 + (won ? 1_960 : 0) });
  expect((await inbox.next('balance')).balanceMinor).toBe(settled.balanceMinor);
  ws.close();
});

it('pushes a round\'s result as soon as it is drawn, before its settlement pays (decision 371)', async () => {
  const { client } = await fundedPlayer();
  const { ws, inbox } = await openSocket();
  ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
  await inbox.next('authenticated');
  ws.send(JSON.stringify({ type: 'subscribe', room: '30s' }));
  await inbox.next('subscribed');

  clock.advance(roundAt(ROOM, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
  const round = roundAt(ROOM, clock.now().getTime());
  const bet = { room: '30s', period: round.period, selection: 'small', amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: 'live-bet-0002' };
  expect((await client.call('POST', API_PATHS.wingo_place_bet, bet)).statusCode).toBe(200);
  clock.advance(round.drawsAtMs - clock.now().getTime());
  // The draw alone: the round is drawn and not yet settled, and its result is already out.
  const { rows } = await t.db.query<{ id: number }>("SELECT id FROM lottery_rounds WHERE game = 'wingo' AND room_id = '30s' AND period = $1", [round.period]);
  expect(await t.app.lottery.drawRound(rows[0]!.id)).toBe('drawn');
  let result = await inbox.next('result');
  // (The round before, drawn by the tick above, may come first.)
  while (result.result.period !== round.period) result = await inbox.next('result');
  expect(result.result).toMatchObject({ period: round.period, status: 'drawn' });
  expect(result.result.digit).not.toBeNull();
  expect(inbox.seen.filter((m) => m.type === 'betsSettled')).toEqual([]);
  // The settlement then brings the player's own news, and no second result.
  expect(await t.app.lottery.settleRound(rows[0]!.id)).toBe('settled');
  const settled = await inbox.next('betsSettled');
  expect(settled).toMatchObject({ period: round.period, bets: 1 });
  expect(inbox.seen.filter((m) => m.type === 'result' && m.result.period === round.period)).toEqual([]);
  ws.close();
});

/** A bus event as the outbox dispatcher publishes it. */
function busEvent<N extends 'BetsSettled' | 'RoundPlayersSettled' | 'RoundDrawn'>(name: N, payload: Extract<DomainEvent, { name: N }>['payload']): DomainEvent {
  return { id: `evt_live_${name}_${Math.random().toString(36).slice(2)}`, name, payload, occurredAt: clock.now().toISOString() } as DomainEvent;
}

it('signs a socket in from the session cache, and a revoked session’s socket stops hearing the player at once', async () => {
  const client = new PlayerClient(t.app);
  expect((await client.register('9876512399')).statusCode).toBe(200);
  const playerId = Number(JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()).sub);
  // An HTTP request of the session has checked it on this node (decision 202).
  expect((await client.call('GET', API_PATHS.get_balance)).statusCode).toBe(200);

  const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
  const inbox = listen(ws);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await inbox.next('clock');
  const queries = vi.spyOn(t.db, 'query');
  ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
  expect((await inbox.next('authenticated')).playerId).toBe(playerId);
  expect(queries.mock.calls.filter(([sql]) => String(sql).includes('FROM sessions'))).toEqual([]);
  queries.mockRestore();

  // Signed in, the socket hears the player's settlements.
  // A round's players come in one event (decision 312); the socket hears only its own player.
  const settled = { game: 'wingo', roomId: '30s', period: '20261123100000001', playerIds: [playerId + 1_000, playerId], bets: [3, 1], payoutsMinor: [7, 0], balancesMinor: [9, 5] };
  await t.app.events.bus.publish(busEvent('RoundPlayersSettled', settled));
  expect(await inbox.next('betsSettled')).toMatchObject({ bets: 1, payoutMinor: 0, balanceMinor: 5 });
  expect((await inbox.next('balance')).balanceMinor).toBe(5);
  // An event of the per-player kind recorded before decision 312 (left in an outbox at an upgrade) still arrives.
  await t.app.events.bus.publish(busEvent('BetsSettled', { game: 'wingo', playerId, roomId: '30s', period: '20261123100000001', bets: 1, payoutMinor: 0, balanceMinor: 5 }));
  expect((await inbox.next('betsSettled')).balanceMinor).toBe(5);
  await inbox.next('balance');

  // Logout ends the session: the socket is told, and the player's messages stop reaching it.
  const token = client.token;
  expect((await client.call('POST', API_PATHS.logout)).statusCode).toBe(200);
  expect(await inbox.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
  await t.app.events.bus.publish(busEvent('RoundPlayersSettled', { ...settled, balancesMinor: [9, 6] }));
  // Bus delivery is in order: once this public result is here, a settlement sent before it would be too.
  await t.app.events.bus.publish(busEvent('RoundDrawn', { game: 'wingo', roomId: '30s', period: '20261123100000002', status: 'settled', digit: 3, drawnAtMs: 1 }));
  await inbox.next('result');
  expect(inbox.seen.filter((m) => m.type === 'betsSettled' || m.type === 'balance')).toEqual([]);

  // Signing in again with the revoked session's token is refused (the cache forgot it).
  ws.send(JSON.stringify({ type: 'auth', accessToken: token }));
  expect((await inbox.next('error')).code).toBe('UNAUTHORIZED');
  ws.close();
});

it('sends a subscribed Wingo socket its room’s results only, and a socket that has not subscribed every room’s', async () => {
  const open = async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
    const inbox = listen(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await inbox.next('clock');
    return { ws, inbox };
  };
  const thirty = await open();
  const everyRoom = await open();
  thirty.ws.send(JSON.stringify({ type: 'subscribe', room: '30s' }));
  expect(await thirty.inbox.next('subscribed')).toEqual({ type: 'subscribed', room: '30s' });
  // A room another game has (10m) is not Wingo's: refused, and the subscription stays.
  thirty.ws.send(JSON.stringify({ type: 'subscribe', room: '10m' }));
  expect((await thirty.inbox.next('error')).code).toBe('VALIDATION_FAILED');

  const drawn = (roomId: string, period: string) => busEvent('RoundDrawn', { game: 'wingo', roomId, period, status: 'settled', digit: 4, drawnAtMs: 1 });
  await t.app.events.bus.publish(drawn('1m', '20261123100010001'));
  await t.app.events.bus.publish(drawn('30s', '20261123100000003'));
  // Bus delivery is in order: the 30 s result arriving means the 1 min one went out before it.
  expect((await thirty.inbox.next('result')).result).toMatchObject({ roomId: '30s', period: '20261123100000003' });
  expect(thirty.inbox.seen.filter((m) => m.type === 'result')).toEqual([]);
  expect((await everyRoom.inbox.next('result')).result.roomId).toBe('1m');
  expect((await everyRoom.inbox.next('result')).result.roomId).toBe('30s');

  // A new subscription replaces the old one.
  thirty.ws.send(JSON.stringify({ type: 'subscribe', room: '1m' }));
  await thirty.inbox.next('subscribed');
  await t.app.events.bus.publish(drawn('30s', '20261123100000004'));
  await t.app.events.bus.publish(drawn('1m', '20261123100010002'));
  expect((await thirty.inbox.next('result')).result).toMatchObject({ roomId: '1m', period: '20261123100010002' });
  expect(thirty.inbox.seen.filter((m) => m.type === 'result')).toEqual([]);
  thirty.ws.close();
  everyRoom.ws.close();
});

import { API_PATHS, LAZY_API_PATHS, LotteryServerMessageSchema, WingoServerMessageSchema, type LotteryServerMessage } from '@colorplay/contract';
import { K3, roundAt, settleBet, type AnyLotteryGame } from '@colorplay/lottery';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../../../test/helpers/build-test-app';
import { liveTestApp } from '../../../test/helpers/live-socket';
import { lotteryGameKit } from '../../../test/helpers/lottery-games';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';

// Decision 360: K3, 5D and Trx Win push over `/api/lottery/:game/live`, on Wingo's socket
// machinery: the game's rooms' clock, the subscribed room's results, the player's own settlements.

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const K3_RULES = K3 as unknown as AnyLotteryGame;
const ROOM_1M = K3_RULES.rooms['1m']!;
let t: TestApp;
let port: number;

beforeAll(async () => {
  ({ t, port } = await liveTestApp(clock));
});
afterAll(async () => {
  await t.app.close();
});

/** A registered player with ₹100 on the main wallet (the lottery games' test kit). */
const kit = lotteryGameKit(() => t);
const fundedPlayer = () => kit.player(10_000);

/** Opens a socket on a path and collects its messages (parsed with `parse`); `next` waits for one of a type. */
async function open<M extends { type: string }>(path: string, parse: (json: unknown) => M) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const seen: M[] = [];
  ws.on('message', (raw) => seen.push(parse(JSON.parse(String(raw)))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    seen,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    async next<T extends M['type']>(type: T, timeoutMs = 5_000): Promise<Extract<M, { type: T }>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find((m) => m.type === type);
        if (found) {
          seen.splice(seen.indexOf(found), 1);
          return found as Extract<M, { type: T }>;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} message; saw ${JSON.stringify(seen)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
const k3Socket = () => open<LotteryServerMessage>(LAZY_API_PATHS.lottery_live.replace(':game', 'k3'), (j) => LotteryServerMessageSchema.parse(j));

it("pushes a K3 room's clock, the result of the subscribed room only, and each player's own settlement only", async () => {
  const alice = await fundedPlayer();
  const bob = await fundedPlayer();

  // Alice follows the 1-minute room, Bob the 3-minute room; a Wingo socket listens too.
  const a = await k3Socket();
  const first = await a.next('clock');
  expect(first.serverTimeMs).toBe(clock.now().getTime());
  expect(first.rounds.map((r) => r.roomId)).toEqual(['1m', '3m', '5m', '10m']);
  expect(first.rounds[0]!.period).toBe(roundAt(ROOM_1M, clock.now().getTime()).period);
  a.send({ type: 'subscribe', room: '1m' });
  expect((await a.next('subscribed')).room).toBe('1m');
  a.send({ type: 'auth', accessToken: alice.client.token });
  expect((await a.next('authenticated')).playerId).toBe(alice.playerId);

  const b = await k3Socket();
  b.send({ type: 'subscribe', room: '3m' });
  await b.next('subscribed');
  b.send({ type: 'auth', accessToken: bob.client.token });
  expect((await b.next('authenticated')).playerId).toBe(bob.playerId);
  const wingo = await open(API_PATHS.wingo_live, (j) => WingoServerMessageSchema.parse(j));
  await wingo.next('clock');

  // A subscription names a room of the game: Wingo's 30 s room is refused.
  a.send({ type: 'subscribe', room: '30s' });
  expect((await a.next('error')).code).toBe('VALIDATION_FAILED');

  // Both bet in the 1-minute room's next round (its row is opened by the engine's tick).
  clock.advance(roundAt(ROOM_1M, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
  const round = roundAt(ROOM_1M, clock.now().getTime());
  const stake = (client: PlayerClient, key: string) =>
    client.call('POST', API_PATHS.lottery_place_bet.replace(':game', 'k3'), { room: '1m', period: round.period, selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: key });
  expect((await stake(alice.client, 'live-k3-alice-1')).statusCode).toBe(200);
  expect((await stake(bob.client, 'live-k3-bob-0001')).statusCode).toBe(200);
  clock.advance(round.drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();

  let result = await a.next('result');
  // (A result of the round before, if it had a row, may come first.)
  while (result.result.period !== round.period) result = await a.next('result');
  expect(result.result).toMatchObject({ game: 'k3', roomId: '1m', period: round.period, status: 'drawn', block: null });
  expect(result.result.outcome).toHaveLength(3);
  const sum = result.result.outcome!.reduce((s, v) => s + v, 0);
  expect(result.result.summary).toEqual({ sum, size: sum >= 11 ? 'big' : 'small', parity: sum % 2 === 1 ? 'odd' : 'even' });

  // Alice's settlement reaches her socket with the rule table's payout; Bob's reaches his, not hers.
  const payout = settleBet(K3_RULES, { selection: 'big', contractMinor: 98 }, K3_RULES.decode(result.result.outcome!)!).payoutMinor;
  expect(await a.next('betsSettled')).toEqual({ type: 'betsSettled', game: 'k3', roomId: '1m', period: round.period, bets: 1, payoutMinor: payout, balanceMinor: 9_900 + payout });
  expect((await a.next('balance')).balanceMinor).toBe(9_900 + payout);
  expect((await b.next('betsSettled')).period).toBe(round.period);

  // Bus delivery is in order: once a later public message is here, anything sent before it is too.
  for (const [socket, roomId] of [[a, '1m'], [b, '3m']] as const) {
    await t.app.events.bus.publish({
      id: `evt_live_games_marker_${roomId}`,
      name: 'RoundDrawn',
      payload: { game: 'k3', roomId, period: '20261123101000099', status: 'voided', digit: null, outcome: null, drawnAtMs: 1 },
      occurredAt: clock.now().toISOString(),
    });
    expect((await socket.next('result')).result).toMatchObject({ roomId, period: '20261123101000099', status: 'voided', outcome: null, summary: null });
  }
  expect(a.seen.filter((m) => m.type === 'betsSettled' || m.type === 'result')).toEqual([]);
  // The 3-minute socket heard no 1-minute result; the Wingo socket only Wingo's results (each parsed
  // as a Wingo message) and no K3 settlement.
  expect(b.seen.filter((m) => m.type === 'result' || m.type === 'betsSettled')).toEqual([]);
  expect(wingo.seen.filter((m) => m.type !== 'clock' && m.type !== 'result')).toEqual([]);
  for (const s of [a, b, wingo]) s.ws.close();
});

it('refuses a game it does not serve, and a socket of a game is told about that game only', async () => {
  const refused = await new Promise<number | string>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${LAZY_API_PATHS.lottery_live.replace(':game', 'nope')}`);
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('close', (code) => resolve(code));
  });
  expect(refused).toBe(400);

  const alice = await fundedPlayer();
  const k3 = await k3Socket();
  k3.send({ type: 'auth', accessToken: alice.client.token });
  await k3.next('authenticated');
  const fived = await open<LotteryServerMessage>(LAZY_API_PATHS.lottery_live.replace(':game', '5d'), (j) => LotteryServerMessageSchema.parse(j));
  fived.send({ type: 'subscribe', room: '1m' });
  await fived.next('subscribed');
  fived.send({ type: 'auth', accessToken: alice.client.token });
  await fived.next('authenticated');
  k3.send({ type: 'subscribe', room: '1m' });
  await k3.next('subscribed');

  // A 5D settlement of Alice's reaches her 5D socket only; a 5D result reaches 5D's 1-minute listeners only.
  await t.app.events.bus.publish({
    id: 'evt_live_games_5d_settled',
    name: 'RoundPlayersSettled',
    payload: { game: '5d', roomId: '1m', period: '20261123101000009', playerIds: [alice.playerId], bets: [2], payoutsMinor: [0], balancesMinor: [4_321] },
    occurredAt: clock.now().toISOString(),
  });
  await t.app.events.bus.publish({
    id: 'evt_live_games_5d_drawn',
    name: 'RoundDrawn',
    payload: { game: '5d', roomId: '1m', period: '20261123101000009', status: 'settled', digit: null, outcome: [1, 2, 3, 4, 5], drawnAtMs: 2 },
    occurredAt: clock.now().toISOString(),
  });
  expect(await fived.next('betsSettled')).toMatchObject({ game: '5d', bets: 2, balanceMinor: 4_321 });
  expect((await fived.next('result')).result).toMatchObject({ game: '5d', outcome: [1, 2, 3, 4, 5], summary: { sum: 15, size: 'small', parity: 'odd' } });
  // The K3 socket, also Alice's and on the 1-minute room, heard neither.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(k3.seen.filter((m) => m.type !== 'clock')).toEqual([]);
  k3.ws.close();
  fived.ws.close();
});

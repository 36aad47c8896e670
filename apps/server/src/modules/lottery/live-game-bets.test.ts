import { API_PATHS, type LotteryGameId, type LotteryServerMessage } from '@colorplay/contract';
import { K3, roundAt, type AnyLotteryGame } from '@colorplay/lottery';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { TestApp } from '../../../test/helpers/build-test-app';
import { liveTestApp, openLotterySocket, type LiveInbox } from '../../../test/helpers/live-socket';
import { lotteryGameKit } from '../../../test/helpers/lottery-games';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

// Bets over the signed-in socket of K3, 5D and Trx Win (decision 590): Wingo's frame (decision
// 570) with the game's bet input, answered as the game's HTTP route answers.

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const ROOM_1M = (K3 as unknown as AnyLotteryGame).rooms['1m']!;
let t: TestApp;
let port: number;
let period: string;

beforeAll(async () => {
  ({ t, port } = await liveTestApp(clock));
  // The 1 min rooms' next round, open from its first second: every bet of the file goes to it.
  clock.advance(roundAt(ROOM_1M, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
  period = roundAt(ROOM_1M, clock.now().getTime()).period;
});
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
});

const kit = lotteryGameKit(() => t);
let keys = 0;
const betInput = (over: Record<string, unknown> = {}) => ({ room: '1m', period, selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: `game-socket-bet-${++keys}`, ...over });
const sendBet = (ws: WebSocket, bet: unknown) => ws.send(JSON.stringify({ type: 'bet', bet }));

async function betsOf(playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM lottery_bets WHERE player_id = $1', [playerId]);
  return Number(rows[0]!.n);
}

/** A player with ₹100 and a socket of `game`, signed in with their token when `signIn`. */
async function onSocket(game: LotteryGameId, signIn = true) {
  const player = await kit.player(10_000);
  const { ws, inbox } = await openLotterySocket(port, game);
  await inbox.next('clock');
  if (signIn) {
    ws.send(JSON.stringify({ type: 'auth', accessToken: player.client.token }));
    await inbox.next('authenticated');
  }
  return { ...player, ws, inbox: inbox as LiveInbox<LotteryServerMessage> };
}

it('places a K3 bet sent as a frame with the HTTP route’s answer; its key over HTTP returns the same bet, another bet under it is the conflict', async () => {
  const p = await onSocket('k3');
  const bet = betInput();
  sendBet(p.ws, bet);
  const placed = await p.inbox.next('betPlaced');
  expect(placed.idempotencyKey).toBe(bet.idempotencyKey);
  expect(placed.result.balanceMinor).toBe(9_900);
  expect(placed.result.bet).toMatchObject({ game: 'k3', roomId: '1m', period, selection: 'big', totalMinor: 100, status: 'pending' });
  expect(await p.balance()).toBe(9_900);

  const http = await p.client.call('POST', API_PATHS.lottery_place_bet.replace(':game', 'k3'), bet);
  expect(http.statusCode, http.body).toBe(200);
  expect(http.json().data).toEqual(placed.result);
  expect(await betsOf(p.playerId)).toBe(1);

  sendBet(p.ws, { ...bet, selection: 'small' });
  const conflict = await p.inbox.next('betRefused');
  const httpConflict = await p.client.call('POST', API_PATHS.lottery_place_bet.replace(':game', 'k3'), { ...bet, selection: 'small' });
  expect(httpConflict.statusCode).toBe(409);
  expect(conflict).toMatchObject({ idempotencyKey: bet.idempotencyKey, error: { code: httpConflict.json().error.code } });
  expect(await p.balance()).toBe(9_900);
  p.ws.close();
});

it('refuses a bet frame on a game socket that has not signed in, and changes nothing', async () => {
  const p = await onSocket('k3', false);
  const bet = betInput();
  sendBet(p.ws, bet);
  expect(await p.inbox.next('betRefused')).toMatchObject({ idempotencyKey: bet.idempotencyKey, error: { code: 'UNAUTHORIZED' } });
  expect(await betsOf(p.playerId)).toBe(0);
  expect(await p.balance()).toBe(10_000);
  p.ws.close();
});

it('validates a frame with the game’s bet input: a Wingo room or a selection the game does not have is refused as over HTTP', async () => {
  const p = await onSocket('k3');
  // Wingo's 30 s room is not a room of K3: the contract's issue on `room`.
  const wingoShaped = betInput({ room: '30s' });
  sendBet(p.ws, wingoShaped);
  const refused = await p.inbox.next('betRefused');
  expect(refused).toMatchObject({ idempotencyKey: wingoShaped.idempotencyKey, error: { code: 'VALIDATION_FAILED' } });
  expect(refused.error.issues?.map((i) => i.path)).toEqual(['room']);
  // A 5D selection on K3: the route's own refusal, with the same code as HTTP's.
  const foreign = betInput({ selection: 'A:big' });
  sendBet(p.ws, foreign);
  const http = await p.client.call('POST', API_PATHS.lottery_place_bet.replace(':game', 'k3'), { ...foreign, idempotencyKey: `${foreign.idempotencyKey}-http` });
  expect(http.statusCode).toBe(400);
  expect(await p.inbox.next('betRefused')).toMatchObject({ idempotencyKey: foreign.idempotencyKey, error: { code: http.json().error.code } });
  expect(await betsOf(p.playerId)).toBe(0);
  expect(await p.balance()).toBe(10_000);
  p.ws.close();
});

it('places 5D and Trx Win bets over their own sockets, each in its game', async () => {
  for (const [game, selection] of [
    ['5d', 'A:big'],
    ['trx', 'big'],
  ] as const) {
    const p = await onSocket(game);
    const bet = betInput({ selection });
    sendBet(p.ws, bet);
    const placed = await p.inbox.next('betPlaced');
    expect(placed.result.bet).toMatchObject({ game, roomId: '1m', period, selection, status: 'pending' });
    expect(await p.balance()).toBe(9_900);
    expect(await betsOf(p.playerId)).toBe(1);
    p.ws.close();
  }
});

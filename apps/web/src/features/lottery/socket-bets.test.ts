import type { PlaceLotteryBetInput, PlaceWingoBetInput } from '@colorplay/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LOGIN_TOKEN_KEY, resetSessionForTests } from '../../lib/session';
import { makeBet } from '../../test/fake-wingo-api';
import { lotteryPlaceBet, placeBet, type BetIntent } from './api';
import { registerSocketBetSender, type SocketBetAnswer } from './socket-bets';

/**
 * A Wingo bet's way to the server (decision 589): the signed-in socket when the page has one,
 * HTTP otherwise, and HTTP with the same key whenever the socket's answer is lost or is a refusal
 * HTTP may overcome. Each case counts what went over each way.
 */

const INTENT: BetIntent = { room: '30s', period: '202611230300001', selection: 'green', amountMinor: 100, quantity: 1, multiplier: 1 };
const PLACED = { bet: makeBet(), balanceMinor: 900 };

let frames: Array<PlaceWingoBetInput | PlaceLotteryBetInput>;
let posts: { url: string; body: unknown }[];
/** The registered senders' own unregister functions, called after each test. */
let unregisters: Array<() => void> = [];

/** A socket that answers every frame with `answer` (null: it cannot take a bet now). */
function socketAnswering(answer: SocketBetAnswer | null, game: 'wingo' | 'k3' = 'wingo'): () => void {
  const unregister = registerSocketBetSender(game, (bet) => {
    if (answer === null) return null;
    frames.push(bet);
    return Promise.resolve(answer);
  });
  unregisters.push(unregister);
  return unregister;
}

beforeEach(() => {
  resetSessionForTests();
  localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('a.b.c'));
  frames = [];
  posts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posts.push({ url, body: JSON.parse(init.body as string) });
    return new Response(JSON.stringify({ data: PLACED }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  for (const unregister of unregisters) unregister();
  unregisters = [];
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a Wingo bet’s way to the server (decision 589)', () => {
  it('goes over the signed-in socket, and not over HTTP, when the socket places it', async () => {
    socketAnswering({ kind: 'placed', result: PLACED });
    await expect(placeBet(INTENT, 'key-1')).resolves.toEqual(PLACED);
    expect(frames).toEqual([{ ...INTENT, idempotencyKey: 'key-1' }]);
    expect(posts).toEqual([]);
  });

  it('takes the socket’s refusal as the route’s own: the same error, its details, and no HTTP', async () => {
    socketAnswering({ kind: 'refused', error: { code: 'DEPOSIT_LIMIT_EXCEEDED', message: 'Limit reached', details: { remainingMinor: 0 } } });
    const error = await placeBet(INTENT, 'key-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', message: 'Limit reached', details: { remainingMinor: 0 } });
    expect(posts).toEqual([]);
  });

  it('goes over HTTP with the same key when the socket’s answer is lost, or is one HTTP may overcome', async () => {
    for (const answer of [{ kind: 'lost' }, { kind: 'refused', error: { code: 'UNAUTHORIZED', message: 'Please log in' } }, { kind: 'refused', error: { code: 'RATE_LIMITED', message: 'Too many' } }] as const) {
      posts = [];
      socketAnswering(answer);
      await expect(placeBet(INTENT, 'key-2')).resolves.toEqual(PLACED);
      expect(posts).toEqual([{ url: expect.stringMatching(/\/api\/lottery\/wingo\/bets$/), body: { ...INTENT, idempotencyKey: 'key-2' } }]);
    }
    expect(frames).toHaveLength(3);
  });

  it('goes over HTTP when there is no signed-in socket', async () => {
    const unregister = socketAnswering(null);
    await expect(placeBet(INTENT, 'key-3')).resolves.toEqual(PLACED);
    unregister();
    await expect(placeBet(INTENT, 'key-4')).resolves.toEqual(PLACED);
    expect(posts.map((p) => (p.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-3', 'key-4']);
    expect(frames).toEqual([]);
  });

  it('keeps the next page’s socket when the page before it leaves late: only a sender’s own unregister removes it', async () => {
    const leaving = socketAnswering({ kind: 'placed', result: PLACED });
    const arrived = socketAnswering({ kind: 'placed', result: PLACED });
    leaving();
    await expect(placeBet(INTENT, 'key-5')).resolves.toEqual(PLACED);
    expect(frames).toHaveLength(1);
    arrived();
    await expect(placeBet(INTENT, 'key-6')).resolves.toEqual(PLACED);
    expect(frames).toHaveLength(1);
    expect(posts.map((p) => (p.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-6']);
  });
});

describe('a K3, 5D or Trx Win bet’s way to the server (decision 590)', () => {
  const K3_INTENT = { room: '1m', period: '202611231001', selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1 };

  it('goes over its own game’s signed-in socket, and not over HTTP, when the socket places it', async () => {
    socketAnswering({ kind: 'placed', result: PLACED }, 'k3');
    await expect(lotteryPlaceBet('k3')(K3_INTENT, 'key-k3')).resolves.toEqual(PLACED);
    expect(frames).toEqual([{ ...K3_INTENT, idempotencyKey: 'key-k3' }]);
    expect(posts).toEqual([]);
  });

  it('never goes over another game’s socket: a K3 socket takes no Wingo bet, nor a Wingo socket a 5D bet', async () => {
    const unregisterK3 = socketAnswering({ kind: 'placed', result: PLACED }, 'k3');
    await expect(placeBet(INTENT, 'key-w')).resolves.toEqual(PLACED);
    unregisterK3();
    socketAnswering({ kind: 'placed', result: PLACED }, 'wingo');
    await expect(lotteryPlaceBet('5d')({ ...K3_INTENT, selection: 'A:big' }, 'key-5d')).resolves.toEqual(PLACED);
    expect(frames).toEqual([]);
    expect(posts.map((p) => p.url.replace(/^.*\/api/, '/api'))).toEqual(['/api/lottery/wingo/bets', '/api/lottery/5d/bets']);
  });

  it('goes over HTTP with the same key when the game socket’s answer is lost, and takes its refusal as final otherwise', async () => {
    socketAnswering({ kind: 'lost' }, 'k3');
    await expect(lotteryPlaceBet('k3')(K3_INTENT, 'key-lost')).resolves.toEqual(PLACED);
    expect(posts).toEqual([{ url: expect.stringMatching(/\/api\/lottery\/k3\/bets$/), body: { ...K3_INTENT, idempotencyKey: 'key-lost' } }]);
    socketAnswering({ kind: 'refused', error: { code: 'ROUND_CLOSED', message: 'Betting is closed for this round' } }, 'k3');
    await expect(lotteryPlaceBet('k3')(K3_INTENT, 'key-closed')).rejects.toMatchObject({ code: 'ROUND_CLOSED' });
    expect(posts).toHaveLength(1);
  });
});

import type { PlaceWingoBetInput } from '@colorplay/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LOGIN_TOKEN_KEY, resetSessionForTests } from '../../lib/session';
import { makeBet } from '../../test/fake-wingo-api';
import { placeBet, type BetIntent } from './api';
import { setSocketBetSender, type SocketBetAnswer } from './socket-bets';

/**
 * A Wingo bet's way to the server (decision 589): the signed-in socket when the page has one,
 * HTTP otherwise, and HTTP with the same key whenever the socket's answer is lost or is a refusal
 * HTTP may overcome. Each case counts what went over each way.
 */

const INTENT: BetIntent = { room: '30s', period: '202611230300001', selection: 'green', amountMinor: 100, quantity: 1, multiplier: 1 };
const PLACED = { bet: makeBet(), balanceMinor: 900 };

let frames: PlaceWingoBetInput[];
let posts: { url: string; body: unknown }[];

/** A socket that answers every frame with `answer` (null: it cannot take a bet now). */
function socketAnswering(answer: SocketBetAnswer | null) {
  setSocketBetSender((bet) => {
    if (answer === null) return null;
    frames.push(bet);
    return Promise.resolve(answer);
  });
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
  setSocketBetSender(null);
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
    socketAnswering(null);
    await expect(placeBet(INTENT, 'key-3')).resolves.toEqual(PLACED);
    setSocketBetSender(null);
    await expect(placeBet(INTENT, 'key-4')).resolves.toEqual(PLACED);
    expect(posts.map((p) => (p.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-3', 'key-4']);
    expect(frames).toEqual([]);
  });
});

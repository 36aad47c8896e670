import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenExpired } from '../lib/access-token';
import { getResourceData, resetResourcesForTests } from '../lib/resource';
import { LOGIN_TOKEN_KEY, readStoredToken, resetSessionForTests } from '../lib/session';
import { preloadLottery } from './lottery-preload';

/**
 * The cold-load loader (decision 305): every read of the Wingo page starts without waiting for
 * another one to finish. Proven without timing: every request is held unanswered until the
 * test releases it, so a read that waited for another would never be sent.
 */

const NOW_MS = Date.parse('2026-11-24T12:00:00Z');
const WINGO = '/home/AllLotteryGames/Wingo';

/** A token the client can read the expiry of (the signature is not the client's business). */
function tokenExpiringAt(expMs: number, name = 'player'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(expMs / 1000), sub: '7', name })}.c2ln`;
}

type Held = { path: string; auth: string | null; release: (body: unknown) => void };
let held: Held[];

const paths = () => held.map((h) => h.path).sort();

beforeEach(() => {
  resetSessionForTests();
  resetResourcesForTests();
  localStorage.clear();
  held = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    return new Promise<Response>((resolve) => {
      held.push({
        path: url.pathname,
        auth: new Headers(init.headers).get('authorization'),
        release: (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
      });
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lottery pages’ preload', () => {
  it('sends every Wingo read at once with an unexpired token, none waiting for another', async () => {
    const token = tokenExpiringAt(NOW_MS + 600_000);
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify(token));
    void preloadLottery(WINGO, NOW_MS);
    // Nothing has been answered, yet all five are on the wire.
    await vi.waitFor(() =>
      expect(paths()).toEqual([
        '/api/lottery/wingo/history',
        '/api/lottery/wingo/my-bets',
        '/api/lottery/wingo/state',
        '/api/safety',
        '/api/wallet/balance',
      ]),
    );
    expect(held.filter((h) => h.path !== '/api/lottery/wingo/state' && h.path !== '/api/lottery/wingo/history').map((h) => h.auth)).toEqual([
      `Bearer ${token}`,
      `Bearer ${token}`,
      `Bearer ${token}`,
    ]);
    // The answers land under the keys the page reads.
    held.find((h) => h.path === '/api/wallet/balance')!.release({ data: { balanceMinor: 1234, currency: 'INR' } });
    await vi.waitFor(() => expect(getResourceData('balance')).toEqual({ balanceMinor: 1234, currency: 'INR' }));
  });

  it('with an expired token, sends the public reads at once and the player’s after the refresh, once', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify(tokenExpiringAt(NOW_MS - 1_000)));
    void preloadLottery(WINGO, NOW_MS);
    await vi.waitFor(() => expect(paths()).toEqual(['/api/lottery/wingo/history', '/api/lottery/wingo/state', '/api/refresh-token']));
    const fresh = tokenExpiringAt(NOW_MS + 900_000, 'fresh');
    held.find((h) => h.path === '/api/refresh-token')!.release({ data: { token: fresh } });
    await vi.waitFor(() => expect(paths()).toHaveLength(6));
    expect(paths()).toEqual([
      '/api/lottery/wingo/history',
      '/api/lottery/wingo/my-bets',
      '/api/lottery/wingo/state',
      '/api/refresh-token',
      '/api/safety',
      '/api/wallet/balance',
    ]);
    expect(readStoredToken()).toBe(fresh);
    for (const h of held.slice(3)) expect(h.auth).toBe(`Bearer ${fresh}`);
  });

  it('sends K3’s, 5D’s and Trx Win’s reads at once too, for the room the page opens on (decision 588)', async () => {
    const token = tokenExpiringAt(NOW_MS + 600_000);
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify(token));
    // K3 opens on the room chosen last on this device; 5D and Trx Win, with none stored, on 1m.
    localStorage.setItem('colorplay.k3.room', '5m');
    const urls: string[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      urls.push(input.replace(/^https?:\/\/[^/]+/, ''));
      return new Promise<Response>(() => {});
    });
    for (const page of ['/home/AllLotteryGames/K3', '/home/alllotterygames/5d', '/home/AllLotteryGames/TrxWin']) void preloadLottery(page, NOW_MS);
    await vi.waitFor(() => expect(urls).toHaveLength(11));
    expect(urls.filter((u) => u.startsWith('/api/lottery/')).sort()).toEqual([
      '/api/lottery/5d/history?room=1m&limit=10',
      '/api/lottery/5d/my-bets?room=1m&limit=20',
      '/api/lottery/5d/state?room=1m',
      '/api/lottery/k3/history?room=5m&limit=10',
      '/api/lottery/k3/my-bets?room=5m&limit=20',
      '/api/lottery/k3/state?room=5m',
      '/api/lottery/trx/history?room=1m&limit=10',
      '/api/lottery/trx/my-bets?room=1m&limit=20',
      '/api/lottery/trx/state?room=1m',
    ]);
    // The balance and the reality check: one read each (the resource layer joins the same key's reads).
    expect(urls.filter((u) => !u.startsWith('/api/lottery/')).sort()).toEqual(['/api/safety', '/api/wallet/balance']);
  });

  it('reads only what every lottery page needs on the other lottery pages', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify(tokenExpiringAt(NOW_MS + 600_000)));
    void preloadLottery('/home/AllLotteryGames/BettingRecordWin', NOW_MS);
    void preloadLottery('/home/AllLotteryGames/VerifyGame', NOW_MS);
    await vi.waitFor(() => expect(paths()).toEqual(['/api/safety']));
  });
});

describe('accessTokenExpired', () => {
  it('reads the expiry, and treats what does not parse as expired', () => {
    expect(accessTokenExpired(tokenExpiringAt(NOW_MS + 1_000), NOW_MS)).toBe(false);
    expect(accessTokenExpired(tokenExpiringAt(NOW_MS), NOW_MS)).toBe(true);
    expect(accessTokenExpired('not-a-token', NOW_MS)).toBe(true);
    expect(accessTokenExpired('a.e30.c', NOW_MS)).toBe(true); // {} has no exp
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authedApi,
  getSessionState,
  LOGIN_TOKEN_KEY,
  logout,
  readStoredToken,
  resetSessionForTests,
  startSession,
} from './session';

type Call = { url: string; method: string; auth: string | null };
let calls: Call[];
let answers: Record<string, Array<() => Response | Promise<Response>>>;
let stop: (() => void) | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json(401, { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } });
const answer = (path: string, ...fns: Array<() => Response | Promise<Response>>) => {
  (answers[path] ??= []).push(...fns);
};
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  resetSessionForTests();
  localStorage.clear();
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x').pathname;
    const headers = new Headers(init.headers);
    calls.push({ url, method: init.method ?? 'GET', auth: headers.get('authorization') });
    const next = answers[url]?.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  });
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('start-up (spec section 4)', () => {
  it('is logged out and clears storage when no token is stored', () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, 'not json');
    stop = startSession();
    expect(getSessionState()).toEqual({ status: 'logged_out', token: null });
    expect(localStorage.getItem(LOGIN_TOKEN_KEY)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('is logged in with a stored token and refreshes it with the bearer header', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('old-token'));
    answer('/api/refresh-token', () => json(200, { data: { token: 'new-token', expiresAt: '2030-01-01T00:00:00Z' } }));
    stop = startSession();
    expect(getSessionState()).toEqual({ status: 'logged_in', token: 'old-token' });
    await vi.waitFor(() => expect(readStoredToken()).toBe('new-token'));
    expect(calls[0]).toEqual({ url: '/api/refresh-token', method: 'POST', auth: 'Bearer old-token' });
    expect(localStorage.getItem(LOGIN_TOKEN_KEY)).toBe('"new-token"');
  });

  it('logs out when the refresh answers 401', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('old-token'));
    answer('/api/refresh-token', unauthorized);
    stop = startSession();
    await vi.waitFor(() => expect(getSessionState().status).toBe('logged_out'));
    expect(localStorage.getItem(LOGIN_TOKEN_KEY)).toBeNull();
  });

  it.each([
    ['a server error', () => json(500, { error: { code: 'INTERNAL', message: 'x' } })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('stays logged in when the refresh fails with %s', async (_name, fail) => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('old-token'));
    answer('/api/refresh-token', fail);
    stop = startSession();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await flush();
    await flush();
    expect(getSessionState()).toEqual({ status: 'logged_in', token: 'old-token' });
  });
});

describe('the 1-second re-check', () => {
  it('picks up a login and a logout made in another tab', async () => {
    vi.useFakeTimers();
    stop = startSession();
    expect(getSessionState().status).toBe('logged_out');
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('from-other-tab'));
    vi.advanceTimersByTime(999);
    expect(getSessionState().status).toBe('logged_out');
    vi.advanceTimersByTime(1);
    expect(getSessionState()).toEqual({ status: 'logged_in', token: 'from-other-tab' });
    localStorage.removeItem(LOGIN_TOKEN_KEY);
    vi.advanceTimersByTime(1000);
    expect(getSessionState().status).toBe('logged_out');
  });
});

describe('logout and authenticated calls', () => {
  it('clears the token at once and tells the server', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('tok'));
    answer('/api/refresh-token', () => json(200, { data: { token: 'tok', expiresAt: '2030-01-01T00:00:00Z' } }));
    stop = startSession();
    answer('/api/logout', () => json(200, { data: { ok: true } }));
    await logout();
    expect(getSessionState().status).toBe('logged_out');
    expect(calls.at(-1)).toMatchObject({ url: '/api/logout', auth: 'Bearer tok' });
  });

  it('refreshes once on a 401 and retries the call', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('expired'));
    answer('/api/get-user-info', unauthorized, () => json(200, { data: { avatar: 7 } }));
    answer('/api/refresh-token', () => json(200, { data: { token: 'fresh', expiresAt: '2030-01-01T00:00:00Z' } }));
    const res = await authedApi.get<{ data: { avatar: number } }>('/api/get-user-info');
    expect(res.data.avatar).toBe(7);
    expect(calls.map((c) => `${c.url} ${c.auth}`)).toEqual([
      '/api/get-user-info Bearer expired',
      '/api/refresh-token Bearer expired',
      '/api/get-user-info Bearer fresh',
    ]);
  });

  it('logs out when a 401 call cannot be refreshed (spec section 8)', async () => {
    localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify('revoked'));
    answer('/api/get-user-info', unauthorized);
    answer('/api/refresh-token', unauthorized);
    await expect(authedApi.get('/api/get-user-info')).rejects.toMatchObject({ status: 401 });
    expect(getSessionState().status).toBe('logged_out');
    expect(localStorage.getItem(LOGIN_TOKEN_KEY)).toBeNull();
  });
});

import { API_PATHS } from '@colorplay/contract/paths';
import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest, type ApiRequestOptions } from './api-client';

/**
 * The login session (decision 015), as a small external store:
 * - the access token lives in localStorage under `m_login_token`, as JSON;
 * - start: a stored token means logged_in and a refresh is attempted; none means logged_out;
 * - every 1000 ms the stored token is re-read, which picks up logins and logouts in other tabs;
 * - a 401 from refresh-token logs out; any other refresh failure is ignored.
 * Access tokens live 15 minutes (docs/decisions/003), so an authenticated call that meets a 401
 * first refreshes once and retries; only when that refresh is refused is the player logged out.
 */

export const LOGIN_TOKEN_KEY = 'm_login_token';
export const SESSION_RECHECK_MS = 1000;
const REFRESH_PATH = API_PATHS.refresh_token;
const LOGOUT_PATH = API_PATHS.logout;

export type SessionStatus = 'initializing' | 'logged_in' | 'logged_out';
export type SessionState = { status: SessionStatus; token: string | null };

let state: SessionState = { status: 'initializing', token: null };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  if (next.status === state.status && next.token === state.token) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The token stored by this or another tab; null when absent or not valid JSON. */
export function readStoredToken(): string | null {
  try {
    // An absent key reads as null, which JSON.parse returns as null.
    const value: unknown = JSON.parse(localStorage.getItem(LOGIN_TOKEN_KEY) as string);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/** Stores a fresh token (after login, register or refresh) and marks the session logged in. */
export function setLoginToken(token: string): void {
  localStorage.setItem(LOGIN_TOKEN_KEY, JSON.stringify(token));
  setState({ status: 'logged_in', token });
}

function clearLocalSession(): void {
  localStorage.removeItem(LOGIN_TOKEN_KEY);
  setState({ status: 'logged_out', token: null });
}

/** Re-reads storage: the 1-second check (decision 015). */
export function syncFromStorage(): void {
  const token = readStoredToken();
  setState(token ? { status: 'logged_in', token } : { status: 'logged_out', token: null });
}

/**
 * Two tabs refreshing with the same cookie at once would look like a stolen refresh token and
 * end the session, so refreshes are serialised across tabs with the Web Locks API where the
 * browser has it; the second tab then sends the cookie the first one received.
 */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock resolves with the callback's promise, which Promise.resolve flattens.
  return locks ? (locks.request('colorplay-refresh-token', fn) as Promise<Awaited<T>> as Promise<T>) : fn();
}

let inFlight: Promise<'refreshed' | 'logged_out' | 'ignored'> | null = null;

/**
 * Refreshes the access token (spec: POST, credentials included, bearer header). A 401 logs out;
 * other failures, network ones included, are ignored and the player stays logged in.
 */
export function refreshSession(): Promise<'refreshed' | 'logged_out' | 'ignored'> {
  inFlight ??= withRefreshLock(async () => {
    const before = readStoredToken();
    try {
      const res = await apiRequest<{ data: { token: string } }>(REFRESH_PATH, { method: 'POST', token: before });
      // A logout (here or in another tab) while the refresh was under way wins over its answer.
      if (before !== null && readStoredToken() === null) return 'logged_out' as const;
      setLoginToken(res.data.token);
      return 'refreshed' as const;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // Another tab may have refreshed while this one waited for the lock: keep its token.
        const now = readStoredToken();
        if (now && now !== before) {
          setLoginToken(now);
          return 'refreshed' as const;
        }
        clearLocalSession();
        return 'logged_out' as const;
      }
      return 'ignored' as const;
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Logs out here and on the server; the other tabs follow within a second. */
export async function logout(): Promise<void> {
  const token = readStoredToken();
  clearLocalSession();
  await apiRequest(LOGOUT_PATH, { method: 'POST', token }).catch(() => undefined);
}

/** Ends the local session without calling the server (its answer already said the session is over). */
export function forgetSession(): void {
  clearLocalSession();
}

/**
 * Starts the session: the start-up rule (decision 015), the 1-second re-check and the
 * `storage` event (same rule, sooner). Returns a function that stops it.
 */
export function startSession(): () => void {
  const token = readStoredToken();
  if (token) {
    setState({ status: 'logged_in', token });
    void refreshSession();
  } else {
    clearLocalSession();
  }
  const timer = setInterval(syncFromStorage, SESSION_RECHECK_MS);
  const onStorage = (e: StorageEvent) => {
    if (e.key === LOGIN_TOKEN_KEY || e.key === null) syncFromStorage();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionState(): SessionState {
  return state;
}

/** The current session; re-renders on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/**
 * An API call with the player's bearer token. A 401 triggers one refresh and one retry; if the
 * refresh is refused the session ends and the 401 is rethrown.
 */
export async function authedRequest<T>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...options, token: readStoredToken() });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const outcome = await refreshSession();
    if (outcome !== 'refreshed') {
      if (outcome === 'ignored') clearLocalSession();
      throw err;
    }
    return apiRequest<T>(path, { ...options, token: readStoredToken() });
  }
}

/** Shorthands for authenticated calls. */
export const authedApi = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'token' | 'method' | 'body'>) =>
    authedRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'token' | 'method' | 'body'>) =>
    authedRequest<T>(path, { ...options, method: 'POST', body }),
};

/** For tests: back to the state of a fresh page load. */
export function resetSessionForTests(): void {
  state = { status: 'initializing', token: null };
  inFlight = null;
  listeners.clear();
}

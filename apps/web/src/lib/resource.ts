import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { subscribeSession, getSessionState } from './session';

/**
 * The app's one resource layer (docs/decisions/016-resource-layer.md): every read of server data
 * goes through a cache keyed by a string, built on `useSyncExternalStore`.
 * - cached: a remount shows the last answer at once and reads again only when it is older than
 *   the resource's `staleMs`;
 * - deduplicated: one request per key at a time, however many components ask;
 * - refetched when the window regains focus or becomes visible, when the network comes back
 *   (`online`: a read that failed offline is not left on screen), and after a money action
 *   (`invalidateResources`);
 * - cancellable: a read nobody waits for any more (the last reader unmounted) is aborted
 *   through its AbortSignal;
 * - paged lists (`useInfiniteResource`, lib/infinite-resource.ts) are entries like any other,
 *   whose data is the pages.
 * The cache is emptied when the session ends, so the next player never sees the last one's data.
 */

/** How one resource is read; a plain object, cheap to build on every render. */
export interface ResourceSpec<T> {
  /** Identifies the data: two readers with the same key share one entry and one request. */
  key: string;
  fetch: (signal: AbortSignal) => Promise<T>;
  /** An answer younger than this is not read again on mount. Default 30 s. */
  staleMs?: number;
}

/** What a reader sees. */
export interface ResourceState<T> {
  /** The last answer, kept on screen while a new read is under way or after it failed. */
  data: T | undefined;
  /** The failure of the latest read, if it failed. */
  error: ApiError | undefined;
  /** True while a read of this key is under way. */
  fetching: boolean;
}

export const DEFAULT_STALE_MS = 30_000;

export type Op<T> = (signal: AbortSignal, current: T | undefined) => Promise<T>;

export interface Entry<T> {
  state: ResourceState<T>;
  fetch: ((signal: AbortSignal) => Promise<T>) | undefined;
  staleMs: number;
  updatedAt: number;
  listeners: Set<() => void>;
  controller: AbortController | undefined;
  inFlight: Promise<void> | undefined;
  /** Set when the data must be read again at the next chance (invalidated, or a read was cut off). */
  stale: boolean;
}

const EMPTY: ResourceState<never> = { data: undefined, error: undefined, fetching: false };
const entries = new Map<string, Entry<unknown>>();

/** The cache entry of a key (created empty on first use). For lib/infinite-resource.ts. */
export function entryOf<T>(key: string): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: EMPTY, fetch: undefined, staleMs: DEFAULT_STALE_MS, updatedAt: 0, listeners: new Set(), controller: undefined, inFlight: undefined, stale: true };
    entries.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function setState<T>(entry: Entry<T>, patch: Partial<ResourceState<T>>): void {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError('NETWORK', String(err), 0);
}

/** Runs one read or page load for a key; a second one while the first is under way joins it. */
export function run<T>(key: string, op: Op<T>): Promise<void> {
  const entry = entryOf<T>(key);
  if (entry.inFlight) return entry.inFlight;
  const controller = new AbortController();
  entry.controller = controller;
  entry.stale = false;
  setState(entry, { fetching: true });
  const done = op(controller.signal, entry.state.data)
    .then(
      (data) => {
        if (controller.signal.aborted) return;
        entry.updatedAt = Date.now();
        setState(entry, { data, error: undefined, fetching: false });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setState(entry, { error: toApiError(err), fetching: false });
      },
    )
    .finally(() => {
      if (entry.controller === controller) {
        entry.controller = undefined;
        entry.inFlight = undefined;
      }
    });
  entry.inFlight = done;
  return done;
}

/** Reads a key again now (joins a read already under way). Does nothing for a key nobody has declared. */
export function refetchResource(key: string): Promise<void> {
  const entry = entries.get(key);
  if (!entry?.fetch) return Promise.resolve();
  const fetch = entry.fetch;
  return run(key, (signal) => fetch(signal));
}

/** Aborts the read of a key under way, if any; its readers keep the data they had. */
export function cancelResource(key: string): void {
  const entry = entries.get(key);
  if (!entry?.controller) return;
  entry.controller.abort();
  entry.controller = undefined;
  entry.inFlight = undefined;
  entry.stale = true;
  setState(entry, { fetching: false });
}

/** Puts data that a server answer already carries (e.g. a money action's result) into the cache. */
export function setResourceData<T>(key: string, update: T | ((current: T | undefined) => T)): void {
  const entry = entryOf<T>(key);
  // A read under way would answer with what the server knew before: it must not win.
  if (entry.controller) cancelResource(key);
  const data = typeof update === 'function' ? (update as (current: T | undefined) => T)(entry.state.data) : update;
  entry.updatedAt = Date.now();
  entry.stale = false;
  setState(entry, { data, error: undefined, fetching: false });
}

export function getResourceData<T>(key: string): T | undefined {
  return (entries.get(key) as Entry<T> | undefined)?.state.data;
}

/**
 * Marks keys as out of date (after a money action, say): those on screen are read again at
 * once, the others when they are next shown.
 */
export function invalidateResources(match: (key: string) => boolean): void {
  for (const [key, entry] of entries) {
    if (!match(key)) continue;
    entry.stale = true;
    if (entry.listeners.size > 0) {
      cancelResource(key);
      void refetchResource(key);
    }
  }
}

/** Keys equal to one of `prefixes` or starting with `prefix:`. */
export function keyMatches(...prefixes: string[]): (key: string) => boolean {
  return (key) => prefixes.some((p) => key === p || key.startsWith(`${p}:`));
}

function subscribe(key: string, listener: () => void): () => void {
  const entry = entryOf(key);
  entry.listeners.add(listener);
  watchFocus();
  return () => {
    entry.listeners.delete(listener);
    // Nobody waits for this read any more: stop it, and read again when someone comes back.
    if (entry.listeners.size === 0 && entry.controller) cancelResource(key);
  };
}

/** Reads a key when it has no answer yet, was invalidated, or its answer is older than staleMs. */
function ensureFresh(key: string): void {
  const entry = entries.get(key);
  if (!entry?.fetch || entry.inFlight) return;
  if (entry.stale || entry.state.data === undefined || Date.now() - entry.updatedAt >= entry.staleMs) void refetchResource(key);
}

/** Every key someone is looking at is read again when the player comes back to the tab or the network returns. */
function refetchVisible(): void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  for (const [key, entry] of entries) if (entry.listeners.size > 0 && !entry.inFlight) void refetchResource(key);
}

let focusWatched = false;
function watchFocus(): void {
  if (focusWatched || typeof window === 'undefined') return;
  focusWatched = true;
  window.addEventListener('focus', refetchVisible);
  // A phone back online need not regain focus: what failed while offline ("—") is read again.
  window.addEventListener('online', refetchVisible);
  document.addEventListener('visibilitychange', refetchVisible);
  // One player's data must never be shown to the next one who logs in on this device.
  subscribeSession(() => {
    if (getSessionState().status === 'logged_out') clearResources();
  });
}

/** Empties the cache (logout, tests), aborting reads under way. */
export function clearResources(): void {
  for (const [key, entry] of entries) {
    entry.controller?.abort();
    if (entry.listeners.size === 0) {
      entries.delete(key);
    } else {
      entry.controller = undefined;
      entry.inFlight = undefined;
      entry.updatedAt = 0;
      entry.stale = true;
      setState(entry, EMPTY);
    }
  }
}

/** For tests: forget everything, listeners included. */
export function resetResourcesForTests(): void {
  for (const entry of entries.values()) entry.controller?.abort();
  entries.clear();
  if (focusWatched) {
    window.removeEventListener('focus', refetchVisible);
    window.removeEventListener('online', refetchVisible);
    document.removeEventListener('visibilitychange', refetchVisible);
  }
  focusWatched = false;
}

/** Registers how a key is read (the latest fetch function is kept for reloads; idempotent). */
function declare<T>(spec: ResourceSpec<T>): void {
  const entry = entryOf<T>(spec.key);
  entry.fetch = spec.fetch;
  entry.staleMs = spec.staleMs ?? DEFAULT_STALE_MS;
}

/**
 * Starts reading a resource before any component asks for it (a cold visit fetches a page's
 * data while its code is still downloading): the page's `useResource` of the same key then joins
 * the read under way or finds its answer. Follows the same freshness rule as a mount.
 */
export function prefetchResource<T>(spec: ResourceSpec<T>): void {
  declare(spec);
  ensureFresh(spec.key);
}

/** What `useResource` returns. */
export interface Resource<T> extends ResourceState<T> {
  /** True until the first answer (or failure) for this key. */
  loading: boolean;
  /** Reads again now. */
  reload: () => void;
}

/**
 * Reads a resource and re-renders on every change of its entry; `null` reads nothing.
 * `pollMs` reads again that often while it is a number (e.g. while an order is open).
 */
export function useResource<T>(spec: ResourceSpec<T> | null, options: { pollMs?: number | null } = {}): Resource<T> {
  const key = spec?.key ?? null;
  if (spec) declare(spec);
  const sub = useCallback((listener: () => void) => (key === null ? () => {} : subscribe(key, listener)), [key]);
  const snapshot = useCallback(() => (key === null ? EMPTY : (entryOf<T>(key).state as ResourceState<T>)), [key]);
  const state = useSyncExternalStore(sub, snapshot, snapshot);

  useEffect(() => {
    if (key !== null) ensureFresh(key);
  }, [key]);

  const pollMs = options.pollMs ?? null;
  useEffect(() => {
    if (key === null || pollMs === null) return;
    const timer = setInterval(() => void refetchResource(key), pollMs);
    return () => clearInterval(timer);
  }, [key, pollMs]);

  const reload = useCallback(() => {
    if (key !== null) void refetchResource(key);
  }, [key]);

  return { ...state, loading: key !== null && state.data === undefined && state.error === undefined, reload };
}

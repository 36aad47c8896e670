import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * The server's clock as seen from here (docs/decisions/018-server-clock.md). Every countdown
 * (payment expiry now, Wingo rounds later) counts against the server's time, not the phone's,
 * which may be minutes off. Each API answer's `Date` header updates the offset: the header has
 * whole seconds, so the server's time lies in [date, date + 1 s); its middle is taken, at the
 * middle of the request's round trip. Of several samples, the one from the shortest round trip
 * wins (it is the most precise), but samples age out so a clock that jumps is followed.
 */

/** A sample older than this gives way to any newer one, however precise. */
export const CLOCK_SAMPLE_TTL_MS = 5 * 60_000;

interface Sample {
  offsetMs: number;
  roundTripMs: number;
  takenAtMs: number;
}

let best: Sample | null = null;
const listeners = new Set<() => void>();

/**
 * Records one answer: `dateHeader` as sent by the server, `sentAtMs` and `receivedAtMs` from
 * this device's clock. Ignores a missing or unreadable header.
 */
export function noteServerDate(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): void {
  if (!dateHeader) return;
  const serverSecondMs = Date.parse(dateHeader);
  if (Number.isNaN(serverSecondMs)) return;
  const roundTripMs = Math.max(0, receivedAtMs - sentAtMs);
  const sample: Sample = {
    offsetMs: Math.round(serverSecondMs + 500 - (sentAtMs + roundTripMs / 2)),
    roundTripMs,
    takenAtMs: receivedAtMs,
  };
  setServerTime(sample);
}

/** Takes a `serverTime` field (ISO instant or ms) from an answer, which is precise to the ms. */
export function noteServerTime(serverTime: string | number, sentAtMs: number, receivedAtMs: number): void {
  const serverMs = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
  if (Number.isNaN(serverMs)) return;
  const roundTripMs = Math.max(0, receivedAtMs - sentAtMs);
  setServerTime({ offsetMs: Math.round(serverMs - (sentAtMs + roundTripMs / 2)), roundTripMs, takenAtMs: receivedAtMs });
}

function setServerTime(sample: Sample): void {
  const keep = best !== null && sample.takenAtMs - best.takenAtMs < CLOCK_SAMPLE_TTL_MS && best.roundTripMs <= sample.roundTripMs;
  if (keep) return;
  const changed = best?.offsetMs !== sample.offsetMs;
  best = sample;
  if (changed) for (const listener of listeners) listener();
}

/** Server time minus device time, in ms (0 until the first answer). */
export function serverOffsetMs(): number {
  return best?.offsetMs ?? 0;
}

/** The server's current time in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + serverOffsetMs();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's time, updated every `intervalMs` while `enabled` and whenever the offset changes. */
export function useServerNow(intervalMs = 1000, enabled = true): number {
  const offsetMs = useSyncExternalStore(subscribe, serverOffsetMs, serverOffsetMs);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return deviceNow + offsetMs;
}

/**
 * A value of the server's time (a countdown's whole seconds, a round's period): read every
 * `intervalMs` and whenever the offset changes, but a new value, and so a render, only when
 * `same` says it changed. A countdown read 4 times a second (to turn over within 250 ms of the
 * second) renders once a second, not 4 times: on a slow phone each render of a page is a task
 * that blocks the main thread (decision 580). `derive` is read afresh on every render, so a new
 * input (another room, a new clock) shows at once.
 */
export function useServerTimeValue<T>(derive: (serverNowMs: number) => T, same: (a: T, b: T) => boolean, intervalMs = 1000): T {
  const shown = useRef<{ value: T } | null>(null);
  const sub = useCallback(
    (notify: () => void) => {
      const timer = setInterval(notify, intervalMs);
      const unsubscribe = subscribe(notify);
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    },
    [intervalMs],
  );
  // The last value is returned as long as it is the same, so React sees no change and skips the render.
  const snapshot = () => {
    const next = derive(serverNow());
    if (shown.current && same(shown.current.value, next)) return shown.current.value;
    shown.current = { value: next };
    return next;
  };
  return useSyncExternalStore(sub, snapshot, snapshot);
}

/** For tests: no sample yet. */
export function resetServerClockForTests(): void {
  best = null;
  listeners.clear();
}

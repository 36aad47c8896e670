/**
 * The playing session, shared by the browser's tabs (decision 509): localStorage keeps
 * "start:seen", the session's start and the last moment a tab showed a game page. Every open
 * game page marks it each second, so a reload or a second tab continues the same session; a
 * break longer than the shortest reality-check interval, with no game page open in any tab,
 * ends it and the next game page starts a new one.
 */
const SESSION_KEY = 'cp_play_session';
export const SESSION_GAP_MS = 15 * 60_000;

/** The session's start at `now` (a new one after a break), marking the session as played at `now`. */
export function sessionStart(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage, now = Date.now()): number {
  const [start = 0, seen = 0] = (storage.getItem(SESSION_KEY) ?? '').split(':').map(Number);
  const current = start > 0 && start <= now && now - seen <= SESSION_GAP_MS ? start : now;
  storage.setItem(SESSION_KEY, `${current}:${now}`);
  return current;
}

import type { Db, DbSession } from '../db/db';

/**
 * Who leads a job: a session-level PostgreSQL advisory lock, held on a connection of its own
 * for as long as this node leads (decision 082). If the node dies its connection closes and the
 * server drops the lock, so another node takes over on its next try.
 */
export interface LeaderLock {
  tryAcquire(name: string): Promise<boolean>;
  release(name: string): Promise<void>;
  /** Releases everything and closes the session. */
  close(): Promise<void>;
}

/** Any constant: the first key of the two-key advisory lock space, apart from migrations'. */
const JOBS_LOCK_NAMESPACE = 7_301_002;

/** A stable 32-bit key for a job name (FNV-1a), as the signed int4 PostgreSQL expects. */
export function jobLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Advisory locks are re-entrant within one session, and PGlite has exactly one, shared by
 * every lock opened on it. This registry keeps two owners on one shared session apart, so two
 * app instances on one PGlite still elect one leader.
 */
const holdersBySession = new WeakMap<object, Map<string, symbol>>();

export function openLeaderLock(db: Db, onLost: (err: Error) => void = () => undefined): LeaderLock {
  const owner = Symbol('leader');
  let session: DbSession | undefined;
  let opening: Promise<DbSession> | undefined;
  const held = new Set<string>();

  const holders = (s: DbSession) => {
    let map = holdersBySession.get(s.sessionKey);
    if (!map) holdersBySession.set(s.sessionKey, (map = new Map()));
    return map;
  };

  async function current(): Promise<DbSession> {
    if (session) return session;
    opening ??= db.openSession().then((s) => {
      s.onLost((err) => {
        // The server dropped our locks with the connection: we lead nothing any more.
        if (session === s) session = undefined;
        const map = holdersBySession.get(s.sessionKey);
        for (const name of held) if (map?.get(name) === owner) map.delete(name);
        held.clear();
        onLost(err);
      });
      session = s;
      return s;
    });
    try {
      return await opening;
    } finally {
      opening = undefined;
    }
  }

  async function unlock(s: DbSession, name: string): Promise<void> {
    held.delete(name);
    const map = holders(s);
    if (map.get(name) !== owner) return;
    map.delete(name);
    await s.query('SELECT pg_advisory_unlock($1, $2)', [JOBS_LOCK_NAMESPACE, jobLockKey(name)]);
  }

  return {
    async tryAcquire(name) {
      const s = await current();
      if (held.has(name)) return true;
      const map = holders(s);
      if (map.has(name)) return false; // another owner on this same shared session leads
      const { rows } = await s.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        JOBS_LOCK_NAMESPACE,
        jobLockKey(name),
      ]);
      if (!rows[0]?.locked) return false;
      map.set(name, owner);
      held.add(name);
      return true;
    },

    async release(name) {
      if (!held.has(name) || !session) return;
      await unlock(session, name);
    },

    async close() {
      const s = session;
      if (!s) return;
      for (const name of [...held]) await unlock(s, name).catch(() => undefined);
      session = undefined;
      await s.close();
    },
  };
}

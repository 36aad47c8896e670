import type { Queryable } from '../../db/db';
import { selectOpenSessionExpiries } from './repo';

type Asked = { sessionId: string; playerId: number; now: Date; resolve: (expiresAt: Date | null) => void; reject: (err: unknown) => void };

/**
 * The session checks that miss the session cache (decision 202), coalesced: every check asked in
 * one turn of the event loop goes to the database as one statement (decision 371). A crowd of
 * players this node has not seen lately (the last seconds of a round, the minute after a node
 * restarts) then costs a round trip per turn instead of one per request. Each check keeps its own
 * time and answers exactly what a lone lookup would: the session's expiry if it is open then.
 */
export function createSessionLookup(db: Queryable) {
  let asked: Asked[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = asked;
    asked = [];
    scheduled = false;
    try {
      const expiries = await selectOpenSessionExpiries(db, batch);
      batch.forEach((a, i) => a.resolve(expiries[i] ?? null));
    } catch (err) {
      for (const a of batch) a.reject(err);
    }
  }

  return {
    /** The session's absolute expiry if it is open at `now` and belongs to the player, else null. */
    openSessionExpiry(sessionId: string, playerId: number, now: Date): Promise<Date | null> {
      return new Promise((resolve, reject) => {
        asked.push({ sessionId, playerId, now, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        // After the I/O callbacks of this turn: the requests read in it join one statement.
        setImmediate(() => void flush());
      });
    },
  };
}

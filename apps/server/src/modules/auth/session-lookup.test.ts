import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/helpers/test-db';
import type { Db, Queryable } from '../../db/db';
import { openSession } from './repo';
import { createSessionLookup } from './session-lookup';

/** The session cache's coalesced misses (decision 371): one statement a turn, each answer as a lone lookup's. */

let db: Db;
const NOW = new Date('2026-11-28T12:00:00.000Z');

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

async function newPlayer(n: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at) VALUES ($1, $2, 'x', 'p', $3) RETURNING id`,
    [700_000 + n, `98765${String(n).padStart(5, '0')}`, NOW],
  );
  return rows[0]!.id;
}

describe('session lookup', () => {
  it('answers the checks asked in one turn with one statement, each for its own session, player and time', async () => {
    const [a, b] = [await newPlayer(1), await newPlayer(2)];
    const open = await openSession(db, a, NOW);
    const revoked = await openSession(db, b, NOW);
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1', [revoked.sessionId, NOW]);
    const statements: string[] = [];
    const counting: Queryable = {
      query: (sql, params) => (statements.push(sql), db.query(sql, params)),
      exec: (sql) => db.exec(sql),
    };
    const lookup = createSessionLookup(counting);
    const after = new Date(open.expiresAt.getTime() + 1);
    const answers = await Promise.all([
      lookup.openSessionExpiry(open.sessionId, a, NOW),
      // Someone else's player id with a real session id: not theirs.
      lookup.openSessionExpiry(open.sessionId, b, NOW),
      lookup.openSessionExpiry(revoked.sessionId, b, NOW),
      lookup.openSessionExpiry('ses_unknown', a, NOW),
      // The same session asked at a time past its expiry.
      lookup.openSessionExpiry(open.sessionId, a, after),
    ]);
    expect(statements).toHaveLength(1);
    expect(answers).toEqual([open.expiresAt, null, null, null, null]);
    // A later turn is a statement of its own.
    expect(await lookup.openSessionExpiry(open.sessionId, a, NOW)).toEqual(open.expiresAt);
    expect(statements).toHaveLength(2);
  });

  it('fails every check of the turn when the statement fails, and the next turn asks again', async () => {
    let down = true;
    const flaky: Queryable = {
      query: (sql, params) => (down ? Promise.reject(new Error('connection lost')) : db.query(sql, params)),
      exec: (sql) => db.exec(sql),
    };
    const lookup = createSessionLookup(flaky);
    const results = await Promise.allSettled([lookup.openSessionExpiry('ses_x', 1, NOW), lookup.openSessionExpiry('ses_y', 2, NOW)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    down = false;
    expect(await lookup.openSessionExpiry('ses_x', 1, NOW)).toBeNull();
  });
});

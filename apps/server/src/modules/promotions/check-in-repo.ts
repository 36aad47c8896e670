import type { Queryable } from '../../db/db';

/** SQL of the daily check-in's tables (migration 042): one row per player and IST day, and each day's budget spent. */

export type CheckInRow = { player_id: number; day: string; grant_id: string; amount_minor: number; checked_in_at: Date };

/** The player's check-in of the day, if any. */
export async function selectCheckIn(q: Queryable, playerId: number, day: string): Promise<CheckInRow | undefined> {
  const { rows } = await q.query<CheckInRow>(
    `SELECT player_id::int AS player_id, to_char(day, 'YYYY-MM-DD') AS day, grant_id, amount_minor::float8 AS amount_minor, checked_in_at
       FROM check_ins WHERE player_id = $1 AND day = $2::date`,
    [playerId, day],
  );
  return rows[0];
}

/** What the day's check-ins have spent (0 before the first). */
export async function selectDaySpent(q: Queryable, day: string): Promise<number> {
  const { rows } = await q.query<{ spent_minor: number }>('SELECT spent_minor::float8 AS spent_minor FROM check_in_days WHERE day = $1::date', [day]);
  return rows[0]?.spent_minor ?? 0;
}

/**
 * The day's budget row, created if needed and locked: every check-in of one day queues here, so
 * the budget is checked and spent one at a time.
 */
export async function lockDay(q: Queryable, day: string): Promise<number> {
  await q.query('INSERT INTO check_in_days (day) VALUES ($1::date) ON CONFLICT (day) DO NOTHING', [day]);
  const { rows } = await q.query<{ spent_minor: number }>('SELECT spent_minor::float8 AS spent_minor FROM check_in_days WHERE day = $1::date FOR UPDATE', [day]);
  return rows[0]!.spent_minor;
}

/** Records the check-in and spends the day's budget (the primary key refuses a second one that day). */
export async function insertCheckIn(q: Queryable, r: { playerId: number; day: string; grantId: string; amountMinor: number; at: Date }): Promise<void> {
  await q.query('INSERT INTO check_ins (player_id, day, grant_id, amount_minor, checked_in_at) VALUES ($1, $2::date, $3, $4, $5)', [r.playerId, r.day, r.grantId, r.amountMinor, r.at]);
  await q.query('UPDATE check_in_days SET spent_minor = spent_minor + $2, check_ins = check_ins + 1 WHERE day = $1::date', [r.day, r.amountMinor]);
}

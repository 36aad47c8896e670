import type { Queryable } from '../../db/db';

/** Failed logins per phone (table login_failures), shared by every node like the rate counters. */

/** Makes sure the phone has a row and locks it, so one phone's login tries run one at a time. */
export async function lockLoginFailures(q: Queryable, phone: string, now: Date) {
  await q.query(
    `INSERT INTO login_failures (phone, failures, last_failure_at, next_try_at) VALUES ($1, 0, $2, $2)
     ON CONFLICT (phone) DO NOTHING`,
    [phone, now],
  );
  const { rows } = await q.query<{ failures: number; last_failure_at: Date; next_try_at: Date }>(
    'SELECT failures, last_failure_at, next_try_at FROM login_failures WHERE phone = $1 FOR UPDATE',
    [phone],
  );
  return rows[0]!;
}

export async function recordLoginFailure(q: Queryable, phone: string, failures: number, now: Date, nextTryAt: Date) {
  await q.query(
    'UPDATE login_failures SET failures = $2, last_failure_at = $3, next_try_at = $4 WHERE phone = $1',
    [phone, failures, now, nextTryAt],
  );
}

/** A successful login or password reset forgets the failures. */
export async function clearLoginFailures(q: Queryable, phone: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE phone = $1', [phone]);
}

import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every API node shares them (no Redis needed for the
 * embedded default). One upsert per check; old windows are pruned now and then.
 */
export function createRateLimiter(db: Queryable, clock: Clock) {
  let checks = 0;
  return {
    /** Counts one hit on `key` under `rule`; throws RATE_LIMITED with Retry-After when over. */
    async hit(rule: RateRule, key: string): Promise<void> {
      const nowMs = clock.now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
         RETURNING hits`,
        [`${rule.name}:${key}`, windowStart],
      );
      if (++checks % 500 === 0) {
        await db.query(`DELETE FROM rate_limit_counters WHERE window_start < $1`, [
          new Date(nowMs - 2 * 86_400_000),
        ]);
      }
      if ((rows[0]?.hits ?? 0) > rule.limit) throw limited(windowStart.getTime() + windowMs - nowMs);
    },

    /**
     * Throws RATE_LIMITED when `key` already used its `rule` allowance, without counting; for
     * rules that count only failures (the caller `hit`s after one).
     */
    async check(rule: RateRule, key: string): Promise<void> {
      const nowMs = clock.now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
      const { rows } = await db.query<{ hits: number }>(
        'SELECT hits FROM rate_limit_counters WHERE bucket = $1 AND window_start = $2',
        [`${rule.name}:${key}`, windowStart],
      );
      if ((rows[0]?.hits ?? 0) >= rule.limit) throw limited(windowStart.getTime() + windowMs - nowMs);
    },
  };
}

function limited(waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

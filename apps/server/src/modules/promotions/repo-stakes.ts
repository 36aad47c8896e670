import type { Queryable } from '../../db/db';

/** SQL of bonus_grants for the lottery's stakes and their settlement (decisions 530-531). */

/** Of `ids`, the grants a stake may take money from at `now`: active and not past their expiry. */
export async function selectStakeableGrantIds(q: Queryable, ids: readonly string[], now: Date): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM bonus_grants WHERE id = ANY($1::text[]) AND status = 'active' AND expires_at > $2`, [[...ids], now]);
  return new Set(rows.map((r) => r.id));
}

/**
 * The statuses of `ids`, each row share-locked in id order: a grant's end (converted, forfeited,
 * expired) takes its row FOR UPDATE first, so it waits for money coming back to the grant to commit.
 */
export async function lockGrantStatuses(q: Queryable, ids: readonly string[]): Promise<Map<string, 'active' | 'converted' | 'forfeited' | 'expired'>> {
  const { rows } = await q.query<{ id: string; status: 'active' | 'converted' | 'forfeited' | 'expired' }>(
    'SELECT id, status FROM bonus_grants WHERE id = ANY($1::text[]) ORDER BY id FOR SHARE',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

import type { BonusSource } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** The cost report's reads of the promotions module's own tables (tables.ts). */

export type GrantSourceRow = { id: string; player_id: number; source: BonusSource; source_ref: string };

/** The source of each of these grants. */
export async function selectGrantSources(q: Queryable, ids: readonly string[]): Promise<GrantSourceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<GrantSourceRow>('SELECT id, player_id::int AS player_id, source, source_ref FROM bonus_grants WHERE id = ANY($1::text[])', [[...ids]]);
  return rows;
}

/** Every active grant with its source (their balances are what is still outstanding). */
export async function selectActiveGrantSources(q: Queryable): Promise<GrantSourceRow[]> {
  const { rows } = await q.query<GrantSourceRow>(`SELECT id, player_id::int AS player_id, source, source_ref FROM bonus_grants WHERE status = 'active'`);
  return rows;
}

/** Gift codes' ids by their text. */
export async function selectGiftCodeIds(q: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const { rows } = await q.query<{ id: number; code: string }>('SELECT id::int AS id, code FROM gift_codes WHERE code = ANY($1::text[])', [[...codes]]);
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
}

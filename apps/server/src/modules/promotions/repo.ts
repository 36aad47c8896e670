import type { BonusSource } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** SQL of the promotions module's own tables (tables.ts); money itself moves only in the ledger. */

export type ConsentRow = { given: boolean; at: Date };

export async function insertConsent(q: Queryable, playerId: number, given: boolean, at: Date): Promise<void> {
  await q.query('INSERT INTO marketing_consent_events (player_id, given, at) VALUES ($1, $2, $3)', [playerId, given, at]);
}

/** The player's consent changes, newest first. */
export async function selectConsentHistory(q: Queryable, playerId: number, limit: number): Promise<ConsentRow[]> {
  const { rows } = await q.query<ConsentRow>('SELECT given, at FROM marketing_consent_events WHERE player_id = $1 ORDER BY id DESC LIMIT $2', [playerId, limit]);
  return rows;
}

/** Whether each player's newest consent row says given (players without one are absent). */
export async function selectConsentGiven(q: Queryable, playerIds: readonly number[]): Promise<Set<number>> {
  const { rows } = await q.query<{ player_id: number; given: boolean }>(
    `SELECT DISTINCT ON (player_id) player_id::int AS player_id, given
       FROM marketing_consent_events WHERE player_id = ANY($1::bigint[]) ORDER BY player_id, id DESC`,
    [[...playerIds]],
  );
  return new Set(rows.filter((r) => r.given).map((r) => Number(r.player_id)));
}

export type GrantRow = {
  id: string;
  player_id: number;
  source: BonusSource;
  source_ref: string;
  amount_minor: number;
  wagering_multiple: number;
  terms_version: string;
  granted_at: Date;
  grant_entry_id: number;
  expires_at: Date;
  status: 'active' | 'converted' | 'forfeited' | 'expired';
  ended_at: Date | null;
  end_transfer_id: string | null;
};

const GRANT_COLUMNS =
  'id, player_id::int AS player_id, source, source_ref, amount_minor::float8 AS amount_minor, wagering_multiple, terms_version, granted_at, grant_entry_id::float8 AS grant_entry_id, expires_at, status, ended_at, end_transfer_id';

export async function insertGrant(q: Queryable, g: Omit<GrantRow, 'status' | 'ended_at' | 'end_transfer_id'>): Promise<void> {
  await q.query(
    `INSERT INTO bonus_grants (id, player_id, source, source_ref, amount_minor, wagering_multiple, terms_version, granted_at, grant_entry_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [g.id, g.player_id, g.source, g.source_ref, g.amount_minor, g.wagering_multiple, g.terms_version, g.granted_at, g.grant_entry_id, g.expires_at],
  );
}

/** The player's grants, newest first; `lock` takes the active ones FOR UPDATE in id order first. */
export async function selectGrants(q: Queryable, playerId: number, opts: { activeOnly?: boolean; lock?: boolean } = {}): Promise<GrantRow[]> {
  const { rows } = await q.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM bonus_grants
      WHERE player_id = $1 AND ($2::boolean IS FALSE OR status = 'active')
      ORDER BY id ${opts.lock ? 'FOR UPDATE' : ''}`,
    [playerId, opts.activeOnly ?? false],
  );
  return rows.sort((a, b) => b.granted_at.getTime() - a.granted_at.getTime() || (a.id < b.id ? 1 : -1));
}

/** The terms version on the player's newest grant (what they last accepted), or null before their first. */
export async function selectNewestTermsVersion(q: Queryable, playerId: number): Promise<string | null> {
  const { rows } = await q.query<{ terms_version: string }>(
    `SELECT terms_version FROM bonus_grants WHERE player_id = $1 ORDER BY granted_at DESC, id DESC LIMIT 1`,
    [playerId],
  );
  return rows[0]?.terms_version ?? null;
}

/** One grant, locked for its end. */
export async function selectGrantForUpdate(q: Queryable, id: string): Promise<GrantRow | undefined> {
  const { rows } = await q.query<GrantRow>(`SELECT ${GRANT_COLUMNS} FROM bonus_grants WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function markGrantEnded(q: Queryable, id: string, status: 'converted' | 'forfeited' | 'expired', at: Date, transferId: string | null): Promise<void> {
  await q.query(`UPDATE bonus_grants SET status = $2, ended_at = $3, end_transfer_id = $4 WHERE id = $1 AND status = 'active'`, [id, status, at, transferId]);
}

/** Active grants past their expiry (the job's batch), oldest expiry first. */
export async function selectDueGrantIds(q: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM bonus_grants WHERE status = 'active' AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2`, [now, limit]);
  return rows.map((r) => r.id);
}

/** Players with an active grant (the job converts what completed). */
export async function selectPlayersWithActiveGrants(q: Queryable, limit: number): Promise<number[]> {
  const { rows } = await q.query<{ player_id: number }>(`SELECT DISTINCT player_id::int AS player_id FROM bonus_grants WHERE status = 'active' ORDER BY 1 LIMIT $1`, [limit]);
  return rows.map((r) => Number(r.player_id));
}

export type GiftCodeRow = {
  id: number;
  code: string;
  bonus_minor: number;
  wagering_multiple: number;
  bonus_valid_days: number;
  budget_minor: number;
  spent_minor: number;
  per_player_cap: number;
  terms_version: string;
  expires_at: Date;
  paused: boolean;
  created_by: number;
  created_at: Date;
};

const CODE_COLUMNS =
  'id::int AS id, code, bonus_minor::float8 AS bonus_minor, wagering_multiple, bonus_valid_days, budget_minor::float8 AS budget_minor, spent_minor::float8 AS spent_minor, per_player_cap, terms_version, expires_at, paused, created_by::int AS created_by, created_at';

/** The new code, or undefined when the code already exists. */
export async function insertGiftCode(q: Queryable, c: Omit<GiftCodeRow, 'id' | 'spent_minor' | 'paused'>): Promise<GiftCodeRow | undefined> {
  const { rows } = await q.query<GiftCodeRow>(
    `INSERT INTO gift_codes (code, bonus_minor, wagering_multiple, bonus_valid_days, budget_minor, per_player_cap, terms_version, expires_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (code) DO NOTHING RETURNING ${CODE_COLUMNS}`,
    [c.code, c.bonus_minor, c.wagering_multiple, c.bonus_valid_days, c.budget_minor, c.per_player_cap, c.terms_version, c.expires_at, c.created_by, c.created_at],
  );
  return rows[0];
}

export async function selectGiftCodes(q: Queryable, limit: number): Promise<GiftCodeRow[]> {
  const { rows } = await q.query<GiftCodeRow>(`SELECT ${CODE_COLUMNS} FROM gift_codes ORDER BY id DESC LIMIT $1`, [limit]);
  return rows;
}

/** The code's row locked: every redemption of one code queues here, so cap and budget are checked one at a time. */
export async function lockGiftCodeByCode(q: Queryable, code: string): Promise<GiftCodeRow | undefined> {
  const { rows } = await q.query<GiftCodeRow>(`SELECT ${CODE_COLUMNS} FROM gift_codes WHERE code = $1 FOR UPDATE`, [code]);
  return rows[0];
}

export async function lockGiftCodeById(q: Queryable, id: number): Promise<GiftCodeRow | undefined> {
  const { rows } = await q.query<GiftCodeRow>(`SELECT ${CODE_COLUMNS} FROM gift_codes WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function setGiftCodePaused(q: Queryable, id: number): Promise<GiftCodeRow> {
  const { rows } = await q.query<GiftCodeRow>(`UPDATE gift_codes SET paused = true WHERE id = $1 RETURNING ${CODE_COLUMNS}`, [id]);
  return rows[0]!;
}

export async function countRedemptions(q: Queryable, codeId: number, playerId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_code_redemptions WHERE code_id = $1 AND player_id = $2', [codeId, playerId]);
  return rows[0]!.n;
}

/**
 * Records the redemption and spends the budget. The primary key (code, player, n) refuses a second
 * row with the same count and the CHECK refuses spending past the budget, should a caller ever
 * skip the row lock's checks.
 */
export async function insertRedemption(q: Queryable, r: { codeId: number; playerId: number; n: number; grantId: string; at: Date; bonusMinor: number }): Promise<void> {
  await q.query('INSERT INTO gift_code_redemptions (code_id, player_id, n, grant_id, redeemed_at) VALUES ($1, $2, $3, $4, $5)', [r.codeId, r.playerId, r.n, r.grantId, r.at]);
  await q.query('UPDATE gift_codes SET spent_minor = spent_minor + $2 WHERE id = $1', [r.codeId, r.bonusMinor]);
}

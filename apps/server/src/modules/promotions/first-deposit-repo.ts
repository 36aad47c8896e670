import type { FirstDepositRefusal } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** SQL of the first-deposit bonus's tables (tables.ts; decisions 540-541). */

export type OfferRow = {
  id: number;
  percent: number;
  cap_minor: number;
  wagering_multiple: number;
  bonus_valid_days: number;
  budget_minor: number;
  spent_minor: number;
  terms_version: string;
  expires_at: Date;
  paused: boolean;
  paused_at: Date | null;
  created_by: number;
  created_at: Date;
};

const OFFER_COLUMNS =
  'id::int AS id, percent, cap_minor::float8 AS cap_minor, wagering_multiple, bonus_valid_days, budget_minor::float8 AS budget_minor, spent_minor::float8 AS spent_minor, terms_version, expires_at, paused, paused_at, created_by::int AS created_by, created_at';

export async function insertOffer(q: Queryable, o: Omit<OfferRow, 'id' | 'spent_minor' | 'paused' | 'paused_at'>): Promise<OfferRow> {
  const { rows } = await q.query<OfferRow>(
    `INSERT INTO first_deposit_offers (percent, cap_minor, wagering_multiple, bonus_valid_days, budget_minor, terms_version, expires_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${OFFER_COLUMNS}`,
    [o.percent, o.cap_minor, o.wagering_multiple, o.bonus_valid_days, o.budget_minor, o.terms_version, o.expires_at, o.created_by, o.created_at],
  );
  return rows[0]!;
}

export async function selectOffers(q: Queryable, limit: number): Promise<OfferRow[]> {
  const { rows } = await q.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM first_deposit_offers ORDER BY id DESC LIMIT $1`, [limit]);
  return rows;
}

/** The one offer not paused (the partial unique index allows one), locked when `lock`. */
export async function selectUnpausedOffer(q: Queryable, opts: { lock?: boolean } = {}): Promise<OfferRow | undefined> {
  const { rows } = await q.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM first_deposit_offers WHERE NOT paused ${opts.lock ? 'FOR UPDATE' : ''}`);
  return rows[0];
}

/** An offer's row locked: every grant of one offer spends its budget in turn. */
export async function lockOffer(q: Queryable, id: number): Promise<OfferRow | undefined> {
  const { rows } = await q.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM first_deposit_offers WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function pauseOffer(q: Queryable, id: number, at: Date): Promise<OfferRow> {
  const { rows } = await q.query<OfferRow>(`UPDATE first_deposit_offers SET paused = true, paused_at = $2 WHERE id = $1 RETURNING ${OFFER_COLUMNS}`, [id, at]);
  return rows[0]!;
}

/** Spends the budget; the CHECK (spent <= budget) refuses it should the caller's check ever be skipped. */
export async function spendOffer(q: Queryable, id: number, amountMinor: number): Promise<void> {
  await q.query('UPDATE first_deposit_offers SET spent_minor = spent_minor + $2 WHERE id = $1', [id, amountMinor]);
}

export type ClaimRow = {
  player_id: number;
  order_id: string;
  offer_id: number;
  terms_version: string;
  opted_at: Date;
  status: 'pending' | 'granted' | 'refused';
  refused_reason: FirstDepositRefusal | null;
  grant_id: string | null;
  bonus_minor: number | null;
  decided_at: Date | null;
};

const CLAIM_COLUMNS =
  'player_id::int AS player_id, order_id, offer_id::int AS offer_id, terms_version, opted_at, status, refused_reason, grant_id, bonus_minor::float8 AS bonus_minor, decided_at';

export async function selectClaim(q: Queryable, playerId: number, opts: { lock?: boolean } = {}): Promise<ClaimRow | undefined> {
  const { rows } = await q.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM first_deposit_claims WHERE player_id = $1 ${opts.lock ? 'FOR UPDATE' : ''}`, [playerId]);
  return rows[0];
}

/**
 * The player's opt-in with this order: a new claim, or a pending one moved to the newer order (an
 * order left unpaid does not use up the opt-in). A decided claim is never changed: undefined then.
 */
export async function upsertPendingClaim(q: Queryable, c: { playerId: number; orderId: string; offerId: number; termsVersion: string; at: Date }): Promise<ClaimRow | undefined> {
  const { rows } = await q.query<ClaimRow>(
    `INSERT INTO first_deposit_claims (player_id, order_id, offer_id, terms_version, opted_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (player_id) DO UPDATE SET order_id = EXCLUDED.order_id, offer_id = EXCLUDED.offer_id, terms_version = EXCLUDED.terms_version, opted_at = EXCLUDED.opted_at
       WHERE first_deposit_claims.status = 'pending'
     RETURNING ${CLAIM_COLUMNS}`,
    [c.playerId, c.orderId, c.offerId, c.termsVersion, c.at],
  );
  return rows[0];
}

export async function markClaimGranted(q: Queryable, playerId: number, grantId: string, bonusMinor: number, at: Date): Promise<void> {
  await q.query(`UPDATE first_deposit_claims SET status = 'granted', grant_id = $2, bonus_minor = $3, decided_at = $4 WHERE player_id = $1 AND status = 'pending'`, [playerId, grantId, bonusMinor, at]);
}

export async function markClaimRefused(q: Queryable, playerId: number, reason: FirstDepositRefusal, at: Date): Promise<void> {
  await q.query(`UPDATE first_deposit_claims SET status = 'refused', refused_reason = $2, decided_at = $3 WHERE player_id = $1 AND status = 'pending'`, [playerId, reason, at]);
}

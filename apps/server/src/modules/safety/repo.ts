import type { ClosureReason, SafetyLimitKind, SafetyPeriod, SuspensionReason } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** The safety module's SQL: only the safety_* tables. */

export type ControlsRow = {
  player_id: number;
  break_until: Date | null;
  exclusion_started_at: Date | null;
  exclusion_until: Date | null;
  reopen_requested_at: Date | null;
  reality_check_minutes: number | null;
  deposit_prompt_answered_at: Date | null;
  /** An operator's suspension (decision 420): all four set, or none. */
  suspended_at: Date | null;
  suspension_reason: SuspensionReason | null;
  suspension_note: string | null;
  suspended_by: number | null;
  /** An operator's closure (decision 440): final once set (migration 032's trigger). */
  closed_at: Date | null;
  closure_reason: ClosureReason | null;
  closure_note: string | null;
  closed_by: number | null;
};

export type LimitRow = {
  player_id: number;
  kind: SafetyLimitKind;
  period: SafetyPeriod;
  amount_minor: number | null;
  pending_amount_minor: number | null;
  pending_requested_at: Date | null;
};

const CONTROL_COLUMNS =
  'player_id, break_until, exclusion_started_at, exclusion_until, reopen_requested_at, reality_check_minutes, deposit_prompt_answered_at, suspended_at, suspension_reason, suspension_note, suspended_by::int AS suspended_by, closed_at, closure_reason, closure_note, closed_by::int AS closed_by';
const LIMIT_COLUMNS = 'player_id, kind, period, amount_minor::float8 AS amount_minor, pending_amount_minor::float8 AS pending_amount_minor, pending_requested_at';

/**
 * Makes the player's controls row exist and locks it, in player-id order. Every money path that a
 * control limits takes this lock first, before any ledger account (whose locks follow the
 * ledger's own sorted order), so one order holds everywhere and two requests of one player are
 * checked one after the other.
 */
export async function lockControls(q: Queryable, playerIds: readonly number[], now: Date): Promise<ControlsRow[]> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  await q.query(
    `INSERT INTO safety_controls (player_id, updated_at) SELECT id, $2 FROM unnest($1::bigint[]) AS id
     ON CONFLICT (player_id) DO NOTHING`,
    [ids, now],
  );
  const { rows } = await q.query<ControlsRow>(
    `SELECT ${CONTROL_COLUMNS} FROM safety_controls WHERE player_id = ANY($1::bigint[]) ORDER BY player_id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/**
 * The controls of players who have any, without locking or creating rows: the money paths' fast
 * pre-check, so a player with no control never writes a row just by betting.
 */
export async function selectControls(q: Queryable, playerIds: readonly number[]): Promise<ControlsRow[]> {
  const { rows } = await q.query<ControlsRow>(`SELECT ${CONTROL_COLUMNS} FROM safety_controls WHERE player_id = ANY($1::bigint[])`, [[...playerIds]]);
  return rows;
}

/**
 * The player's controls row if any, share-locked: a path that only needs to know the account is
 * not suspended (a UTR submission) waits for a suspension being written instead of reading past it.
 */
export async function selectControlsShared(q: Queryable, playerId: number): Promise<ControlsRow | undefined> {
  const { rows } = await q.query<ControlsRow>(`SELECT ${CONTROL_COLUMNS} FROM safety_controls WHERE player_id = $1 FOR SHARE`, [playerId]);
  return rows[0];
}

export async function updateControls(q: Queryable, playerId: number, change: Partial<Omit<ControlsRow, 'player_id'>>, now: Date): Promise<void> {
  const keys = Object.keys(change) as (keyof typeof change)[];
  const sets = keys.map((k, i) => `${k} = $${i + 3}`);
  await q.query(`UPDATE safety_controls SET updated_at = $2${sets.length ? ', ' + sets.join(', ') : ''} WHERE player_id = $1`, [
    playerId,
    now,
    ...keys.map((k) => change[k]),
  ]);
}

export async function selectLimits(q: Queryable, playerIds: readonly number[]): Promise<LimitRow[]> {
  const { rows } = await q.query<LimitRow>(
    `SELECT ${LIMIT_COLUMNS} FROM safety_limits WHERE player_id = ANY($1::bigint[]) ORDER BY player_id, kind, period`,
    [[...playerIds]],
  );
  return rows;
}

export async function upsertLimit(q: Queryable, r: LimitRow, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO safety_limits (player_id, kind, period, amount_minor, pending_amount_minor, pending_requested_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (player_id, kind, period) DO UPDATE SET amount_minor = EXCLUDED.amount_minor,
       pending_amount_minor = EXCLUDED.pending_amount_minor, pending_requested_at = EXCLUDED.pending_requested_at, updated_at = EXCLUDED.updated_at`,
    [r.player_id, r.kind, r.period, r.amount_minor, r.pending_amount_minor, r.pending_requested_at, now],
  );
}

/**
 * Deposit limits count two kinds of row in `safety_deposit_usage` (decision 391): an open
 * order's share, keyed by the order id and held from the order's creation until it is paid or
 * can no longer be paid (`released_at`), and each credit, keyed by `credit:` and the ledger
 * transfer's idempotency key, dated when it was credited and never released. What the player
 * has used is the credits; what is reserved is the shares.
 */
const CREDIT_PREFIX = 'credit:';
const isCredit = `order_ref LIKE '${CREDIT_PREFIX}%'`;

/** Deposits credited at or after `since`, and the shares of open orders created at or after it. */
export async function sumDepositUsage(q: Queryable, playerId: number, since: Date): Promise<{ creditedMinor: number; reservedMinor: number }> {
  const { rows } = await q.query<{ credited: number; reserved: number }>(
    `SELECT COALESCE(SUM(amount_minor) FILTER (WHERE ${isCredit}), 0)::float8 AS credited,
            COALESCE(SUM(amount_minor) FILTER (WHERE NOT ${isCredit}), 0)::float8 AS reserved
       FROM safety_deposit_usage WHERE player_id = $1 AND released_at IS NULL AND created_at >= $2`,
    [playerId, since],
  );
  return { creditedMinor: Number(rows[0]!.credited), reservedMinor: Number(rows[0]!.reserved) };
}

/** The deposits credited at or after `since`, each with when it was credited. */
export async function selectDepositCredits(q: Queryable, playerId: number, since: Date): Promise<{ at: Date; amountMinor: number }[]> {
  const { rows } = await q.query<{ at: Date; amount_minor: number }>(
    `SELECT created_at AS at, amount_minor::float8 AS amount_minor FROM safety_deposit_usage
      WHERE player_id = $1 AND released_at IS NULL AND created_at >= $2 AND ${isCredit} ORDER BY created_at`,
    [playerId, since],
  );
  return rows.map((r) => ({ at: r.at, amountMinor: Number(r.amount_minor) }));
}

/** An order's share of the player's deposit limits, from its creation. */
export async function insertDepositUsage(q: Queryable, r: { orderRef: string; playerId: number; amountMinor: number; now: Date }): Promise<void> {
  await q.query(
    `INSERT INTO safety_deposit_usage (order_ref, player_id, amount_minor, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_ref) DO NOTHING`,
    [r.orderRef, r.playerId, r.amountMinor, r.now],
  );
}

/**
 * An order's share stops counting (it can no longer be paid: `releasedAt` set) or counts again
 * (money was seen for it: null). True when the row changed. A credit row never matches: order
 * ids carry no `credit:` prefix.
 */
export async function setDepositUsageReleased(q: Queryable, orderRef: string, releasedAt: Date | null): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE safety_deposit_usage SET released_at = $2 WHERE order_ref = $1 AND (released_at IS NULL) <> ($2::timestamptz IS NULL)`,
    [orderRef, releasedAt],
  );
  return rowCount > 0;
}

/**
 * A credit: the order's share is replaced by what was credited, dated now. The share row is
 * deleted, not released, so no later step of the order can make it count again; the credit row
 * is keyed by the ledger transfer's key, so a replayed credit is not counted twice.
 */
export async function recordDepositCredit(q: Queryable, r: { orderRef: string; creditKey: string; playerId: number; amountMinor: number; now: Date }): Promise<void> {
  await q.query(`DELETE FROM safety_deposit_usage WHERE order_ref = $1`, [r.orderRef]);
  await q.query(
    `INSERT INTO safety_deposit_usage (order_ref, player_id, amount_minor, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_ref) DO NOTHING`,
    [`${CREDIT_PREFIX}${r.creditKey}`, r.playerId, r.amountMinor, r.now],
  );
}

export type ChangeRow = { id: number; player_id: number; at: Date; action: string; detail: Record<string, string | number | boolean | null> };

export async function insertChange(q: Queryable, playerId: number, action: string, detail: Record<string, string | number | boolean | null>, now: Date): Promise<void> {
  await q.query(`INSERT INTO safety_changes (player_id, at, action, detail) VALUES ($1, $2, $3, $4::jsonb)`, [playerId, now, action, JSON.stringify(detail)]);
}

export async function selectChanges(q: Queryable, playerId: number, limit: number): Promise<ChangeRow[]> {
  const { rows } = await q.query<ChangeRow>(
    `SELECT id::float8 AS id, player_id, at, action, detail FROM safety_changes WHERE player_id = $1 ORDER BY id DESC LIMIT $2`,
    [playerId, limit],
  );
  return rows;
}

export async function insertRefusal(q: Queryable, playerId: number, code: string, now: Date): Promise<void> {
  await q.query(`INSERT INTO safety_refusals (player_id, at, code) VALUES ($1, $2, $3)`, [playerId, now, code]);
}

/** When the player was last refused by one of `codes` (a limit), or null. */
export async function selectLastRefusalAt(q: Queryable, playerId: number, codes: readonly string[]): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(`SELECT max(at) AS at FROM safety_refusals WHERE player_id = $1 AND code = ANY($2::text[])`, [playerId, [...codes]]);
  return rows[0]?.at ?? null;
}

export async function selectFrequentRefusals(
  q: Queryable,
  since: Date,
  minHits: number,
  limit: number,
): Promise<{ player_id: number; hits: number; last_at: Date; codes: string[] }[]> {
  const { rows } = await q.query<{ player_id: number; hits: number; last_at: Date; codes: string[] }>(
    `SELECT player_id, COUNT(*)::int AS hits, MAX(at) AS last_at, array_agg(DISTINCT code ORDER BY code) AS codes
       FROM safety_refusals WHERE at >= $1
      GROUP BY player_id HAVING COUNT(*) >= $2
      ORDER BY hits DESC, player_id LIMIT $3`,
    [since, minHits, limit],
  );
  return rows.map((r) => ({ ...r, player_id: Number(r.player_id) }));
}

export type InteractionNoteRow = { id: number; at: Date; operator_id: number; observed: string; action_taken: string };

export async function insertInteractionNote(q: Queryable, r: { playerId: number; operatorId: number; at: Date; observed: string; actionTaken: string }): Promise<InteractionNoteRow> {
  const { rows } = await q.query<InteractionNoteRow>(
    `INSERT INTO safety_interaction_notes (player_id, operator_id, at, observed, action_taken) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::int AS id, at, operator_id::int AS operator_id, observed, action_taken`,
    [r.playerId, r.operatorId, r.at, r.observed, r.actionTaken],
  );
  return rows[0]!;
}

export async function selectInteractionNotes(q: Queryable, playerId: number, limit: number): Promise<InteractionNoteRow[]> {
  const { rows } = await q.query<InteractionNoteRow>(
    `SELECT id::int AS id, at, operator_id::int AS operator_id, observed, action_taken FROM safety_interaction_notes WHERE player_id = $1 ORDER BY id DESC LIMIT $2`,
    [playerId, limit],
  );
  return rows;
}

import type { AdjustmentReason } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** The adjustments module's SQL: only player_adjustments and adjustment_approvals. */

export type AdjustmentRow = {
  id: string;
  player_id: number;
  direction: 'credit' | 'debit';
  amount_minor: number;
  reason: AdjustmentReason;
  note: string;
  idempotency_key: string;
  requested_by: number;
  requested_at: Date;
  approvals_needed: number;
  status: 'awaiting_second_approval' | 'applied';
  transfer_id: string | null;
  applied_at: Date | null;
  approvers: number[];
};

const COLUMNS = `a.id, a.player_id::int AS player_id, a.direction, a.amount_minor::float8 AS amount_minor, a.reason, a.note, a.idempotency_key,
  a.requested_by::int AS requested_by, a.requested_at, a.approvals_needed, a.status, a.transfer_id, a.applied_at,
  COALESCE((SELECT array_agg(p.operator_id::int ORDER BY p.at, p.operator_id) FROM adjustment_approvals p WHERE p.adjustment_id = a.id), '{}') AS approvers`;

export async function insertAdjustment(
  q: Queryable,
  r: Omit<AdjustmentRow, 'status' | 'transfer_id' | 'applied_at' | 'approvers'>,
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO player_adjustments (id, player_id, direction, amount_minor, reason, note, idempotency_key, requested_by, requested_at, approvals_needed, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'awaiting_second_approval')
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [r.id, r.player_id, r.direction, r.amount_minor, r.reason, r.note, r.idempotency_key, r.requested_by, r.requested_at, r.approvals_needed],
  );
  return rows.length === 1;
}

export async function selectByKey(q: Queryable, key: string): Promise<AdjustmentRow | undefined> {
  const { rows } = await q.query<AdjustmentRow>(`SELECT ${COLUMNS} FROM player_adjustments a WHERE a.idempotency_key = $1`, [key]);
  return rows[0];
}

export async function selectById(q: Queryable, id: string): Promise<AdjustmentRow | undefined> {
  const { rows } = await q.query<AdjustmentRow>(`SELECT ${COLUMNS} FROM player_adjustments a WHERE a.id = $1`, [id]);
  return rows[0];
}

/** The adjustment, locked: one approval at a time. */
export async function lockAdjustment(q: Queryable, id: string): Promise<AdjustmentRow | undefined> {
  await q.query(`SELECT 1 FROM player_adjustments WHERE id = $1 FOR UPDATE`, [id]);
  const { rows } = await q.query<AdjustmentRow>(`SELECT ${COLUMNS} FROM player_adjustments a WHERE a.id = $1`, [id]);
  return rows[0];
}

/** One approval; the database's trigger refuses an approver who is not active or not independent (SQLSTATE CP001). */
export async function insertApproval(q: Queryable, adjustmentId: string, operatorId: number, at: Date): Promise<void> {
  await q.query(`INSERT INTO adjustment_approvals (adjustment_id, operator_id, at) VALUES ($1, $2, $3)`, [adjustmentId, operatorId, at]);
}

export async function markApplied(q: Queryable, id: string, transferId: string, at: Date): Promise<void> {
  await q.query(`UPDATE player_adjustments SET status = 'applied', transfer_id = $2, applied_at = $3 WHERE id = $1 AND status = 'awaiting_second_approval'`, [id, transferId, at]);
}

export async function selectForPlayer(q: Queryable, playerId: number, limit: number): Promise<AdjustmentRow[]> {
  const { rows } = await q.query<AdjustmentRow>(`SELECT ${COLUMNS} FROM player_adjustments a WHERE a.player_id = $1 ORDER BY a.requested_at DESC, a.id DESC LIMIT $2`, [playerId, limit]);
  return rows;
}

import type { PayoutMethod, PayoutMethodKind, Withdrawal, WithdrawalStatus, WithdrawalsQuery } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import type { PayoutDestination } from '../payouts';
import type { WithdrawalTimes } from './withdrawal-machine';

/** The withdrawals module's SQL: only its own tables (tables.ts). */

export type MethodRow = {
  id: string;
  player_id: number;
  kind: PayoutMethodKind;
  details: PayoutDestination;
  summary: string;
  fingerprint: string;
  created_at: Date;
  removed_at: Date | null;
};

export type WithdrawalRow = {
  id: string;
  player_id: number;
  method_id: string;
  method_kind: PayoutMethodKind;
  method_summary: string;
  destination: PayoutDestination;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  status: WithdrawalStatus;
  idempotency_key: string;
  request_hash: string;
  ist_day: string;
  review_reasons: string[];
  approvals_required: number;
  payout_ref: string | null;
  payout_reference: string | null;
  failure_reason: string | null;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
  approved_at: Date | null;
  sent_at: Date | null;
  paid_at: Date | null;
  completed_at: Date | null;
};

export type ApprovalRow = { withdrawal_id: string; operator_id: string; note: string; created_at: Date };

const METHOD_COLUMNS = 'id, player_id, kind, details, summary, fingerprint, created_at, removed_at';
const COLUMNS = `id, player_id, method_id, method_kind, method_summary, destination, amount_minor, fee_minor, currency, status,
  idempotency_key, request_hash, to_char(ist_day, 'YYYY-MM-DD') AS ist_day, review_reasons, approvals_required, payout_ref,
  payout_reference, failure_reason, rejection_reason, created_at, updated_at, approved_at, sent_at, paid_at, completed_at`;

/**
 * Serialises one player's withdrawal requests (balance, wagering and daily count are checked and
 * the hold posted under it), so two requests at once cannot both pass a check meant for one.
 */
export async function lockPlayerWithdrawals(q: Queryable, playerId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`withdrawals:player:${playerId}`]);
}

// ---- payout methods ----

export async function insertMethod(q: Queryable, m: Omit<MethodRow, 'removed_at'>): Promise<MethodRow | undefined> {
  const { rows } = await q.query<MethodRow>(
    `INSERT INTO payout_methods (id, player_id, kind, details, summary, fingerprint, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (player_id, fingerprint) WHERE removed_at IS NULL DO NOTHING
     RETURNING ${METHOD_COLUMNS}`,
    [m.id, m.player_id, m.kind, JSON.stringify(m.details), m.summary, m.fingerprint, m.created_at],
  );
  return rows[0];
}

export async function findActiveMethodByFingerprint(q: Queryable, playerId: number, fingerprint: string): Promise<MethodRow | undefined> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payout_methods WHERE player_id = $1 AND fingerprint = $2 AND removed_at IS NULL`,
    [playerId, fingerprint],
  );
  return rows[0];
}

export async function listActiveMethods(q: Queryable, playerId: number): Promise<MethodRow[]> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payout_methods WHERE player_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
    [playerId],
  );
  return rows;
}

export async function findActiveMethod(q: Queryable, playerId: number, methodId: string): Promise<MethodRow | undefined> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payout_methods WHERE id = $1 AND player_id = $2 AND removed_at IS NULL`,
    [methodId, playerId],
  );
  return rows[0];
}

export async function removeMethod(q: Queryable, playerId: number, methodId: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE payout_methods SET removed_at = $3 WHERE id = $1 AND player_id = $2 AND removed_at IS NULL`,
    [methodId, playerId, now],
  );
  return rowCount > 0;
}

// ---- withdrawals ----

export async function insertWithdrawal(
  q: Queryable,
  w: Pick<
    WithdrawalRow,
    | 'id' | 'player_id' | 'method_id' | 'method_kind' | 'method_summary' | 'destination' | 'amount_minor' | 'fee_minor'
    | 'currency' | 'idempotency_key' | 'request_hash' | 'ist_day' | 'review_reasons' | 'approvals_required' | 'created_at'
  > & { vip_level: number },
): Promise<WithdrawalRow> {
  const { rows } = await q.query<WithdrawalRow>(
    `INSERT INTO withdrawals (id, player_id, method_id, method_kind, method_summary, destination, amount_minor, fee_minor, currency,
       status, idempotency_key, request_hash, ist_day, review_reasons, approvals_required, created_at, updated_at, vip_level)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'requested', $10, $11, $12, $13, $14, $15, $15, $16)
     RETURNING ${COLUMNS}`,
    [
      w.id, w.player_id, w.method_id, w.method_kind, w.method_summary, JSON.stringify(w.destination), w.amount_minor, w.fee_minor,
      w.currency, w.idempotency_key, w.request_hash, w.ist_day, JSON.stringify(w.review_reasons), w.approvals_required, w.created_at,
      w.vip_level,
    ],
  );
  return rows[0]!;
}

export async function findByKey(q: Queryable, playerId: number, key: string): Promise<WithdrawalRow | undefined> {
  const { rows } = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE player_id = $1 AND idempotency_key = $2`, [playerId, key]);
  return rows[0];
}

export async function findWithdrawal(q: Queryable, id: string, lock = false): Promise<WithdrawalRow | undefined> {
  const { rows } = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export type WithdrawalChange = Partial<Pick<WithdrawalRow, 'payout_ref' | 'payout_reference' | 'failure_reason' | 'rejection_reason'>> & WithdrawalTimes;

/** Writes the new status and whatever else changed (column names come from the types above, never from input). */
export async function updateWithdrawal(q: Queryable, id: string, status: WithdrawalStatus, now: Date, change: WithdrawalChange): Promise<WithdrawalRow> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined);
  const sets = entries.map(([k], i) => `${k} = $${i + 4}`);
  const { rows } = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = $2, updated_at = $3${sets.length ? `, ${sets.join(', ')}` : ''} WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, status, now, ...entries.map(([, v]) => v)],
  );
  return rows[0]!;
}

export async function setPayoutRef(q: Queryable, id: string, payoutRef: string, now: Date): Promise<void> {
  await q.query(`UPDATE withdrawals SET payout_ref = $2, updated_at = $3 WHERE id = $1 AND payout_ref IS NULL`, [id, payoutRef, now]);
}

export async function recordEvent(
  q: Queryable,
  e: { withdrawalId: string; from: WithdrawalStatus | null; to: WithdrawalStatus; actor: 'player' | 'operator' | 'system' | 'gateway'; operatorId: string | null; transferId: string | null; detail: Record<string, unknown>; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, operator_id, transfer_id, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.withdrawalId, e.from, e.to, e.actor, e.operatorId, e.transferId, JSON.stringify(e.detail), e.now],
  );
}

export async function countOnDay(q: Queryable, playerId: number, day: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE player_id = $1 AND ist_day = $2`, [playerId, day]);
  return rows[0]?.n ?? 0;
}

export async function hasPaidWithdrawal(q: Queryable, playerId: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM withdrawals WHERE player_id = $1 AND paid_at IS NOT NULL LIMIT 1`, [playerId]);
  return rows.length > 0;
}

export async function listOfPlayer(q: Queryable, playerId: number, query: WithdrawalsQuery): Promise<WithdrawalRow[]> {
  const where = ['player_id = $1'];
  const params: unknown[] = [playerId];
  if (query.status) {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  if (query.before) {
    params.push(query.before);
    where.push(`(created_at, id) < (SELECT created_at, id FROM withdrawals WHERE id = $${params.length})`);
  }
  params.push(query.limit + 1);
  const { rows } = await q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/**
 * Withdrawals in review: higher VIP levels first (decision 547), then oldest first; `after` is the
 * last id of the previous page (the level is negated so one row comparison pages the whole order).
 */
export async function listInReview(q: Queryable, after: string | null, limit: number): Promise<WithdrawalRow[]> {
  const { rows } = await q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE status = 'review'
       AND ($1::text IS NULL OR (-vip_level, created_at, id) > (SELECT -vip_level, created_at, id FROM withdrawals WHERE id = $1))
     ORDER BY vip_level DESC, created_at, id LIMIT $2`,
    [after, limit],
  );
  return rows;
}

export async function listApprovedIds(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM withdrawals WHERE status = 'approved' ORDER BY approved_at, id LIMIT $1`, [limit]);
  return rows.map((r) => r.id);
}

// ---- approvals ----

export async function listApprovals(q: Queryable, withdrawalIds: string[]): Promise<ApprovalRow[]> {
  if (withdrawalIds.length === 0) return [];
  const { rows } = await q.query<ApprovalRow>(
    `SELECT withdrawal_id, operator_id, note, created_at FROM withdrawal_approvals WHERE withdrawal_id = ANY($1::text[]) ORDER BY created_at, operator_id`,
    [withdrawalIds],
  );
  return rows;
}

export async function insertApproval(q: Queryable, a: ApprovalRow): Promise<void> {
  await q.query(
    `INSERT INTO withdrawal_approvals (withdrawal_id, operator_id, note, created_at) VALUES ($1, $2, $3, $4)`,
    [a.withdrawal_id, a.operator_id, a.note, a.created_at],
  );
}

// ---- payout callbacks ----

/** Records a callback event; false when its id was seen before (a redelivery). */
export async function insertCallbackEvent(
  q: Queryable,
  e: { eventId: string; gateway: string; withdrawalId: string; payload: unknown; now: Date },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payout_callback_events (event_id, gateway, withdrawal_id, payload, outcome, received_at)
     VALUES ($1, $2, $3, $4, 'received', $5) ON CONFLICT (event_id) DO NOTHING`,
    [e.eventId, e.gateway, e.withdrawalId, JSON.stringify(e.payload), e.now],
  );
  return rowCount > 0;
}

export async function settleCallbackEvent(q: Queryable, eventId: string, outcome: string): Promise<void> {
  await q.query(`UPDATE payout_callback_events SET outcome = $2 WHERE event_id = $1`, [eventId, outcome]);
}

// ---- views ----

export function toMethod(r: MethodRow): PayoutMethod {
  const d = r.details;
  const details =
    d.kind === 'bank'
      ? { kind: 'bank' as const, accountHolder: d.accountHolder, accountNumberLast4: d.accountNumber.slice(-4), ifsc: d.ifsc }
      : d;
  return { id: r.id, kind: r.kind, summary: r.summary, details, createdAt: r.created_at.toISOString() };
}

const CANCELLABLE: ReadonlySet<WithdrawalStatus> = new Set(['requested', 'review']);

export function toWithdrawal(r: WithdrawalRow): Withdrawal {
  return {
    id: r.id,
    amountMinor: r.amount_minor,
    feeMinor: r.fee_minor,
    netAmountMinor: r.amount_minor - r.fee_minor,
    currency: r.currency,
    status: r.status,
    method: { id: r.method_id, kind: r.method_kind, summary: r.method_summary },
    cancellable: CANCELLABLE.has(r.status),
    failureReason: r.failure_reason,
    rejectionReason: r.rejection_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    approvedAt: r.approved_at?.toISOString() ?? null,
    paidAt: r.paid_at?.toISOString() ?? null,
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}

/**
 * Other players who saved a UPI ID or bank account this player saved (decision 430), by the
 * destination's fingerprint; removed methods count, since money may have gone there.
 */
export async function playersSharingPayoutDestination(q: Queryable, playerId: number): Promise<{ playerId: number; kind: 'upi' | 'bank'; summary: string; at: Date }[]> {
  const { rows } = await q.query<{ player_id: string | number; kind: 'upi' | 'bank'; summary: string; at: Date }>(
    `SELECT o.player_id, m.kind, min(m.summary) AS summary, min(greatest(o.created_at, m.created_at)) AS at FROM payout_methods m
       JOIN payout_methods o ON o.fingerprint = m.fingerprint AND o.kind = m.kind AND o.player_id <> m.player_id
      WHERE m.player_id = $1 AND m.kind IN ('upi', 'bank')
      GROUP BY o.player_id, m.kind ORDER BY o.player_id, m.kind`,
    [playerId],
  );
  return rows.map((r) => ({ playerId: Number(r.player_id), kind: r.kind, summary: r.summary, at: r.at }));
}

/** Players who saved a UPI ID or bank account at or after `since` (the link alerts' job, decision 432). */
export async function playersAddingPayoutSince(q: Queryable, since: Date): Promise<number[]> {
  const { rows } = await q.query<{ player_id: string | number }>(`SELECT DISTINCT player_id FROM payout_methods WHERE created_at >= $1 AND kind IN ('upi', 'bank')`, [since]);
  return rows.map((r) => Number(r.player_id));
}

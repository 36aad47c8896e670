import type { KycDocumentType, KycSubmission } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** The KYC module's SQL: only kyc_submissions. */

export type SubmissionRow = {
  id: string;
  player_id: number;
  status: 'pending' | 'verified' | 'rejected';
  full_name: string;
  date_of_birth: string;
  pan_number: string;
  document_key: string;
  document_content_type: KycDocumentType;
  document_bytes: number;
  document_file_name: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  rejection_reason: string | null;
};

// to_char keeps the date a plain YYYY-MM-DD on both engines (no time zone shifts).
const COLUMNS = `id, player_id, status, full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, pan_number,
  document_key, document_content_type, document_bytes, document_file_name, submitted_at, decided_at, decided_by, rejection_reason`;

export async function insertSubmission(q: Queryable, r: Omit<SubmissionRow, 'status' | 'decided_at' | 'decided_by' | 'rejection_reason'>): Promise<SubmissionRow> {
  const { rows } = await q.query<SubmissionRow>(
    `INSERT INTO kyc_submissions (id, player_id, status, full_name, date_of_birth, pan_number, document_key,
       document_content_type, document_bytes, document_file_name, submitted_at)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [r.id, r.player_id, r.full_name, r.date_of_birth, r.pan_number, r.document_key, r.document_content_type, r.document_bytes, r.document_file_name, r.submitted_at],
  );
  return rows[0]!;
}

/**
 * The submission that gives the player's status: the open one (pending or verified, at most one)
 * if any, else the newest rejected one; undefined when the player never submitted.
 */
export async function latestOfPlayer(q: Queryable, playerId: number): Promise<SubmissionRow | undefined> {
  const { rows } = await q.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM kyc_submissions WHERE player_id = $1 ORDER BY (status <> 'rejected') DESC, submitted_at DESC, id DESC LIMIT 1`,
    [playerId],
  );
  return rows[0];
}

/** Every submission of the player, the one that gives the status first, then newest first. */
export async function listOfPlayer(q: Queryable, playerId: number): Promise<SubmissionRow[]> {
  const { rows } = await q.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM kyc_submissions WHERE player_id = $1 ORDER BY (status <> 'rejected') DESC, submitted_at DESC, id DESC`,
    [playerId],
  );
  return rows;
}

export async function isPlayerVerified(q: Queryable, playerId: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM kyc_submissions WHERE player_id = $1 AND status = 'verified' LIMIT 1`, [playerId]);
  return rows.length > 0;
}

export async function findSubmission(q: Queryable, id: string, lock = false): Promise<SubmissionRow | undefined> {
  const { rows } = await q.query<SubmissionRow>(`SELECT ${COLUMNS} FROM kyc_submissions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function listPendingSubmissions(q: Queryable, limit: number): Promise<SubmissionRow[]> {
  const { rows } = await q.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM kyc_submissions WHERE status = 'pending' ORDER BY submitted_at, id LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Moves a pending submission to its decision; undefined when it was not pending (a race lost). */
export async function decideSubmission(
  q: Queryable,
  id: string,
  d: { status: 'verified' | 'rejected'; decidedBy: string; reason: string | null; now: Date },
): Promise<SubmissionRow | undefined> {
  const { rows } = await q.query<SubmissionRow>(
    `UPDATE kyc_submissions SET status = $2, decided_by = $3, rejection_reason = $4, decided_at = $5
      WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, d.status, d.decidedBy, d.reason, d.now],
  );
  return rows[0];
}

export function toSubmission(r: SubmissionRow): KycSubmission {
  return {
    id: r.id,
    playerId: Number(r.player_id),
    status: r.status,
    fullName: r.full_name,
    dateOfBirth: r.date_of_birth,
    panNumber: r.pan_number,
    documentContentType: r.document_content_type,
    documentBytes: r.document_bytes,
    documentFileName: r.document_file_name,
    submittedAt: r.submitted_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    decidedBy: r.decided_by,
    rejectionReason: r.rejection_reason,
  };
}

/**
 * For each given submission, the other players whose open submission (pending or verified) has
 * the same PAN: one person behind several accounts, or a borrowed identity (decision 195).
 */
export async function panSharedWith(q: Queryable, submissionIds: string[]): Promise<Map<string, Array<{ playerId: number; status: 'pending' | 'verified' }>>> {
  const out = new Map<string, Array<{ playerId: number; status: 'pending' | 'verified' }>>();
  if (submissionIds.length === 0) return out;
  const { rows } = await q.query<{ id: string; player_id: number; status: 'pending' | 'verified' }>(
    `SELECT s.id, o.player_id, o.status FROM kyc_submissions s
       JOIN kyc_submissions o ON o.pan_number = s.pan_number AND o.player_id <> s.player_id AND o.status IN ('pending', 'verified')
      WHERE s.id = ANY($1::text[]) ORDER BY s.id, o.player_id`,
    [submissionIds],
  );
  for (const r of rows) {
    const list = out.get(r.id) ?? [];
    list.push({ playerId: Number(r.player_id), status: r.status });
    out.set(r.id, list);
  }
  return out;
}

/** Other players whose pending or verified identity carries this player's PAN (decision 430). */
export async function playersSharingPan(q: Queryable, playerId: number): Promise<{ playerId: number; at: Date }[]> {
  const { rows } = await q.query<{ player_id: string | number; at: Date }>(
    `SELECT o.player_id, min(greatest(o.submitted_at, m.submitted_at)) AS at FROM kyc_submissions m
       JOIN kyc_submissions o ON o.pan_number = m.pan_number AND o.player_id <> m.player_id AND o.status IN ('pending', 'verified')
      WHERE m.player_id = $1 AND m.status IN ('pending', 'verified')
      GROUP BY o.player_id ORDER BY o.player_id`,
    [playerId],
  );
  return rows.map((r) => ({ playerId: Number(r.player_id), at: r.at }));
}

/** Players who submitted an identity at or after `since` (the link alerts' job, decision 432). */
export async function playersSubmittingKycSince(q: Queryable, since: Date): Promise<number[]> {
  const { rows } = await q.query<{ player_id: string | number }>('SELECT DISTINCT player_id FROM kyc_submissions WHERE submitted_at >= $1', [since]);
  return rows.map((r) => Number(r.player_id));
}

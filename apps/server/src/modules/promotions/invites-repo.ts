import type { InviteOutcome, InviteReason } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** SQL of the `invites` table (tables.ts; migration 043): who invited whom, and how it ended. */

export type InviteRow = {
  invitee_id: number;
  inviter_id: number;
  registered_at: Date;
  kyc_passed_at: Date | null;
  played_at: Date | null;
  outcome: InviteOutcome;
  reason: InviteReason | null;
  grant_id: string | null;
  decided_at: Date | null;
};

const COLUMNS = 'invitee_id::int AS invitee_id, inviter_id::int AS inviter_id, registered_at, kyc_passed_at, played_at, outcome, reason, grant_id, decided_at';

/** Links the friend to the inviter once: a second delivery of the registration finds the row. */
export async function insertInvite(q: Queryable, r: { inviteeId: number; inviterId: number; registeredAt: Date }): Promise<void> {
  await q.query('INSERT INTO invites (invitee_id, inviter_id, registered_at) VALUES ($1, $2, $3) ON CONFLICT (invitee_id) DO NOTHING', [r.inviteeId, r.inviterId, r.registeredAt]);
}

export async function countRewardedSince(q: Queryable, inviterId: number, since: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM invites WHERE inviter_id = $1 AND outcome = 'rewarded' AND decided_at > $2`, [inviterId, since]);
  return rows[0]!.n;
}

/** Records what the evaluation saw; the steps' times are kept once set. */
export async function updateInvite(
  q: Queryable,
  inviteeId: number,
  u: { kycPassedAt: Date | null; playedAt: Date | null; outcome: InviteOutcome; reason: InviteReason | null; grantId: string | null; decidedAt: Date | null },
): Promise<void> {
  await q.query(
    `UPDATE invites SET kyc_passed_at = COALESCE(kyc_passed_at, $2), played_at = COALESCE(played_at, $3), outcome = $4, reason = $5, grant_id = $6, decided_at = $7
      WHERE invitee_id = $1`,
    [inviteeId, u.kycPassedAt, u.playedAt, u.outcome, u.reason, u.grantId, u.decidedAt],
  );
}

/** Pending invites for the job, oldest friend first, after `afterInviteeId` (the job's batches). */
export async function selectPendingInviteeIds(q: Queryable, afterInviteeId: number, limit: number): Promise<number[]> {
  const { rows } = await q.query<{ invitee_id: number }>(
    `SELECT invitee_id::int AS invitee_id FROM invites WHERE outcome = 'pending' AND invitee_id > $1 ORDER BY invitee_id LIMIT $2`,
    [afterInviteeId, limit],
  );
  return rows.map((r) => Number(r.invitee_id));
}

/** The inviter's friends, newest first. */
export async function selectInvitesOf(q: Queryable, inviterId: number, limit: number): Promise<InviteRow[]> {
  const { rows } = await q.query<InviteRow>(`SELECT ${COLUMNS} FROM invites WHERE inviter_id = $1 ORDER BY registered_at DESC, invitee_id DESC LIMIT $2`, [inviterId, limit]);
  return rows;
}

/** The inviter's counts over every friend (the list shows only the newest). */
export async function countInvitesOf(q: Queryable, inviterId: number): Promise<{ joined: number; qualified: number; rewarded: number }> {
  const { rows } = await q.query<{ joined: number; qualified: number; rewarded: number }>(
    `SELECT count(*)::int AS joined, count(played_at)::int AS qualified, count(*) FILTER (WHERE outcome = 'rewarded')::int AS rewarded
       FROM invites WHERE inviter_id = $1`,
    [inviterId],
  );
  return rows[0]!;
}

/** One invite as it stands (no lock). */
export async function selectInvite(q: Queryable, inviteeId: number): Promise<InviteRow | undefined> {
  const { rows } = await q.query<InviteRow>(`SELECT ${COLUMNS} FROM invites WHERE invitee_id = $1`, [inviteeId]);
  return rows[0];
}

/** Every invite of the inviter locked, in invitee order: one inviter's friends are decided in turn, so the cap is exact. */
export async function lockInvitesOf(q: Queryable, inviterId: number): Promise<void> {
  await q.query('SELECT invitee_id FROM invites WHERE inviter_id = $1 ORDER BY invitee_id FOR UPDATE', [inviterId]);
}

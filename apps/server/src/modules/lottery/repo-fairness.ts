import type { Queryable } from '../../db/db';

/** lottery_beacon_values and lottery_void_audits: the public evidence of draws (beacon values) and of voids. */

export type BeaconValueRow = { public_key: string; round: number; signature: string; randomness: string };

export async function selectBeaconValue(q: Queryable, publicKey: string, round: number): Promise<BeaconValueRow | undefined> {
  const { rows } = await q.query<BeaconValueRow>('SELECT public_key, round, signature, randomness FROM lottery_beacon_values WHERE public_key = $1 AND round = $2', [publicKey, round]);
  return rows[0];
}

export async function insertBeaconValue(q: Queryable, v: BeaconValueRow & { fetched_at: Date }): Promise<void> {
  await q.query(
    'INSERT INTO lottery_beacon_values (public_key, round, signature, randomness, fetched_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
    [v.public_key, v.round, v.signature, v.randomness, v.fetched_at],
  );
}

export type VoidAuditRow = { round_id: number; reason: string; would_digit: number | null; would_outcome: number[] | null; bets: number; stakes_minor: number; would_payout_minor: number | null; created_at: Date };

export async function insertVoidAudit(q: Queryable, a: VoidAuditRow): Promise<void> {
  await q.query(
    `INSERT INTO lottery_void_audits (round_id, reason, would_digit, bets, stakes_minor, would_payout_minor, created_at, would_outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::smallint[]) ON CONFLICT DO NOTHING`,
    [a.round_id, a.reason, a.would_digit, a.bets, a.stakes_minor, a.would_payout_minor, a.created_at, a.would_outcome],
  );
}

export async function selectVoidAudit(q: Queryable, roundId: number): Promise<VoidAuditRow | undefined> {
  const { rows } = await q.query<VoidAuditRow>('SELECT round_id, reason, would_digit, bets, stakes_minor, would_payout_minor, created_at, would_outcome FROM lottery_void_audits WHERE round_id = $1', [roundId]);
  return rows[0];
}


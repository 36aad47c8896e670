import type { TronBlockHeader } from '@colorplay/fair';
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

/** The void audits of many rounds (the list of voids), by round id. */
export async function selectVoidAudits(q: Queryable, roundIds: readonly number[]): Promise<Map<number, VoidAuditRow>> {
  if (roundIds.length === 0) return new Map();
  const { rows } = await q.query<VoidAuditRow>(
    'SELECT round_id, reason, would_digit, bets, stakes_minor, would_payout_minor, created_at, would_outcome FROM lottery_void_audits WHERE round_id = ANY($1::bigint[])',
    [roundIds],
  );
  return new Map(rows.map((r) => [Number(r.round_id), r]));
}

/** A TRON block header as a full node prints it (the contract's TronBlockHeader). */
export type TronHeaderJson = TronBlockHeader;

/** lottery_trx_blocks: a drawn Trx Win round's deciding block and its parent, written once by its draw. */
export type TrxBlocksRow = { round_id: number; block_number: number; block_id: string; block_timestamp_ms: number; block_header: TronHeaderJson; parent_header: TronHeaderJson };

/** Stored in the draw's transaction before the round is marked drawn (the round guard requires it; 022). */
export async function insertTrxBlocks(q: Queryable, roundId: number, block: TronHeaderJson, parent: TronHeaderJson, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO lottery_trx_blocks (round_id, block_number, block_id, block_timestamp_ms, block_header, parent_header, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [roundId, block.raw_data.number, block.blockID, block.raw_data.timestamp, JSON.stringify(block), JSON.stringify(parent), now],
  );
}

export async function selectTrxBlocks(q: Queryable, roundId: number): Promise<TrxBlocksRow | undefined> {
  const { rows } = await q.query<TrxBlocksRow>(
    'SELECT round_id, block_number, block_id, block_timestamp_ms, block_header, parent_header FROM lottery_trx_blocks WHERE round_id = $1',
    [roundId],
  );
  const r = rows[0];
  return r && { ...r, block_number: Number(r.block_number), block_timestamp_ms: Number(r.block_timestamp_ms) };
}

/** The deciding blocks of many rounds (history pages): number, id and timestamp by round id. */
export async function selectTrxBlockFacts(q: Queryable, roundIds: readonly number[]): Promise<Map<number, { number: number; id: string; timestampMs: number }>> {
  if (roundIds.length === 0) return new Map();
  const { rows } = await q.query<{ round_id: number; block_number: number; block_id: string; block_timestamp_ms: number }>(
    'SELECT round_id, block_number, block_id, block_timestamp_ms FROM lottery_trx_blocks WHERE round_id = ANY($1::bigint[])',
    [roundIds],
  );
  return new Map(rows.map((r) => [Number(r.round_id), { number: Number(r.block_number), id: r.block_id, timestampMs: Number(r.block_timestamp_ms) }]));
}

/** lottery_sandbox_beacon: the sandbox beacon's own key (one row, written once; migration 027). */
export async function selectSandboxBeaconKey(q: Queryable): Promise<string | undefined> {
  const { rows } = await q.query<{ secret_key: string }>('SELECT secret_key FROM lottery_sandbox_beacon WHERE id = 1');
  return rows[0]?.secret_key;
}

export async function insertSandboxBeaconKey(q: Queryable, secretKey: string, publicKey: string, now: Date): Promise<void> {
  await q.query('INSERT INTO lottery_sandbox_beacon (id, secret_key, public_key, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING', [secretKey, publicKey, now]);
}

/** Whether a published sandbox chain names this beacon key (an install from before 027 adopts it). */
export async function sandboxChainsNameKey(q: Queryable, publicKey: string): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_chains WHERE beacon_name = 'sandbox' AND beacon_public_key = $1", [publicKey]);
  return rows[0]!.n > 0;
}

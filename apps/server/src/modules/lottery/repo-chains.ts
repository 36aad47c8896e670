import type { Queryable } from '../../db/db';

/** lottery_chains and lottery_chain_checkpoints: the published hash chains and their sealed checkpoints. */

export type ChainRow = {
  id: number;
  game: string;
  room_id: string;
  first_ordinal: number;
  length: number;
  checkpoint_every: number;
  final_hash: string;
  first_period: string;
  published_at: Date;
  scheme: 1 | 2;
  beacon_name: string | null;
  beacon_public_key: string | null;
  beacon_genesis_ms: number | null;
  beacon_period_ms: number | null;
  beacon_margin_ms: number | null;
  retired_from_ordinal: number | null;
  retired_reason: string | null;
  retired_at: Date | null;
};

const CHAIN_COLUMNS =
  'id, game, room_id, first_ordinal, length, checkpoint_every, final_hash, first_period, published_at, scheme, beacon_name, beacon_public_key, beacon_genesis_ms, beacon_period_ms, beacon_margin_ms, retired_from_ordinal, retired_reason, retired_at';

export async function selectChains(q: Queryable, game: string, roomId: string): Promise<ChainRow[]> {
  const { rows } = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM lottery_chains WHERE game = $1 AND room_id = $2 ORDER BY first_ordinal, id`, [game, roomId]);
  return rows;
}

export async function selectChain(q: Queryable, id: number): Promise<ChainRow | undefined> {
  const { rows } = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM lottery_chains WHERE id = $1`, [id]);
  return rows[0];
}

/** Inserts a chain with its checkpoints unless a serving chain already starts at that ordinal (another node won; 027). */
export async function insertChain(
  q: Queryable,
  c: {
    game: string;
    roomId: string;
    firstOrdinal: number;
    length: number;
    checkpointEvery: number;
    finalHash: string;
    firstPeriod: string;
    publishedAt: Date;
    beacon: { name: string; publicKey: string; genesisMs: number; periodMs: number; marginMs: number };
  },
  checkpoints: ReadonlyArray<{ k: number; link: string }>,
): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO lottery_chains (game, room_id, first_ordinal, length, checkpoint_every, final_hash, first_period, published_at,
                                 scheme, beacon_name, beacon_public_key, beacon_genesis_ms, beacon_period_ms, beacon_margin_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 2, $9, $10, $11, $12, $13) ON CONFLICT (game, room_id, first_ordinal) WHERE retired_from_ordinal IS NULL OR retired_from_ordinal > first_ordinal DO NOTHING RETURNING id`,
    [c.game, c.roomId, c.firstOrdinal, c.length, c.checkpointEvery, c.finalHash, c.firstPeriod, c.publishedAt, c.beacon.name, c.beacon.publicKey, c.beacon.genesisMs, c.beacon.periodMs, c.beacon.marginMs],
  );
  const id = rows[0]?.id;
  if (id === undefined) return false;
  await q.query(
    `INSERT INTO lottery_chain_checkpoints (chain_id, k, link) SELECT $1, k, link FROM unnest($2::int[], $3::text[]) AS c(k, link)`,
    [id, checkpoints.map((c) => c.k), checkpoints.map((c) => c.link)],
  );
  return true;
}

/** Replaces stored checkpoint values, each only if it still holds the value read (`from`). */
export async function replaceCheckpoints(q: Queryable, chainId: number, changes: ReadonlyArray<{ k: number; from: string; to: string }>): Promise<void> {
  await q.query(
    `UPDATE lottery_chain_checkpoints AS c SET link = u.to_link
     FROM unnest($2::int[], $3::text[], $4::text[]) AS u(k, from_link, to_link)
     WHERE c.chain_id = $1 AND c.k = u.k AND c.link = u.from_link`,
    [chainId, changes.map((c) => c.k), changes.map((c) => c.from), changes.map((c) => c.to)],
  );
}

export async function selectCheckpoints(q: Queryable, chainId: number): Promise<Array<{ k: number; link: string }>> {
  const { rows } = await q.query<{ k: number; link: string }>('SELECT k, link FROM lottery_chain_checkpoints WHERE chain_id = $1', [chainId]);
  return rows;
}

/** Retires a chain from an ordinal on (once: a later call keeps the first retirement). */
export async function retireChain(q: Queryable, chainId: number, fromOrdinal: number, reason: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE lottery_chains SET retired_from_ordinal = $2, retired_reason = $3, retired_at = $4 WHERE id = $1 AND retired_from_ordinal IS NULL',
    [chainId, fromOrdinal, reason, now],
  );
  return rowCount > 0;
}

/** Every chain of a game that is not retired (the startup check opens each one's checkpoints). */
export async function selectActiveChains(q: Queryable, game: string): Promise<ChainRow[]> {
  const { rows } = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM lottery_chains WHERE game = $1 AND retired_from_ordinal IS NULL ORDER BY id`, [game]);
  return rows;
}

/**
 * What the node must be able to open: chains that are not retired (they open new rounds) and
 * chains with a waiting round whose link is not stored yet (a row from before 027). A waiting
 * round with its stored link needs no secret.
 */
export async function selectChainsInUse(q: Queryable, game: string): Promise<ChainRow[]> {
  const { rows } = await q.query<ChainRow>(
    `SELECT ${CHAIN_COLUMNS} FROM lottery_chains c
      WHERE game = $1 AND (retired_from_ordinal IS NULL
            OR EXISTS (SELECT 1 FROM lottery_rounds r WHERE r.chain_id = c.id AND r.status IN ('open', 'locked') AND r.link IS NULL))
      ORDER BY id`,
    [game],
  );
  return rows;
}


/** The last round ordinal created on a chain, or null (the retire command starts after it). */
export async function selectLastRoundOrdinal(q: Queryable, chainId: number): Promise<number | null> {
  const { rows } = await q.query<{ ordinal: string | number | null }>('SELECT max(ordinal) AS ordinal FROM lottery_rounds WHERE chain_id = $1', [chainId]);
  const ordinal = rows[0]?.ordinal ?? null;
  return ordinal === null ? null : Number(ordinal);
}

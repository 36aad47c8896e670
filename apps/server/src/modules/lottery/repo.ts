import type { Queryable } from '../../db/db';

/** The SQL of modules/lottery's own tables (OWNED_TABLES) and nothing else. */

export type ChainRow = {
  id: number;
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

export type RoundRow = {
  id: number;
  room_id: string;
  ordinal: number;
  period: string;
  chain_id: number;
  round_index: number;
  opens_at: Date;
  locks_at: Date;
  draws_at: Date;
  status: 'open' | 'locked' | 'drawn' | 'settled' | 'voided';
  digit: number | null;
  link: string | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  beacon_round: number | null;
};

export type BetRow = {
  seq: number;
  id: string;
  round_id: number;
  room_id: string;
  player_id: number;
  idempotency_key: string;
  selection: string;
  amount_minor: number;
  quantity: number;
  multiplier: number;
  total_minor: number;
  fee_minor: number;
  contract_minor: number;
  shard: number;
  placed_at: Date;
};

/** A bet with its round's state and the commitment it was placed under (chain, final hash, k, beacon round). */
export type BetWithRoundRow = BetRow & {
  period: string;
  round_status: RoundRow['status'];
  digit: number | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  chain_id: number;
  final_hash: string;
  round_index: number;
  beacon_round: number | null;
};

const CHAIN_COLUMNS =
  'id, room_id, first_ordinal, length, checkpoint_every, final_hash, first_period, published_at, scheme, beacon_name, beacon_public_key, beacon_genesis_ms, beacon_period_ms, beacon_margin_ms, retired_from_ordinal, retired_reason, retired_at';
const ROUND_COLUMNS = 'id, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, digit, link, drawn_at, settled_at, beacon_round';
const BET_COLUMNS =
  'b.seq, b.id, b.round_id, b.room_id, b.player_id, b.idempotency_key, b.selection, b.amount_minor, b.quantity, b.multiplier, b.total_minor, b.fee_minor, b.contract_minor, b.shard, b.placed_at';

export async function selectChains(q: Queryable, game: string, roomId: string): Promise<ChainRow[]> {
  const { rows } = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM lottery_chains WHERE game = $1 AND room_id = $2 ORDER BY first_ordinal`, [game, roomId]);
  return rows;
}

export async function selectChain(q: Queryable, id: number): Promise<ChainRow | undefined> {
  const { rows } = await q.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM lottery_chains WHERE id = $1`, [id]);
  return rows[0];
}

/** Inserts a chain with its checkpoints unless one already starts at that ordinal (another node won). */
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
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 2, $9, $10, $11, $12, $13) ON CONFLICT (game, room_id, first_ordinal) DO NOTHING RETURNING id`,
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

export async function insertRoundIfAbsent(
  q: Queryable,
  r: { game: string; roomId: string; ordinal: number; period: string; chainId: number; roundIndex: number; opensAt: Date; locksAt: Date; drawsAt: Date; status: 'open' | 'locked'; beaconRound: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, beacon_round)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (game, room_id, ordinal) DO NOTHING`,
    [r.game, r.roomId, r.ordinal, r.period, r.chainId, r.roundIndex, r.opensAt, r.locksAt, r.drawsAt, r.status, r.beaconRound],
  );
}

export async function selectRoundByOrdinal(q: Queryable, game: string, roomId: string, ordinal: number, lock: '' | 'FOR SHARE' | 'FOR UPDATE' = ''): Promise<RoundRow | undefined> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM lottery_rounds WHERE game = $1 AND room_id = $2 AND ordinal = $3 ${lock}`, [game, roomId, ordinal]);
  return rows[0];
}

export async function selectRoundById(q: Queryable, id: number, lock: '' | 'FOR UPDATE' = ''): Promise<RoundRow | undefined> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM lottery_rounds WHERE id = $1 ${lock}`, [id]);
  return rows[0];
}

export async function selectRoundByPeriod(q: Queryable, game: string, period: string): Promise<RoundRow | undefined> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM lottery_rounds WHERE game = $1 AND period = $2`, [game, period]);
  return rows[0];
}

/** Betting closes: open rounds whose lock time has come. */
export async function lockRounds(q: Queryable, game: string, roomId: string, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'locked' WHERE game = $1 AND room_id = $2 AND status = 'open' AND locks_at <= $3`, [game, roomId, now]);
}

/** Rounds still waiting for a draw (open or locked past their draw time) or for settlement, oldest first. */
export async function selectPendingRoundIds(q: Queryable, game: string, roomId: string, now: Date): Promise<Array<{ id: number; status: RoundRow['status'] }>> {
  const { rows } = await q.query<{ id: number; status: RoundRow['status'] }>(
    `SELECT id, status FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND (status = 'drawn' OR (status IN ('open', 'locked') AND draws_at <= $3))
      ORDER BY ordinal`,
    [game, roomId, now],
  );
  return rows;
}

/** The only statement that writes a result: the draw (the trigger refuses any later change). */
export async function markDrawn(q: Queryable, id: number, digit: number, link: string, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'drawn', digit = $2, link = $3, drawn_at = $4 WHERE id = $1`, [id, digit, link, now]);
}

export async function markVoided(q: Queryable, id: number, link: string | null, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'voided', link = $2, drawn_at = $3 WHERE id = $1`, [id, link, now]);
}

export async function markSettled(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'settled', settled_at = $2 WHERE id = $1`, [id, now]);
}

export async function insertBet(q: Queryable, b: Omit<BetRow, 'seq'>): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                               total_minor, fee_minor, contract_minor, shard, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING`,
    [b.id, b.round_id, b.room_id, b.player_id, b.idempotency_key, b.selection, b.amount_minor, b.quantity, b.multiplier, b.total_minor, b.fee_minor, b.contract_minor, b.shard, b.placed_at],
  );
  return rowCount > 0;
}

const BET_WITH_ROUND = `SELECT ${BET_COLUMNS}, r.period, r.status AS round_status, r.digit, r.drawn_at, r.settled_at,
       r.chain_id, c.final_hash, r.round_index, r.beacon_round
  FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id JOIN lottery_chains c ON c.id = r.chain_id`;

export async function selectBetByKey(q: Queryable, playerId: number, key: string): Promise<BetWithRoundRow | undefined> {
  const { rows } = await q.query<BetWithRoundRow>(`${BET_WITH_ROUND} WHERE b.player_id = $1 AND b.idempotency_key = $2`, [playerId, key]);
  return rows[0];
}

export async function stakedInRound(q: Queryable, roundId: number, playerId: number): Promise<number> {
  const { rows } = await q.query<{ staked: number }>(
    'SELECT coalesce(sum(total_minor), 0)::bigint AS staked FROM lottery_bets WHERE round_id = $1 AND player_id = $2',
    [roundId, playerId],
  );
  return rows[0]!.staked;
}

export async function selectPlayerBets(q: Queryable, playerId: number, roomId: string | null, beforeSeq: number | null, limit: number): Promise<BetWithRoundRow[]> {
  const { rows } = await q.query<BetWithRoundRow>(
    `${BET_WITH_ROUND} WHERE b.player_id = $1 AND ($2::text IS NULL OR b.room_id = $2) AND ($3::bigint IS NULL OR b.seq < $3)
      ORDER BY b.seq DESC LIMIT $4`,
    [playerId, roomId, beforeSeq, limit],
  );
  return rows;
}

export async function selectBetSeq(q: Queryable, playerId: number, betId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ seq: number }>('SELECT seq FROM lottery_bets WHERE id = $1 AND player_id = $2', [betId, playerId]);
  return rows[0]?.seq;
}

/** Per player: bets, winnings (floor(contract x num / den) per bet) and stakes, for settlement. */
export async function settlementByPlayer(
  q: Queryable,
  roundId: number,
  table: { selections: string[]; nums: number[]; dens: number[] },
): Promise<Array<{ player_id: number; bets: number; payout_minor: number; total_minor: number }>> {
  const { rows } = await q.query<{ player_id: number; bets: number; payout_minor: number; total_minor: number }>(
    `SELECT b.player_id, count(*)::int AS bets,
            sum((b.contract_minor * p.num) / p.den)::bigint AS payout_minor,
            sum(b.total_minor)::bigint AS total_minor
       FROM lottery_bets b JOIN unnest($2::text[], $3::bigint[], $4::bigint[]) AS p(selection, num, den) ON p.selection = b.selection
      WHERE b.round_id = $1
      GROUP BY b.player_id`,
    [roundId, table.selections, table.nums, table.dens],
  );
  return rows;
}

export async function feesByShard(q: Queryable, roundId: number): Promise<Array<{ shard: number; fee_minor: number }>> {
  const { rows } = await q.query<{ shard: number; fee_minor: number }>(
    'SELECT shard, sum(fee_minor)::bigint AS fee_minor FROM lottery_bets WHERE round_id = $1 GROUP BY shard HAVING sum(fee_minor) > 0 ORDER BY shard',
    [roundId],
  );
  return rows;
}

export async function selectHistory(q: Queryable, game: string, roomId: string, beforeOrdinal: number | null, limit: number): Promise<RoundRow[]> {
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND status IN ('drawn', 'settled', 'voided') AND ($3::bigint IS NULL OR ordinal < $3)
      ORDER BY ordinal DESC LIMIT $4`,
    [game, roomId, beforeOrdinal, limit],
  );
  return rows;
}

export async function selectRecentDigits(q: Queryable, game: string, roomId: string, count: number): Promise<Array<{ period: string; digit: number }>> {
  const { rows } = await q.query<{ period: string; digit: number }>(
    `SELECT period, digit FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND status IN ('drawn', 'settled') ORDER BY ordinal DESC LIMIT $3`,
    [game, roomId, count],
  );
  return rows.reverse();
}

/** Advisory-lock namespace of lottery rounds ("LOT"): bets hold it shared, the draw exclusive. */
const ROUND_LOCK_NAMESPACE = 0x4c4f54;

/**
 * A bet holds its round's lock shared until it commits; the draw takes it exclusive, so it waits
 * for every bet in flight and no bet can commit into a drawn round. An advisory lock writes
 * nothing, unlike FOR SHARE on the round row, which would rewrite that one row for every bet.
 */
export async function holdRoundForBet(q: Queryable, roundId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock_shared($1::int, $2::int)', [ROUND_LOCK_NAMESPACE, roundId]);
}

export async function holdRoundForDraw(q: Queryable, roundId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ROUND_LOCK_NAMESPACE, roundId]);
}

export async function selectRoundStatus(q: Queryable, roundId: number): Promise<RoundRow['status'] | undefined> {
  const { rows } = await q.query<{ status: RoundRow['status'] }>('SELECT status FROM lottery_rounds WHERE id = $1', [roundId]);
  return rows[0]?.status;
}

/**
 * The set-based bet batch (decision 200). The rounds of a batch are held shared in ascending id
 * order in one statement; their status is read in the next statement, whose snapshot is taken
 * after the locks were granted, so a draw that committed while the batch waited is seen.
 */
export async function holdRoundsForBets(q: Queryable, roundIds: readonly number[]): Promise<void> {
  await q.query(
    'SELECT pg_advisory_xact_lock_shared($1::int, r::int) FROM (SELECT DISTINCT unnest($2::bigint[]) AS r ORDER BY 1) AS l',
    [ROUND_LOCK_NAMESPACE, roundIds],
  );
}

export async function selectRoundStatuses(q: Queryable, roundIds: readonly number[]): Promise<Map<number, RoundRow['status']>> {
  const { rows } = await q.query<{ id: number; status: RoundRow['status'] }>('SELECT id, status FROM lottery_rounds WHERE id = ANY($1::bigint[])', [roundIds]);
  return new Map(rows.map((r) => [Number(r.id), r.status]));
}

/**
 * In one statement, for a batch of bets (run after the players' accounts are locked, so a
 * racing batch's bets are committed and visible): the bets already stored under the batch's
 * idempotency keys, and what each (round, player) of the batch has staked so far.
 */
export async function selectBatchContext(
  q: Queryable,
  keys: { playerIds: readonly number[]; keys: readonly string[] },
  stakes: { roundIds: readonly number[]; playerIds: readonly number[] },
): Promise<{ existing: BetWithRoundRow[]; staked: Map<string, number> }> {
  const { rows } = await q.query<BetWithRoundRow & { kind: 'bet' | 'staked'; staked: number | null }>(
    `SELECT 'bet' AS kind, NULL::bigint AS staked, ${BET_COLUMNS}, r.period, r.status AS round_status, r.digit, r.drawn_at, r.settled_at
       FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id
      WHERE (b.player_id, b.idempotency_key) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))
     UNION ALL
     SELECT 'staked', coalesce(sum(b.total_minor), 0)::bigint, NULL, NULL, b.round_id, NULL, b.player_id, NULL, NULL, NULL, NULL, NULL,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM lottery_bets b
      WHERE (b.round_id, b.player_id) IN (SELECT DISTINCT * FROM unnest($3::bigint[], $4::bigint[]))
      GROUP BY b.round_id, b.player_id`,
    [keys.playerIds, keys.keys, stakes.roundIds, stakes.playerIds],
  );
  const existing: BetWithRoundRow[] = [];
  const staked = new Map<string, number>();
  for (const r of rows) {
    if (r.kind === 'staked') staked.set(`${r.round_id}:${r.player_id}`, Number(r.staked));
    else existing.push(r);
  }
  return { existing, staked };
}

/** Inserts a batch's bets in one statement (the caller decided every one; none can exist). */
export async function insertBets(q: Queryable, bets: ReadonlyArray<Omit<BetRow, 'seq'>>): Promise<void> {
  if (bets.length === 0) return;
  await q.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                               total_minor, fee_minor, contract_minor, shard, placed_at)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::int[],
                          $10::bigint[], $11::bigint[], $12::bigint[], $13::smallint[], $14::timestamptz[])`,
    [
      bets.map((b) => b.id),
      bets.map((b) => b.round_id),
      bets.map((b) => b.room_id),
      bets.map((b) => b.player_id),
      bets.map((b) => b.idempotency_key),
      bets.map((b) => b.selection),
      bets.map((b) => b.amount_minor),
      bets.map((b) => b.quantity),
      bets.map((b) => b.multiplier),
      bets.map((b) => b.total_minor),
      bets.map((b) => b.fee_minor),
      bets.map((b) => b.contract_minor),
      bets.map((b) => b.shard),
      bets.map((b) => b.placed_at),
    ],
  );
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

/** Chains that still have undrawn rounds or are not retired: what the node must be able to open. */
export async function selectChainsInUse(q: Queryable, game: string): Promise<ChainRow[]> {
  const { rows } = await q.query<ChainRow>(
    `SELECT ${CHAIN_COLUMNS} FROM lottery_chains c
      WHERE game = $1 AND (retired_from_ordinal IS NULL
            OR EXISTS (SELECT 1 FROM lottery_rounds r WHERE r.chain_id = c.id AND r.status IN ('open', 'locked')))
      ORDER BY id`,
    [game],
  );
  return rows;
}

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

export type VoidAuditRow = { round_id: number; reason: string; would_digit: number | null; bets: number; stakes_minor: number; would_payout_minor: number | null; created_at: Date };

export async function insertVoidAudit(q: Queryable, a: VoidAuditRow): Promise<void> {
  await q.query(
    `INSERT INTO lottery_void_audits (round_id, reason, would_digit, bets, stakes_minor, would_payout_minor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [a.round_id, a.reason, a.would_digit, a.bets, a.stakes_minor, a.would_payout_minor, a.created_at],
  );
}

export async function selectVoidAudit(q: Queryable, roundId: number): Promise<VoidAuditRow | undefined> {
  const { rows } = await q.query<VoidAuditRow>('SELECT round_id, reason, would_digit, bets, stakes_minor, would_payout_minor, created_at FROM lottery_void_audits WHERE round_id = $1', [roundId]);
  return rows[0];
}

/** The commitment of a round: its chain, final hash, k and beacon round (bet receipts carry it). */
export async function selectRoundCommitment(q: Queryable, roundId: number): Promise<{ chain_id: number; final_hash: string; round_index: number; beacon_round: number | null } | undefined> {
  const { rows } = await q.query<{ chain_id: number; final_hash: string; round_index: number; beacon_round: number | null }>(
    'SELECT r.chain_id, c.final_hash, r.round_index, r.beacon_round FROM lottery_rounds r JOIN lottery_chains c ON c.id = r.chain_id WHERE r.id = $1',
    [roundId],
  );
  return rows[0];
}

import type { Queryable } from '../../db/db';

/** lottery_rounds: each round's row, its state from open to settled, and the round locks bets and the draw take. */

export type RoundRow = {
  id: number;
  game: string;
  room_id: string;
  ordinal: number;
  period: string;
  /** Null exactly for Trx Win (its result comes from a TRON block, not a chain). */
  chain_id: number | null;
  round_index: number | null;
  opens_at: Date;
  locks_at: Date;
  draws_at: Date;
  status: 'open' | 'locked' | 'drawn' | 'settled' | 'voided';
  digit: number | null;
  link: string | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  beacon_round: number | null;
  /** The result in the game's shape (Wingo [digit], K3 three dice, 5D five digits); null until drawn. */
  outcome: number[] | null;
};

const ROUND_COLUMNS = 'id, game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, digit, link, drawn_at, settled_at, beacon_round, outcome';

export async function insertRoundIfAbsent(
  q: Queryable,
  r: {
    game: string;
    roomId: string;
    ordinal: number;
    period: string;
    chainId: number | null;
    roundIndex: number | null;
    opensAt: Date;
    locksAt: Date;
    drawsAt: Date;
    status: 'open' | 'locked';
    beaconRound: number | null;
    /** L[k], stored with the row (public from the lock on; decision 380); null for Trx Win. */
    link: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, beacon_round, link)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (game, room_id, ordinal) DO NOTHING`,
    [r.game, r.roomId, r.ordinal, r.period, r.chainId, r.roundIndex, r.opensAt, r.locksAt, r.drawsAt, r.status, r.beaconRound, r.link],
  );
}

/** Waiting chain rounds without their stored link: rows written before migration 027. */
export async function selectRoundsWithoutLink(q: Queryable, game: string, roomId: string): Promise<Array<{ id: number; chain_id: number; round_index: number }>> {
  const { rows } = await q.query<{ id: number; chain_id: number; round_index: number }>(
    `SELECT id, chain_id, round_index FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND status IN ('open', 'locked') AND link IS NULL AND chain_id IS NOT NULL ORDER BY ordinal`,
    [game, roomId],
  );
  return rows;
}

/** Stores a waiting round's link once (the trigger refuses any later change). */
export async function storeRoundLink(q: Queryable, id: number, link: string): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET link = $2 WHERE id = $1 AND link IS NULL AND status IN ('open', 'locked')`, [id, link]);
}

/** The stored link of a room's round by ordinal (the fairness record's L[k-1]), when that slot had a round. */
export async function selectLinkByOrdinal(q: Queryable, game: string, roomId: string, ordinal: number, chainId: number): Promise<string | null> {
  const { rows } = await q.query<{ link: string | null }>('SELECT link FROM lottery_rounds WHERE game = $1 AND room_id = $2 AND ordinal = $3 AND chain_id = $4', [game, roomId, ordinal, chainId]);
  return rows[0]?.link ?? null;
}

/** A room's voided rounds, newest first (the public list of voids). */
export async function selectVoids(q: Queryable, game: string, roomId: string, beforeOrdinal: number | null, limit: number): Promise<RoundRow[]> {
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND status = 'voided' AND ($3::bigint IS NULL OR ordinal < $3)
      ORDER BY ordinal DESC LIMIT $4`,
    [game, roomId, beforeOrdinal, limit],
  );
  return rows;
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

/**
 * The only statement that writes a result: the draw (the trigger refuses any later change). The
 * outcome in the game's shape; digit is Wingo's own column (null for the other games).
 */
export async function markDrawn(q: Queryable, id: number, digit: number | null, link: string | null, now: Date, outcome: readonly number[]): Promise<void> {
  // A stored link stays (the trigger refuses a change); a row from before 027 gets it here.
  await q.query(`UPDATE lottery_rounds SET status = 'drawn', digit = $2, link = COALESCE(link, $3), drawn_at = $4, outcome = $5::smallint[] WHERE id = $1`, [id, digit, link, now, outcome]);
}

export async function markVoided(q: Queryable, id: number, link: string | null, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'voided', link = COALESCE(link, $2), drawn_at = $3 WHERE id = $1`, [id, link, now]);
}

export async function markSettled(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(`UPDATE lottery_rounds SET status = 'settled', settled_at = $2 WHERE id = $1`, [id, now]);
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

/** The last drawn outcomes of a room, oldest first (any game's trend). */
export async function selectRecentOutcomes(q: Queryable, game: string, roomId: string, count: number): Promise<Array<{ period: string; outcome: number[] }>> {
  const { rows } = await q.query<{ period: string; outcome: number[] }>(
    `SELECT period, outcome FROM lottery_rounds
      WHERE game = $1 AND room_id = $2 AND status IN ('drawn', 'settled') ORDER BY ordinal DESC LIMIT $3`,
    [game, roomId, count],
  );
  return rows.reverse();
}

/**
 * The commitment of a round: its chain, final hash, k and beacon round (bet receipts carry it);
 * all null for a Trx Win round (no chain: its lock time is its commitment).
 */
export type RoundCommitmentRow = { chain_id: number | null; final_hash: string | null; round_index: number | null; beacon_round: number | null };

export async function selectRoundCommitment(q: Queryable, roundId: number): Promise<RoundCommitmentRow | undefined> {
  const { rows } = await q.query<RoundCommitmentRow>(
    'SELECT r.chain_id, c.final_hash, r.round_index, r.beacon_round FROM lottery_rounds r LEFT JOIN lottery_chains c ON c.id = r.chain_id WHERE r.id = $1',
    [roundId],
  );
  return rows[0];
}

/** Advisory-lock namespace of lottery rounds ("LOT"): bets hold it shared, the draw exclusive. */
const ROUND_LOCK_NAMESPACE = 0x4c4f54;

/**
 * A bet holds its round's lock shared until it commits (holdRoundsForBets); the draw takes it
 * exclusive, so it waits for every bet in flight and no bet can commit into a drawn round. An
 * advisory lock writes nothing, unlike FOR SHARE on the round row, which would rewrite that one
 * row for every bet.
 */
export async function holdRoundForDraw(q: Queryable, roundId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ROUND_LOCK_NAMESPACE, roundId]);
}

/**
 * The set-based bet batch (decision 200). The rounds of a batch are held shared in ascending id
 * order in one statement; their status is read by a later statement (selectBatchContext), whose
 * snapshot is taken after the locks were granted, so a draw that committed while the batch waited is seen.
 */
export async function holdRoundsForBets(q: Queryable, roundIds: readonly number[]): Promise<void> {
  await q.query(
    'SELECT pg_advisory_xact_lock_shared($1::int, r::int) FROM (SELECT DISTINCT unnest($2::bigint[]) AS r ORDER BY 1) AS l',
    [ROUND_LOCK_NAMESPACE, roundIds],
  );
}


/**
 * Rounds past their draw time by more than `graceMs` and not drawn yet, by game: waiting for a
 * beacon value or a TRON block, or for a round engine that is not running.
 */
export async function countOverdueRounds(q: Queryable, now: Date, graceMs: number): Promise<Array<{ game: string; n: number }>> {
  const { rows } = await q.query<{ game: string; n: number }>(
    `SELECT game, count(*)::int AS n FROM lottery_rounds WHERE status IN ('open', 'locked') AND draws_at < $1 GROUP BY game`,
    [new Date(now.getTime() - graceMs)],
  );
  return rows;
}

/**
 * Rounds settled in [from, to) across every game and room, and the bets they settled (home's
 * figures of the day, decision 518). Settlement follows the draw within a tick, so these are the
 * rounds drawn in the window; voided rounds (refunded) are not counted. Migration 039's partial
 * index on settled_at keeps this a range read however long the table grows.
 */
export async function selectSettledCounts(q: Queryable, from: Date, to: Date): Promise<{ rounds: number; bets: number }> {
  const { rows } = await q.query<{ rounds: number; bets: number }>(
    `SELECT count(*)::int AS rounds,
            coalesce(sum((SELECT count(*) FROM lottery_bets b WHERE b.round_id = r.id)), 0)::int AS bets
       FROM lottery_rounds r
      WHERE r.status = 'settled' AND r.settled_at >= $1 AND r.settled_at < $2`,
    [from, to],
  );
  return rows[0] ?? { rounds: 0, bets: 0 };
}


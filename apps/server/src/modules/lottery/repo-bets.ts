import type { Queryable } from '../../db/db';
import type { RoundRow } from './repo-rounds';

/** lottery_bets: bets as placed (set-based batches), a player's bets, and the per-round sums settlement posts. */

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
  /** The game of the bet's round (insertBets checks they agree). */
  game: string;
  /** How much of total_minor came from a bonus grant, and which (decision 530); 0 and null for cash. */
  bonus_stake_minor: number;
  bonus_grant_id: string | null;
};

/** A bet with its round's state and the commitment it was placed under (chain, final hash, k, beacon round). */
export type BetWithRoundRow = BetRow & {
  period: string;
  round_status: RoundRow['status'];
  digit: number | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  /** Null for a Trx Win bet (its round has no chain). */
  chain_id: number | null;
  final_hash: string | null;
  round_index: number | null;
  beacon_round: number | null;
  outcome: number[] | null;
  locks_at: Date;
};

const BET_COLUMNS =
  'b.seq, b.id, b.round_id, b.room_id, b.player_id, b.idempotency_key, b.selection, b.amount_minor, b.quantity, b.multiplier, b.total_minor, b.fee_minor, b.contract_minor, b.shard, b.placed_at, b.game, b.bonus_stake_minor, b.bonus_grant_id';


const BET_WITH_ROUND = `SELECT ${BET_COLUMNS}, r.period, r.status AS round_status, r.digit, r.drawn_at, r.settled_at,
       r.chain_id, c.final_hash, r.round_index, r.beacon_round, r.outcome, r.locks_at
  FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id LEFT JOIN lottery_chains c ON c.id = r.chain_id`;

export async function selectBetByKey(q: Queryable, playerId: number, key: string): Promise<BetWithRoundRow | undefined> {
  const { rows } = await q.query<BetWithRoundRow>(`${BET_WITH_ROUND} WHERE b.player_id = $1 AND b.idempotency_key = $2`, [playerId, key]);
  return rows[0];
}

/** The player's bets stored under any of `keys` (a slip's item keys), in key order. */
export async function selectBetsByKeys(q: Queryable, playerId: number, keys: readonly string[]): Promise<BetWithRoundRow[]> {
  const { rows } = await q.query<BetWithRoundRow>(`${BET_WITH_ROUND} WHERE b.player_id = $1 AND b.idempotency_key = ANY($2::text[])`, [playerId, keys]);
  return rows.sort((a, b) => keys.indexOf(a.idempotency_key) - keys.indexOf(b.idempotency_key));
}

/**
 * Serialises one player's slips (decision 513) until the transaction ends, so a slip's check of
 * its stored keys and its insert are one step for concurrent retries of the same key.
 */
export async function lockPlayerSlips(q: Queryable, playerId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`lottery-slip:player:${playerId}`]);
}

export async function selectPlayerBets(q: Queryable, playerId: number, game: string, roomId: string | null, beforeSeq: number | null, limit: number): Promise<BetWithRoundRow[]> {
  const { rows } = await q.query<BetWithRoundRow>(
    `${BET_WITH_ROUND} WHERE b.player_id = $1 AND b.game = $5 AND ($2::text IS NULL OR b.room_id = $2) AND ($3::bigint IS NULL OR b.seq < $3)
      ORDER BY b.seq DESC LIMIT $4`,
    [playerId, roomId, beforeSeq, limit, game],
  );
  return rows;
}

export async function selectBetSeq(q: Queryable, playerId: number, betId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ seq: number }>('SELECT seq FROM lottery_bets WHERE id = $1 AND player_id = $2', [betId, playerId]);
  return rows[0]?.seq;
}

/** A player's bonus stakes of a round from one grant, and the bonus part of their winnings (decision 531). */
export type BonusPartRow = { player_id: number; bonus_grant_id: string; bonus_payout_minor: number; bonus_stake_minor: number };

type SettlementUnionRow = {
  player_id: number;
  bets: number | null;
  payout_minor: number | null;
  total_minor: number | null;
  bonus_grant_id: string | null;
  bonus_payout_minor: number | null;
  bonus_stake_minor: number | null;
};

/**
 * For settlement: per player, bets, winnings (floor(contract x num / den) per bet) and stakes;
 * and in the same statement, per player and grant, the round's bets staked
 * partly from a bonus: the bonus part of their winnings, per bet
 * floor(floor(contract x num / den) x bonus stake / total), and of their stakes. Those come from a
 * partial index (migration 040), so a round without bonus stakes pays one empty index lookup and
 * no round trip more.
 */
export async function settlementWithBonusParts(
  q: Queryable,
  roundId: number,
  table: { selections: string[]; nums: number[]; dens: number[] },
): Promise<{ perPlayer: Array<{ player_id: number; bets: number; payout_minor: number; total_minor: number }>; bonusParts: BonusPartRow[] }> {
  const { rows } = await q.query<SettlementUnionRow>(
    // The table is unnested in each branch: a shared CTE (materialised, scanned twice) measured
    // slower on 100,000 bets than the per-player sums alone; inline, no difference (decision 531).
    `SELECT b.player_id, count(*)::int AS bets,
            sum((b.contract_minor * p.num) / p.den)::bigint AS payout_minor,
            sum(b.total_minor)::bigint AS total_minor,
            NULL::text AS bonus_grant_id, NULL::bigint AS bonus_payout_minor, NULL::bigint AS bonus_stake_minor
       FROM lottery_bets b JOIN unnest($2::text[], $3::bigint[], $4::bigint[]) AS p(selection, num, den) ON p.selection = b.selection
      WHERE b.round_id = $1
      GROUP BY b.player_id
     UNION ALL
     SELECT b.player_id, NULL, NULL, NULL, b.bonus_grant_id,
            sum(((b.contract_minor * p.num) / p.den) * b.bonus_stake_minor / b.total_minor)::bigint,
            sum(b.bonus_stake_minor)::bigint
       FROM lottery_bets b JOIN unnest($2::text[], $3::bigint[], $4::bigint[]) AS p(selection, num, den) ON p.selection = b.selection
      WHERE b.round_id = $1 AND b.bonus_grant_id IS NOT NULL
      GROUP BY b.player_id, b.bonus_grant_id`,
    [roundId, table.selections, table.nums, table.dens],
  );
  const perPlayer: Array<{ player_id: number; bets: number; payout_minor: number; total_minor: number }> = [];
  const bonusParts: BonusPartRow[] = [];
  for (const r of rows) {
    if (r.bonus_grant_id === null) perPlayer.push({ player_id: r.player_id, bets: r.bets!, payout_minor: r.payout_minor!, total_minor: r.total_minor! });
    else bonusParts.push({ player_id: r.player_id, bonus_grant_id: r.bonus_grant_id, bonus_payout_minor: r.bonus_payout_minor!, bonus_stake_minor: r.bonus_stake_minor! });
  }
  return { perPlayer, bonusParts };
}

export async function feesByShard(q: Queryable, roundId: number): Promise<Array<{ shard: number; fee_minor: number }>> {
  const { rows } = await q.query<{ shard: number; fee_minor: number }>(
    'SELECT shard, sum(fee_minor)::bigint AS fee_minor FROM lottery_bets WHERE round_id = $1 GROUP BY shard HAVING sum(fee_minor) > 0 ORDER BY shard',
    [roundId],
  );
  return rows;
}

/**
 * What a bet batch decides on, read in one statement after the batch's locks (its snapshot is
 * taken after they were granted): the bets already stored under the batch's idempotency keys,
 * each (round, player)'s stake so far (lottery_round_stakes, one row each: the database keeps it
 * with every bet insert, migration 023) and the status of the stakes' rounds.
 */
export async function selectBatchContext(
  q: Queryable,
  keys: { playerIds: readonly number[]; keys: readonly string[] },
  stakes: { roundIds: readonly number[]; playerIds: readonly number[] },
): Promise<{ existing: BetWithRoundRow[]; staked: Map<string, number>; statuses: Map<number, RoundRow['status']> }> {
  const { rows } = await q.query<BetWithRoundRow & { kind: 'bet' | 'staked' | 'round'; staked: number | null }>(
    `SELECT 'bet' AS kind, NULL::bigint AS staked, ${BET_COLUMNS}, r.period, r.status AS round_status, r.digit, r.drawn_at, r.settled_at, r.outcome
       FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id
      WHERE (b.player_id, b.idempotency_key) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))
     UNION ALL
     SELECT 'staked', s.staked_minor, NULL, NULL, s.round_id, NULL, s.player_id, NULL, NULL, NULL, NULL, NULL,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM lottery_round_stakes s
      WHERE (s.round_id, s.player_id) IN (SELECT * FROM unnest($3::bigint[], $4::bigint[]))
     UNION ALL
     SELECT 'round', NULL, NULL, NULL, r.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, r.status, NULL, NULL, NULL, NULL
       FROM lottery_rounds r WHERE r.id = ANY($3::bigint[])`,
    [keys.playerIds, keys.keys, stakes.roundIds, stakes.playerIds],
  );
  const existing: BetWithRoundRow[] = [];
  const staked = new Map<string, number>();
  const statuses = new Map<number, RoundRow['status']>();
  for (const r of rows) {
    if (r.kind === 'staked') staked.set(`${r.round_id}:${r.player_id}`, Number(r.staked));
    else if (r.kind === 'round') statuses.set(Number(r.round_id), r.round_status);
    else existing.push(r);
  }
  return { existing, staked, statuses };
}

/**
 * Inserts a batch's bets in one statement (the caller decided every one; none can exist). Each
 * bet is joined to its round, which must be of the bet's game: a bet that is not is not written,
 * and the batch fails (its transaction rolls back).
 */
export async function insertBets(q: Queryable, bets: ReadonlyArray<Omit<BetRow, 'seq'>>): Promise<void> {
  if (bets.length === 0) return;
  const { rowCount } = await q.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                               total_minor, fee_minor, contract_minor, shard, placed_at, game, bonus_stake_minor, bonus_grant_id)
     SELECT u.id, u.round_id, u.room_id, u.player_id, u.idempotency_key, u.selection, u.amount_minor, u.quantity, u.multiplier,
            u.total_minor, u.fee_minor, u.contract_minor, u.shard, u.placed_at, u.game, u.bonus_stake_minor, u.bonus_grant_id
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::int[],
                   $10::bigint[], $11::bigint[], $12::bigint[], $13::smallint[], $14::timestamptz[], $15::text[], $16::bigint[], $17::text[])
            WITH ORDINALITY AS u(id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                                 total_minor, fee_minor, contract_minor, shard, placed_at, game, bonus_stake_minor, bonus_grant_id, n)
       JOIN lottery_rounds r ON r.id = u.round_id AND r.game = u.game
      -- In the batch's order: a slip's bets get their seq (the order My bets lists) in item order.
      ORDER BY u.n`,
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
      bets.map((b) => b.game),
      bets.map((b) => b.bonus_stake_minor),
      bets.map((b) => b.bonus_grant_id),
    ],
  );
  if (rowCount !== bets.length) throw new Error('a bet names a round of another game');
}

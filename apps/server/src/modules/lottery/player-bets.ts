import type { PlayerLotteryBet, PlayerLotteryBetsPage, PlayerLotteryBetsQuery } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { ENGINE_GAMES } from './games';
import type { BetWithRoundRow } from './repo-bets';
import { commitmentOf, gameBetOf } from './views';

/**
 * A player's bets of every lottery game, newest first (decision 362): the full game history and
 * the operator's player lookup. One statement over the index lottery_bets (player_id, game, seq
 * DESC): each game's newest bets, then the newest of those (decision 575); the room, round state
 * and day narrow each game's read in SQL. Won and lost are not stored (a bet's outcome
 * comes from its round and its game's rule table, and bets are never updated), so those two
 * filters read settled bets in chunks and keep the matching ones, at most SCAN_LIMIT bets per
 * page: a page may then hold fewer bets than asked, with a cursor to read on.
 */

const GAME_IDS = [...ENGINE_GAMES.keys()];

/** The most bets one page reads for a won/lost filter (bounds the work of one request). */
export const SCAN_LIMIT = 500;
const CHUNK = 100;

type Row = Omit<BetWithRoundRow, 'final_hash' | 'chain_id' | 'round_index'> & { chain_id: number | null; final_hash: string | null; round_index: number | null };

// LEFT JOIN: a round decided by a TRON block (Trx Win) has no chain.
const SELECT = `SELECT b.seq, b.id, b.round_id, b.room_id, b.player_id, b.idempotency_key, b.selection, b.amount_minor, b.quantity, b.multiplier,
       b.total_minor, b.fee_minor, b.contract_minor, b.shard, b.placed_at, b.game,
       r.period, r.status AS round_status, r.digit, r.drawn_at, r.settled_at, r.chain_id, c.final_hash, r.round_index, r.beacon_round, r.outcome, r.locks_at
  FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id LEFT JOIN lottery_chains c ON c.id = r.chain_id`;

/** The round states a bet status can come from (refunded: voided; won or lost: settled; pending: the rest). */
const ROUND_STATES: Record<NonNullable<PlayerLotteryBetsQuery['status']>, string[]> = {
  pending: ['open', 'locked', 'drawn'],
  refunded: ['voided'],
  won: ['settled'],
  lost: ['settled'],
};

async function selectRows(
  q: Queryable,
  playerId: number,
  filter: { game: string | null; room: string | null; roundStates: string[] | null; from: Date | null; to: Date | null },
  beforeSeq: number | null,
  limit: number,
): Promise<Row[]> {
  // No index on (player_id, seq) alone, which every bet paid for (decision 575): the newest `limit`
  // bets of each game, each read newest first from (player_id, game, seq DESC) and filtered
  // there, then the newest `limit` of those, which are the newest of all.
  const { rows } = await q.query<Row>(
    `SELECT x.* FROM unnest($2::text[]) AS g(game) CROSS JOIN LATERAL (
       ${SELECT}
        WHERE b.player_id = $1 AND b.game = g.game AND ($3::text IS NULL OR b.room_id = $3)
          AND ($4::bigint IS NULL OR b.seq < $4) AND ($5::text[] IS NULL OR r.status = ANY($5::text[]))
          AND ($7::timestamptz IS NULL OR (b.placed_at >= $7 AND b.placed_at < $8))
        ORDER BY b.seq DESC LIMIT $6) x
      ORDER BY x.seq DESC LIMIT $6`,
    [playerId, filter.game === null ? GAME_IDS : [filter.game], filter.room, beforeSeq, filter.roundStates, limit, filter.from, filter.to],
  );
  return rows;
}

function toPlayerBet(row: Row): PlayerLotteryBet {
  const commitment = row.chain_id === null || row.final_hash === null || row.round_index === null ? null : commitmentOf(row as BetWithRoundRow);
  return { ...gameBetOf(row as BetWithRoundRow), commitment, locksAtMs: row.locks_at.getTime() } as PlayerLotteryBet;
}

export function createPlayerBets({ db }: { db: Db }) {
  return {
    /** Whether the bet exists and is the player's (a support ticket links only the player's own bet). */
    async ownsBet(playerId: number, betId: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM lottery_bets WHERE id = $1 AND player_id = $2', [betId, playerId]);
      return rows.length > 0;
    },
    /** The player's bets of every game (or one), optionally in one room and of one status. */
    async playerBets(playerId: number, query: PlayerLotteryBetsQuery): Promise<PlayerLotteryBetsPage> {
      let beforeSeq: number | null = null;
      if (query.before) {
        const { rows } = await db.query<{ seq: number }>('SELECT seq FROM lottery_bets WHERE id = $1 AND player_id = $2', [query.before, playerId]);
        if (rows[0] === undefined) return { items: [], nextCursor: null };
        beforeSeq = Number(rows[0].seq);
      }
      // A day is India Standard Time's (UTC+05:30, no daylight saving), as the app shows times.
      const from = query.date ? new Date(`${query.date}T00:00:00+05:30`) : null;
      const to = from ? new Date(from.getTime() + 86_400_000) : null;
      const filter = { game: query.game ?? null, room: query.room ?? null, roundStates: query.status ? ROUND_STATES[query.status] : null, from, to };
      if (query.status !== 'won' && query.status !== 'lost') {
        const rows = await selectRows(db, playerId, filter, beforeSeq, query.limit + 1);
        const page = rows.slice(0, query.limit);
        return { items: page.map(toPlayerBet), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
      }
      const items: PlayerLotteryBet[] = [];
      let scanned = 0;
      for (;;) {
        const rows = await selectRows(db, playerId, filter, beforeSeq, CHUNK);
        for (const row of rows) {
          scanned += 1;
          const bet = toPlayerBet(row);
          if (bet.status === query.status) {
            if (items.length === query.limit) return { items, nextCursor: items[items.length - 1]!.id };
            items.push(bet);
          }
          beforeSeq = Number(row.seq);
          // The read budget is spent: the page ends at the last bet read, and the cursor reads on.
          if (scanned >= SCAN_LIMIT) return { items, nextCursor: row.id };
        }
        if (rows.length < CHUNK) return { items, nextCursor: null };
      }
    },
  };
}

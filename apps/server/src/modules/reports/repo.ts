import type { Queryable } from '../../db/db';
import { activeDaysIn, cumulative, monthOf, type DailyFact, type MonthSlice, type PlayerFact, type PlayerMonth } from './rules';

/** The fold's watermark, locked for the fold's transaction so two folds never add the same entries. */
export async function lockFoldState(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ w: number }>('SELECT folded_through_entry_id AS w FROM report_fold_state WHERE id = 1 FOR UPDATE');
  return Number(rows[0]!.w);
}

export async function setFoldState(tx: Queryable, throughEntryId: number, at: Date): Promise<void> {
  await tx.query('UPDATE report_fold_state SET folded_through_entry_id = $1, folded_at = $2 WHERE id = 1', [throughEntryId, at]);
}

/** Adds facts to the daily table (their keys must be distinct: merge them first). */
export async function addDaily(tx: Queryable, facts: readonly DailyFact[]): Promise<void> {
  if (facts.length === 0) return;
  await tx.query(
    `INSERT INTO report_daily (day, kind, scope, channel, game, room, amount_minor, entries)
     SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[])
     ON CONFLICT (day, kind, scope, channel, game, room) DO UPDATE
       SET amount_minor = report_daily.amount_minor + EXCLUDED.amount_minor, entries = report_daily.entries + EXCLUDED.entries`,
    [
      facts.map((f) => f.day), facts.map((f) => f.kind), facts.map((f) => f.scope), facts.map((f) => f.channel),
      facts.map((f) => f.game), facts.map((f) => f.room), facts.map((f) => f.amountMinor), facts.map((f) => f.entries),
    ],
  );
}

/** Adds facts to the per-player table (distinct keys). */
export async function addPlayers(tx: Queryable, facts: readonly PlayerFact[]): Promise<void> {
  if (facts.length === 0) return;
  await tx.query(
    `INSERT INTO report_player_daily (day, player_id, kind, amount_minor, entries)
     SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[], $5::bigint[])
     ON CONFLICT (day, player_id, kind) DO UPDATE
       SET amount_minor = report_player_daily.amount_minor + EXCLUDED.amount_minor, entries = report_player_daily.entries + EXCLUDED.entries`,
    [facts.map((f) => f.day), facts.map((f) => f.playerId), facts.map((f) => f.kind), facts.map((f) => f.amountMinor), facts.map((f) => f.entries)],
  );
}

/** The fold's watermark as the current snapshot sees it. */
export async function selectFoldedThrough(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ w: number }>('SELECT folded_through_entry_id AS w FROM report_fold_state WHERE id = 1');
  return Number(rows[0]!.w);
}

type DailyRow = { day: string; kind: string; scope: string; channel: string; game: string; room: string; amount_minor: number; entries: number };

export async function selectDaily(q: Queryable, from: string, to: string): Promise<DailyFact[]> {
  const { rows } = await q.query<DailyRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, scope, channel, game, room, amount_minor, entries
       FROM report_daily WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  return rows.map((r) => ({ day: r.day, kind: r.kind, scope: r.scope, channel: r.channel, game: r.game, room: r.room, amountMinor: Number(r.amount_minor), entries: Number(r.entries) }));
}

/** The active-day bits the rollup holds for some players' months (keyed `${month} ${playerId}`). */
export async function selectMonthBits(q: Queryable, keys: readonly { month: string; playerId: string }[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const { rows } = await q.query<{ month: string; player_id: string; active_days: number }>(
    `SELECT to_char(m.month, 'YYYY-MM-DD') AS month, m.player_id, m.active_days
       FROM report_player_month m JOIN unnest($1::date[], $2::text[]) AS k(month, player_id) ON m.month = k.month AND m.player_id = k.player_id`,
    [keys.map((k) => k.month), keys.map((k) => k.playerId)],
  );
  return new Map(rows.map((r) => [`${r.month} ${r.player_id}`, Number(r.active_days)]));
}

/** Adds a batch's player months (distinct keys): bits or-ed in, played added day by day as running sums. */
export async function addPlayerMonths(tx: Queryable, rows: readonly PlayerMonth[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO report_player_month (month, player_id, active_days, pnl_days, played_cum)
     SELECT month, player_id, active_days, pnl_days, played_cum::bigint[]
       FROM unnest($1::date[], $2::text[], $3::int[], $4::int[], $5::text[]) AS b(month, player_id, active_days, pnl_days, played_cum)
     ON CONFLICT (month, player_id) DO UPDATE SET
       active_days = report_player_month.active_days | EXCLUDED.active_days,
       pnl_days = report_player_month.pnl_days | EXCLUDED.pnl_days,
       played_cum = ARRAY(SELECT a + b FROM unnest(report_player_month.played_cum, EXCLUDED.played_cum) WITH ORDINALITY AS u(a, b, i) ORDER BY i)`,
    // Each running-sum array as its text form: unnest of a two-dimensional array would flatten it.
    [rows.map((r) => r.month), rows.map((r) => r.playerId), rows.map((r) => r.activeDays), rows.map((r) => r.pnlDays), rows.map((r) => `{${cumulative(r.played).join(',')}}`)],
  );
}

/** Adds newly active (day, player) pairs to the per-day counts. */
export async function addActiveDays(tx: Queryable, perDay: ReadonlyMap<string, number>): Promise<void> {
  if (perDay.size === 0) return;
  await tx.query(
    `INSERT INTO report_active_daily (day, players) SELECT * FROM unnest($1::date[], $2::bigint[])
     ON CONFLICT (day) DO UPDATE SET players = report_active_daily.players + EXCLUDED.players`,
    [[...perDay.keys()], [...perDay.values()]],
  );
}

/** The months of a range as parameters: each month with its first and last day in the range and their bits. */
const sliceParams = (slices: readonly MonthSlice[]) => [slices.map((s) => s.month), slices.map((s) => s.lo), slices.map((s) => s.hi), slices.map((s) => s.mask)];
const SLICES = 'unnest($1::date[], $2::int[], $3::int[], $4::int[]) AS r(month, lo, hi, mask)';

/**
 * Distinct players with a stake: per day (report_active_daily), and over the whole range (players
 * with an active-day bit of the range set in some month: exact, one row per player and month).
 */
export async function selectActiveCounts(q: Queryable, from: string, to: string, slices: readonly MonthSlice[]): Promise<{ perDay: Map<string, number>; range: number }> {
  const { rows } = await q.query<{ day: string; players: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, players FROM report_active_daily WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  const range = await q.query<{ players: number }>(
    `SELECT COUNT(*)::bigint AS players FROM (
       SELECT m.player_id FROM report_player_month m JOIN ${SLICES} ON m.month = r.month
        WHERE m.active_days & r.mask <> 0 GROUP BY m.player_id) p`,
    sliceParams(slices),
  );
  return { perDay: new Map(rows.map((r) => [r.day, Number(r.players)])), range: Number(range.rows[0]!.players) };
}

/** Which of `players` the rollup has as staking, on which days of the range. */
export async function selectActiveAmong(q: Queryable, from: string, to: string, players: readonly string[]): Promise<{ day: string; playerId: string }[]> {
  if (players.length === 0) return [];
  const { rows } = await q.query<{ month: string; player_id: string; active_days: number }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, player_id, active_days FROM report_player_month
      WHERE player_id = ANY($3::text[]) AND month BETWEEN $1::date AND $2::date AND active_days <> 0`,
    [monthOf(from), to, players],
  );
  return rows.flatMap((r) => activeDaysIn({ month: r.month, playerId: r.player_id, activeDays: Number(r.active_days) }, from, to));
}

/**
 * The `limit` players who played most over a range (stakes net of returned stakes, then the
 * shorter id, then the id: the P&L's order), among those with an entry the P&L counts in it:
 * one row per player and month, each month's days summed as a difference of running sums.
 */
export async function selectTopPlayers(q: Queryable, slices: readonly MonthSlice[], limit: number): Promise<string[]> {
  // The grouping holds every ranked player (100,003 in the bench): with the default 4 MB it
  // spilled to disk in 5 batches (decision 498). SET LOCAL: for this read-only snapshot only.
  await q.query("SET LOCAL work_mem = '64MB'");
  const { rows } = await q.query<{ player_id: string }>(
    // OFFSET 0 keeps the subquery apart, so the slice's sum is taken at the scan and the grouping
    // sorts or hashes (player, amount) pairs, not whole rows with their 31-element arrays (which
    // spilled to disk in the bench).
    `SELECT player_id FROM (
       SELECT m.player_id, m.played_cum[r.hi] - COALESCE(m.played_cum[r.lo - 1], 0) AS played
         FROM report_player_month m JOIN ${SLICES} ON m.month = r.month
        WHERE m.pnl_days & r.mask <> 0 OFFSET 0) p
      GROUP BY player_id
      ORDER BY SUM(played) DESC, length(player_id), player_id
      LIMIT $5`,
    [...sliceParams(slices), limit],
  );
  return rows.map((r) => r.player_id);
}

/** The per-player facts of some players over a range, summed per player and kind. */
export async function selectPlayerTotals(q: Queryable, range: { from: string; to: string }, players: readonly string[]): Promise<PlayerFact[]> {
  if (players.length === 0) return [];
  const { rows } = await q.query<{ player_id: string; kind: string; amount_minor: number; entries: number }>(
    `SELECT player_id, kind, SUM(amount_minor)::bigint AS amount_minor, SUM(entries)::bigint AS entries
       FROM report_player_daily WHERE player_id = ANY($3::text[]) AND day BETWEEN $1::date AND $2::date GROUP BY player_id, kind`,
    [range.from, range.to, players],
  );
  return rows.map((r) => ({ day: range.from, playerId: r.player_id, kind: r.kind, amountMinor: Number(r.amount_minor), entries: Number(r.entries) }));
}

/** Which of `players` have an entry of the given kinds, on any day. */
export async function selectPlayersWithKinds(q: Queryable, players: readonly string[], kinds: readonly string[]): Promise<string[]> {
  if (players.length === 0) return [];
  const { rows } = await q.query<{ player_id: string }>(
    'SELECT DISTINCT player_id FROM report_player_daily WHERE player_id = ANY($1::text[]) AND kind = ANY($2::text[])',
    [players, kinds],
  );
  return rows.map((r) => r.player_id);
}

import type { Queryable } from '../../db/db';
import type { DailyFact, PlayerFact } from './rules';

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

/** Distinct players with a stake of the given kinds: per day, and over the whole range. */
export async function selectActiveCounts(q: Queryable, from: string, to: string, stakeKinds: readonly string[]): Promise<{ perDay: Map<string, number>; range: number }> {
  const { rows } = await q.query<{ day: string | null; players: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, COUNT(DISTINCT player_id)::bigint AS players
       FROM report_player_daily WHERE day BETWEEN $1::date AND $2::date AND kind = ANY($3::text[])
      GROUP BY GROUPING SETS ((day), ())`,
    [from, to, stakeKinds],
  );
  return {
    perDay: new Map(rows.filter((r) => r.day !== null).map((r) => [r.day!, Number(r.players)])),
    range: Number(rows.find((r) => r.day === null)?.players ?? 0),
  };
}

/** Which of `players` the table has as staking, on which days of the range. */
export async function selectActiveAmong(q: Queryable, from: string, to: string, stakeKinds: readonly string[], players: readonly string[]): Promise<{ day: string; playerId: string }[]> {
  if (players.length === 0) return [];
  const { rows } = await q.query<{ day: string; player_id: string }>(
    `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day, player_id
       FROM report_player_daily WHERE day BETWEEN $1::date AND $2::date AND kind = ANY($3::text[]) AND player_id = ANY($4::text[])`,
    [from, to, stakeKinds, players],
  );
  return rows.map((r) => ({ day: r.day, playerId: r.player_id }));
}

/**
 * Per-player facts of a range summed per player and kind: of the `limit` players with the most
 * stakes (by the given kinds) and of the players named in `alsoPlayers` (those with live entries
 * past the fold, whose ranking may change), or of one player.
 */
export async function selectPlayerTotals(
  q: Queryable,
  range: { from: string; to: string },
  pick: { playerId: string } | { stakeKinds: readonly string[]; limit: number; alsoPlayers: readonly string[] },
): Promise<PlayerFact[]> {
  const { rows } = await q.query<{ player_id: string; kind: string; amount_minor: number; entries: number }>(
    'playerId' in pick
      ? `SELECT player_id, kind, SUM(amount_minor)::bigint AS amount_minor, SUM(entries)::bigint AS entries
           FROM report_player_daily WHERE player_id = $3 AND day BETWEEN $1::date AND $2::date GROUP BY player_id, kind`
      : `WITH top AS (
           SELECT player_id FROM report_player_daily
            WHERE day BETWEEN $1::date AND $2::date
            GROUP BY player_id
            ORDER BY -COALESCE(SUM(amount_minor) FILTER (WHERE kind = ANY($3::text[])), 0) DESC, length(player_id), player_id LIMIT $4)
         SELECT player_id, kind, SUM(amount_minor)::bigint AS amount_minor, SUM(entries)::bigint AS entries
           FROM report_player_daily
          WHERE day BETWEEN $1::date AND $2::date AND (player_id IN (SELECT player_id FROM top) OR player_id = ANY($5::text[]))
          GROUP BY player_id, kind`,
    'playerId' in pick ? [range.from, range.to, pick.playerId] : [range.from, range.to, pick.stakeKinds, pick.limit, pick.alsoPlayers],
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

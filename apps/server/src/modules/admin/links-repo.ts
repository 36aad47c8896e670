import type { Queryable } from '../../db/db';

export type LinkDecisionRow = { other_id: number; decision: 'not_related' | 'same_person' | 'needs_more_review'; note: string; operator_id: number; decided_at: Date };

/** The decision in force (the newest) on each link of `playerId`, keyed by the other player. */
export async function latestLinkDecisions(q: Queryable, playerId: number): Promise<Map<number, LinkDecisionRow>> {
  const { rows } = await q.query<LinkDecisionRow & { other_id: string | number; operator_id: string | number }>(
    `SELECT DISTINCT ON (other_id) other_id, decision, note, operator_id, decided_at FROM (
       SELECT CASE WHEN player_low = $1 THEN player_high ELSE player_low END AS other_id, decision, note, operator_id, decided_at, id
         FROM account_link_decisions WHERE player_low = $1 OR player_high = $1
     ) d ORDER BY other_id, decided_at DESC, id DESC`,
    [playerId],
  );
  return new Map(rows.map((r) => [Number(r.other_id), { ...r, other_id: Number(r.other_id), operator_id: Number(r.operator_id) }]));
}

/** Appends an operator's decision on the link between two players (stored low id first). */
export async function insertLinkDecision(
  q: Queryable,
  d: { playerA: number; playerB: number; decision: LinkDecisionRow['decision']; note: string; operatorId: number; at: Date },
): Promise<void> {
  await q.query(
    'INSERT INTO account_link_decisions (player_low, player_high, decision, note, operator_id, decided_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [Math.min(d.playerA, d.playerB), Math.max(d.playerA, d.playerB), d.decision, d.note, d.operatorId, d.at],
  );
}

/** Where the link alerts' job got to; null before its first run. */
export async function linkScanCursor(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ scanned_until: Date }>('SELECT scanned_until FROM account_link_scan FOR UPDATE');
  return rows[0]?.scanned_until ?? null;
}

export async function setLinkScanCursor(q: Queryable, until: Date): Promise<void> {
  await q.query('INSERT INTO account_link_scan (id, scanned_until) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET scanned_until = EXCLUDED.scanned_until', [until]);
}

/** Marks a pair as alerted; true only the first time (one alert per link, ever). */
export async function claimLinkAlert(q: Queryable, playerA: number, playerB: number, at: Date): Promise<boolean> {
  const { rows } = await q.query(
    'INSERT INTO account_link_alerts (player_low, player_high, alerted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING player_low',
    [Math.min(playerA, playerB), Math.max(playerA, playerB), at],
  );
  return rows.length > 0;
}

import type { AnnouncementInput, AnnouncementKind, AnnouncementSegment } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

export type AnnouncementRow = {
  id: number;
  kind: AnnouncementKind;
  segment: AnnouncementSegment;
  title_en: string;
  body_en: string;
  title_hi: string;
  body_hi: string;
  starts_at: Date;
  ends_at: Date;
  paused_at: Date | null;
  created_by: number;
  created_at: Date;
};

const COLUMNS = 'id, kind, segment, title_en, body_en, title_hi, body_hi, starts_at, ends_at, paused_at, created_by, created_at';

export async function insertAnnouncement(q: Queryable, a: AnnouncementInput, operatorId: number, now: Date): Promise<AnnouncementRow> {
  const { rows } = await q.query<AnnouncementRow>(
    `INSERT INTO announcements (kind, segment, title_en, body_en, title_hi, body_hi, starts_at, ends_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [a.kind, a.segment, a.titleEn, a.bodyEn, a.titleHi, a.bodyHi, new Date(a.startsAt), new Date(a.endsAt), operatorId, now],
  );
  return rows[0]!;
}

/** The console's list: the newest first, the last `limit`. */
export async function selectAnnouncements(q: Queryable, limit: number): Promise<AnnouncementRow[]> {
  return (await q.query<AnnouncementRow>(`SELECT ${COLUMNS} FROM announcements ORDER BY id DESC LIMIT $1`, [limit])).rows;
}

/** Locks one announcement for a pause or a resume. */
export async function lockAnnouncement(q: Queryable, id: number): Promise<AnnouncementRow | undefined> {
  return (await q.query<AnnouncementRow>(`SELECT ${COLUMNS} FROM announcements WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}

export async function setPaused(q: Queryable, id: number, pausedAt: Date | null): Promise<AnnouncementRow> {
  return (await q.query<AnnouncementRow>(`UPDATE announcements SET paused_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, pausedAt])).rows[0]!;
}

/**
 * The announcements running at `now` and whether this player read each (ends_at is indexed: few
 * announcements have not ended). Segment and marketing rules are applied by the caller (pure).
 */
export async function selectRunning(q: Queryable, playerId: number, now: Date): Promise<(AnnouncementRow & { read: boolean })[]> {
  const { rows } = await q.query<AnnouncementRow & { read: boolean }>(
    `SELECT ${COLUMNS.split(', ').map((c) => `a.${c}`).join(', ')}, r.player_id IS NOT NULL AS read
     FROM announcements a LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.player_id = $1
     WHERE a.ends_at > $2 AND a.starts_at <= $2 AND a.paused_at IS NULL
     ORDER BY a.starts_at DESC, a.id DESC`,
    [playerId, now],
  );
  return rows;
}

/** Marks read; a second read changes nothing. */
export async function insertReads(q: Queryable, playerId: number, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `INSERT INTO announcement_reads (player_id, announcement_id, read_at) SELECT $1, id, $3 FROM unnest($2::bigint[]) AS id
     ON CONFLICT DO NOTHING`,
    [playerId, ids, now],
  );
}

import type { InboxMessage, Notification, NotificationsPage } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

type Row = { id: number; message_key: InboxMessage['key']; params: InboxMessage['params']; created_at: Date; read_at: Date | null };

/**
 * Adds a message to a player's inbox (called by other modules inside their transaction, or by
 * an event subscriber). With `sourceEventId`, a second write for the same event is a no-op.
 */
export async function addNotification(
  q: Queryable,
  playerId: number,
  message: InboxMessage,
  now: Date,
  sourceEventId?: string,
): Promise<void> {
  await q.query(
    `INSERT INTO notifications (player_id, message_key, params, created_at, source_event_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (source_event_id, player_id) WHERE source_event_id IS NOT NULL DO NOTHING`,
    [playerId, message.key, JSON.stringify(message.params), now, sourceEventId ?? null],
  );
}

const toNotification = (r: Row): Notification => ({
  id: `ntf_${r.id}`,
  // The row's key and params were written by addNotification from a typed InboxMessage.
  message: { key: r.message_key, params: r.params } as InboxMessage,
  createdAt: r.created_at.toISOString(),
  read: r.read_at !== null,
});

/** Newest first, keyset-paginated by id so new messages never shift a page. */
export async function listNotifications(
  q: Queryable,
  playerId: number,
  page: { limit: number; before?: string | undefined },
): Promise<NotificationsPage> {
  const before = page.before ? Number(page.before.slice(4)) : Number.MAX_SAFE_INTEGER;
  const { rows } = await q.query<Row>(
    `SELECT id, message_key, params, created_at, read_at FROM notifications
     WHERE player_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`,
    [playerId, before, page.limit + 1],
  );
  const unread = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE player_id = $1 AND read_at IS NULL',
    [playerId],
  );
  const items = rows.slice(0, page.limit).map(toNotification);
  return {
    items,
    unreadCount: unread.rows[0]?.n ?? 0,
    nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null,
  };
}

export async function markAllNotificationsRead(q: Queryable, playerId: number, now: Date): Promise<number> {
  const res = await q.query(
    'UPDATE notifications SET read_at = $2 WHERE player_id = $1 AND read_at IS NULL',
    [playerId, now],
  );
  return res.rowCount;
}

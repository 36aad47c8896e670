import type { ComplaintOutcome, KycDocumentType, SupportCategory, SupportLinkKind, SupportStatus } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** The support module's SQL: only support_tickets, support_messages and support_attachments. */

export type TicketRow = {
  id: string;
  player_id: number;
  category: SupportCategory;
  status: SupportStatus;
  link_kind: SupportLinkKind | null;
  link_id: string | null;
  complaint: boolean;
  assignee_id: number | null;
  assignee_username: string | null;
  created_at: Date;
  updated_at: Date;
  response_due_at: Date | null;
  resolved_at: Date | null;
  reopenable_until: Date | null;
  outcome: ComplaintOutcome | null;
  final_response: string | null;
  adr_text: string | null;
  final_response_at: Date | null;
  /** The player's VIP level when the ticket opened (decision 547): its response time follows it. */
  vip_level: number;
};

export type MessageRow = {
  id: string;
  ticket_id: string;
  author: 'player' | 'operator';
  operator_id: number | null;
  operator_username: string | null;
  internal: boolean;
  body: string;
  at: Date;
};

export type AttachmentRow = {
  id: string;
  message_id: string;
  ticket_id: string;
  document_key: string;
  content_type: KycDocumentType;
  bytes: number;
  file_name: string | null;
};

const TICKET_COLUMNS = `id, player_id, category, status, link_kind, link_id, complaint, assignee_id, assignee_username, created_at,
  updated_at, response_due_at, resolved_at, reopenable_until, outcome, final_response, adr_text, final_response_at, vip_level`;

/** bigint columns come back as strings on PostgreSQL. */
const ticketOf = (r: TicketRow): TicketRow => ({ ...r, player_id: Number(r.player_id), assignee_id: r.assignee_id === null ? null : Number(r.assignee_id) });

export async function insertTicket(
  q: Queryable,
  r: Pick<TicketRow, 'id' | 'player_id' | 'category' | 'status' | 'link_kind' | 'link_id' | 'created_at' | 'response_due_at' | 'vip_level'>,
): Promise<TicketRow> {
  const { rows } = await q.query<TicketRow>(
    `INSERT INTO support_tickets (id, player_id, category, status, link_kind, link_id, created_at, updated_at, response_due_at, vip_level)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING ${TICKET_COLUMNS}`,
    [r.id, r.player_id, r.category, r.status, r.link_kind, r.link_id, r.created_at, r.response_due_at, r.vip_level],
  );
  return ticketOf(rows[0]!);
}

/** The ticket, locked for the caller's transaction when `lock` (one change at a time per ticket). */
export async function findTicket(q: Queryable, id: string, lock = false): Promise<TicketRow | undefined> {
  const { rows } = await q.query<TicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && ticketOf(rows[0]);
}

export type TicketPatch = Partial<
  Pick<TicketRow, 'status' | 'response_due_at' | 'resolved_at' | 'reopenable_until' | 'complaint' | 'assignee_id' | 'assignee_username' | 'outcome' | 'final_response' | 'adr_text' | 'final_response_at'>
> & { updated_at: Date };

export async function updateTicket(q: Queryable, id: string, patch: TicketPatch): Promise<TicketRow> {
  const keys = Object.keys(patch) as (keyof TicketPatch)[];
  const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const { rows } = await q.query<TicketRow>(`UPDATE support_tickets SET ${sets} WHERE id = $1 RETURNING ${TICKET_COLUMNS}`, [id, ...keys.map((k) => patch[k])]);
  return ticketOf(rows[0]!);
}

/**
 * Takes the player's support lock for the transaction, then counts their unresolved tickets (the
 * cap on opening, decision 483). On PGlite one connection serialises everything anyway.
 */
export async function lockAndCountUnresolved(q: Queryable, playerId: number): Promise<number> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`support:player:${playerId}`]);
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_tickets WHERE player_id = $1 AND status <> 'resolved'`, [playerId]);
  return rows[0]!.n;
}

/** The player's tickets, the most recently changed first. */
export async function ticketsOfPlayer(q: Queryable, playerId: number, limit: number): Promise<TicketRow[]> {
  const { rows } = await q.query<TicketRow>(`SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE player_id = $1 ORDER BY updated_at DESC, id LIMIT $2`, [playerId, limit]);
  return rows.map(ticketOf);
}

/**
 * The console's queue: by status (unresolved by default), optionally one assignee's or nobody's;
 * open tickets first by due time, then the others by last change.
 */
export async function queueTickets(q: Queryable, f: { status: SupportStatus | null; assignee: number | 'none' | null; limit: number }): Promise<TicketRow[]> {
  const { rows } = await q.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM support_tickets
     WHERE ($1::text IS NULL AND status <> 'resolved' OR status = $1::text)
       AND ($2::text IS NULL OR ($2::text = 'none' AND assignee_id IS NULL) OR assignee_id::text = $2::text)
     ORDER BY response_due_at ASC NULLS LAST, updated_at DESC LIMIT $3`,
    [f.status, f.assignee === null ? null : String(f.assignee), f.limit],
  );
  return rows.map(ticketOf);
}

export async function insertMessage(q: Queryable, r: MessageRow): Promise<MessageRow> {
  const { rows } = await q.query<MessageRow>(
    `INSERT INTO support_messages (id, ticket_id, author, operator_id, operator_username, internal, body, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, ticket_id, author, operator_id, operator_username, internal, body, at`,
    [r.id, r.ticket_id, r.author, r.operator_id, r.operator_username, r.internal, r.body, r.at],
  );
  return rows[0]!;
}

/** The thread in order; internal notes only when `withInternal` (the console). */
export async function messagesOf(q: Queryable, ticketId: string, withInternal: boolean): Promise<MessageRow[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT id, ticket_id, author, operator_id, operator_username, internal, body, at FROM support_messages
     WHERE ticket_id = $1 AND ($2::boolean OR NOT internal) ORDER BY seq`,
    [ticketId, withInternal],
  );
  return rows;
}

export async function insertAttachment(q: Queryable, r: AttachmentRow): Promise<void> {
  await q.query(
    `INSERT INTO support_attachments (id, message_id, ticket_id, document_key, content_type, bytes, file_name) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.id, r.message_id, r.ticket_id, r.document_key, r.content_type, r.bytes, r.file_name],
  );
}

export async function attachmentsOf(q: Queryable, ticketId: string): Promise<AttachmentRow[]> {
  const { rows } = await q.query<AttachmentRow>(
    'SELECT id, message_id, ticket_id, document_key, content_type, bytes, file_name FROM support_attachments WHERE ticket_id = $1 ORDER BY id',
    [ticketId],
  );
  return rows;
}

/** One attachment of the ticket, with whether its message is an internal note. */
export async function findAttachment(q: Queryable, ticketId: string, attachmentId: string): Promise<(AttachmentRow & { internal: boolean }) | undefined> {
  const { rows } = await q.query<AttachmentRow & { internal: boolean }>(
    `SELECT a.id, a.message_id, a.ticket_id, a.document_key, a.content_type, a.bytes, a.file_name, m.internal
     FROM support_attachments a JOIN support_messages m ON m.id = a.message_id WHERE a.ticket_id = $1 AND a.id = $2`,
    [ticketId, attachmentId],
  );
  return rows[0];
}

import type {
  SupportAdminThread,
  SupportCannedReply,
  SupportComplaintInput,
  SupportLinkKind,
  SupportMessage,
  SupportOpenInput,
  SupportOperatorReplyInput,
  SupportQueueItem,
  SupportQueueQuery,
  SupportReplyInput,
  SupportThread,
  SupportTicket,
} from '@colorplay/contract';
import { SUPPORT_MAX_OPEN_TICKETS } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { AuditLog, OperatorPrincipal, RequestOrigin } from '../admin';
import { checkDocument, type DocumentStore } from '../kyc';
import { CANNED_REPLIES } from './canned-replies';
import {
  attachmentsOf,
  findAttachment,
  findTicket,
  insertAttachment,
  insertMessage,
  insertTicket,
  lockAndCountUnresolved,
  messagesOf,
  queueTickets,
  ticketsOfPlayer,
  updateTicket,
  type AttachmentRow,
  type MessageRow,
  type TicketPatch,
  type TicketRow,
} from './repo';
import { isOverdue, slaForLevel, transition, type TicketEvent, type TicketTimers } from './rules';
import type { SupportSettings } from './settings';

export type SupportDeps = {
  db: Db;
  clock: Clock;
  settings: SupportSettings;
  /** The KYC document store: attachments live beside identity documents, outside the database. */
  store: DocumentStore;
  /** SupportTicketUpdated, in the transaction of each change the player can see. */
  events: EventRecorder;
  /** The console's append-only audit log, written in each operator action's transaction. */
  audit: Pick<AuditLog, 'write'>;
  /**
   * Whether the record is the player's own: each kind answered by its owning module's index
   * (app.ts wires deposits, withdrawals, lottery bets and KYC), so a ticket never links a record
   * of someone else.
   */
  ownsRecord: (kind: SupportLinkKind, id: string, playerId: number) => Promise<boolean>;
  /** The player's language, for the console's canned replies (the players module's row). */
  languageOf: (q: Queryable, playerId: number) => Promise<'en' | 'hi'>;
  /**
   * The player's VIP level (promotions, decision 547), read when a ticket opens: a higher level's
   * ticket is due sooner, so it sorts earlier in the console's queue. Absent: every ticket is level 0.
   */
  vipLevelOf?: (q: Queryable, playerId: number) => Promise<number>;
};

/** A stored document's bytes as a reader gets them. */
export type SupportDocument = { bytes: Buffer; contentType: AttachmentRow['content_type']; fileName: string | null };

const PLAYER_LIST_LIMIT = 50;
const QUEUE_LIMIT = 200;

/** The same answer for a ticket that does not exist and one of another player: an id reveals nothing. */
const notFound = () => new AppError('SUPPORT_TICKET_NOT_FOUND', 'No such ticket');

const timersOf = (r: TicketRow): TicketTimers => ({
  status: r.status,
  responseDueAt: r.response_due_at,
  resolvedAt: r.resolved_at,
  reopenableUntil: r.reopenable_until,
  finalResponse: r.final_response !== null,
});

const patchOf = (t: TicketTimers, now: Date): TicketPatch => ({
  status: t.status,
  response_due_at: t.responseDueAt,
  resolved_at: t.resolvedAt,
  reopenable_until: t.reopenableUntil,
  updated_at: now,
});

/**
 * Support tickets (docs/support.md). Players open, write, resolve and reopen their own tickets;
 * operators (through the console's routes) answer, keep internal notes, assign, resolve and give
 * a complaint's final response. Every change runs in one transaction with its event (what the
 * player can see) and, for an operator, its audit row.
 */
export function createSupportService(deps: SupportDeps) {
  const { db, clock, settings, store, events, audit } = deps;

  function toTicket(r: TicketRow): SupportTicket {
    return {
      id: r.id,
      category: r.category,
      status: r.status,
      link: r.link_kind && r.link_id ? { kind: r.link_kind, id: r.link_id } : null,
      complaint: r.complaint,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      responseDueAt: r.response_due_at?.toISOString() ?? null,
      expectedResponseHours: slaForLevel(settings, r.vip_level).responseHours,
      reopenableUntil: r.reopenable_until?.toISOString() ?? null,
      finalResponse:
        r.outcome && r.final_response && r.final_response_at
          ? { outcome: r.outcome, text: r.final_response, adrText: r.adr_text ?? '', at: r.final_response_at.toISOString() }
          : null,
    };
  }

  async function threadOf(q: Queryable, ticketId: string, forConsole: boolean): Promise<SupportMessage[]> {
    const [messages, attachments] = await Promise.all([messagesOf(q, ticketId, forConsole), attachmentsOf(q, ticketId)]);
    return messages.map((m: MessageRow) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      at: m.at.toISOString(),
      internal: m.internal,
      // The player reads "Support", never an operator's name.
      operator: forConsole ? m.operator_username : null,
      attachments: attachments.filter((a) => a.message_id === m.id).map((a) => ({ id: a.id, contentType: a.content_type, fileName: a.file_name, bytes: a.bytes })),
    }));
  }

  async function queueItemOf(q: Queryable, r: TicketRow): Promise<SupportQueueItem> {
    const now = clock.now();
    return {
      ...toTicket(r),
      playerId: r.player_id,
      assigneeId: r.assignee_id,
      assignee: r.assignee_username,
      overdue: isOverdue(timersOf(r), now),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - r.created_at.getTime()) / 1000)),
      language: await deps.languageOf(q, r.player_id),
    };
  }

  /** The player's own ticket, or SUPPORT_TICKET_NOT_FOUND (also for another player's). */
  async function ownTicket(q: Queryable, playerId: number, ticketId: string, lock = false): Promise<TicketRow> {
    const row = await findTicket(q, ticketId, lock);
    if (!row || row.player_id !== playerId) throw notFound();
    return row;
  }

  /** Applies a state-machine event to a locked ticket (SUPPORT_STATE_CONFLICT when refused). */
  function step(row: TicketRow, event: TicketEvent, now: Date): TicketTimers {
    const result = transition(timersOf(row), event, now, slaForLevel(settings, row.vip_level));
    if (!result.ok) throw new AppError('SUPPORT_STATE_CONFLICT', result.reason);
    return result.next;
  }

  /**
   * Checks every attachment with the KYC document checks, then stores them: all or none (a file
   * stored for a message that is not written is removed again by `discard`).
   */
  async function storeAttachments(input: SupportReplyInput['attachments']): Promise<{ stored: Omit<AttachmentRow, 'message_id' | 'ticket_id'>[]; discard: () => Promise<void> }> {
    const checked = (input ?? []).map((a, i) => {
      const result = checkDocument(a.base64, settings.maxAttachmentBytes);
      const path = `attachments.${i}.base64`;
      if (!result.ok && result.reason === 'too_large') {
        const message = `Each file must be at most ${Math.floor(settings.maxAttachmentBytes / 1024)} KB`;
        throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE', message, [{ path, message }]);
      }
      if (!result.ok) throw new AppError('SUPPORT_ATTACHMENT_TYPE_INVALID', 'Attach a JPEG or PNG photo, or a PDF', [{ path, message: 'Attach a JPEG or PNG photo, or a PDF' }]);
      return { ...result, fileName: a.fileName ?? null };
    });
    const stored: Omit<AttachmentRow, 'message_id' | 'ticket_id'>[] = [];
    const discard = async () => {
      await Promise.all(stored.map((s) => store.remove(s.document_key).catch(() => undefined)));
    };
    try {
      for (const c of checked) stored.push({ id: prefixedId('att', 9), document_key: await store.put(c.bytes), content_type: c.contentType, bytes: c.bytes.length, file_name: c.fileName });
    } catch (err) {
      await discard();
      throw err;
    }
    return { stored, discard };
  }

  /** Writes a player's message and its attachments (files stored before, removed if the transaction fails). */
  async function withPlayerMessage<T>(body: string, attachments: SupportReplyInput['attachments'], write: (tx: Queryable, add: (ticketId: string) => Promise<void>) => Promise<T>): Promise<T> {
    const { stored, discard } = await storeAttachments(attachments);
    try {
      return await db.transaction((tx) =>
        write(tx, async (ticketId) => {
          const message = await insertMessage(tx, { id: prefixedId('msg', 9), ticket_id: ticketId, author: 'player', operator_id: null, operator_username: null, internal: false, body, at: clock.now() });
          for (const s of stored) await insertAttachment(tx, { ...s, message_id: message.id, ticket_id: ticketId });
        }),
      );
    } catch (err) {
      await discard();
      throw err;
    }
  }

  const updated = (tx: Queryable, row: TicketRow, byOperator: boolean) =>
    events.record(tx, 'SupportTicketUpdated', { ticketId: row.id, playerId: row.player_id, status: row.status, byOperator });

  /** A player's event on their own locked ticket (`add` writes their message), its event recorded; the thread after it. */
  async function playerStep(tx: Queryable, playerId: number, ticketId: string, event: TicketEvent, add?: (ticketId: string) => Promise<void>): Promise<SupportThread> {
    const row = await ownTicket(tx, playerId, ticketId, true);
    const now = clock.now();
    const next = await updateTicket(tx, ticketId, patchOf(step(row, event, now), now));
    await add?.(ticketId);
    await updated(tx, next, false);
    return { ...toTicket(next), messages: await threadOf(tx, ticketId, false) };
  }

  /** An operator's action on a locked ticket, its audit row in the same transaction. */
  async function operatorAction(
    ticketId: string,
    who: OperatorPrincipal,
    origin: RequestOrigin,
    action: Parameters<AuditLog['write']>[2],
    act: (tx: Queryable, row: TicketRow, now: Date) => Promise<{ row: TicketRow; after: Record<string, unknown>; visible: boolean }>,
  ): Promise<SupportAdminThread> {
    return db.transaction(async (tx) => {
      const row = await findTicket(tx, ticketId, true);
      if (!row) throw notFound();
      const done = await act(tx, row, clock.now());
      await audit.write(tx, { id: who.id, username: who.username }, action, ticketId, origin, { before: { status: row.status, assignee: row.assignee_username }, after: done.after });
      if (done.visible) await updated(tx, done.row, true);
      return { ...(await queueItemOf(tx, done.row)), messages: await threadOf(tx, ticketId, true) };
    });
  }

  return {
    // ---- player ----

    /** Opens a ticket (a linked record must be the player's own); its first message and files. */
    async open(playerId: number, input: SupportOpenInput): Promise<SupportThread> {
      if (input.link && !(await deps.ownsRecord(input.link.kind, input.link.id, playerId))) {
        const message = 'That record is not one of yours';
        throw new AppError('SUPPORT_LINK_INVALID', message, [{ path: 'link.id', message }]);
      }
      const now = clock.now();
      const vipLevel = deps.vipLevelOf ? await deps.vipLevelOf(db, playerId) : 0;
      const timers = transition(null, 'opened', now, slaForLevel(settings, vipLevel));
      if (!timers.ok) throw new Error(timers.reason);
      const id = prefixedId('tkt', 9);
      return withPlayerMessage(input.message, input.attachments, async (tx, add) => {
        // Counted under the player's lock, so concurrent opens cannot pass the cap together.
        if ((await lockAndCountUnresolved(tx, playerId)) >= SUPPORT_MAX_OPEN_TICKETS) {
          throw new AppError('SUPPORT_TOO_MANY_OPEN', `At most ${SUPPORT_MAX_OPEN_TICKETS} requests can be open at once: add to one of them`);
        }
        const row = await insertTicket(tx, {
          id,
          player_id: playerId,
          category: input.category,
          status: timers.next.status,
          link_kind: input.link?.kind ?? null,
          link_id: input.link?.id ?? null,
          created_at: now,
          response_due_at: timers.next.responseDueAt,
          vip_level: vipLevel,
        });
        await add(id);
        await updated(tx, row, false);
        return { ...toTicket(row), messages: await threadOf(tx, id, false) };
      });
    },

    async list(playerId: number): Promise<SupportTicket[]> {
      return (await ticketsOfPlayer(db, playerId, PLAYER_LIST_LIMIT)).map(toTicket);
    },

    /** The player's ticket and its thread, without internal notes. */
    async get(playerId: number, ticketId: string): Promise<SupportThread> {
      const row = await ownTicket(db, playerId, ticketId);
      return { ...toTicket(row), messages: await threadOf(db, ticketId, false) };
    },

    async reply(playerId: number, ticketId: string, input: SupportReplyInput): Promise<SupportThread> {
      // The ticket is checked before any file is stored: a stranger's id stores nothing.
      await ownTicket(db, playerId, ticketId);
      return withPlayerMessage(input.message, input.attachments, (tx, add) => playerStep(tx, playerId, ticketId, 'player_message', add));
    },

    /** The player says the problem is solved (reopenable for reopenDays). */
    resolve: (playerId: number, ticketId: string) => db.transaction((tx) => playerStep(tx, playerId, ticketId, 'resolved')),

    reopen: (playerId: number, ticketId: string) => db.transaction((tx) => playerStep(tx, playerId, ticketId, 'reopened')),

    /** A file of the player's own ticket (never one on an internal note). */
    async playerAttachment(playerId: number, ticketId: string, attachmentId: string): Promise<SupportDocument> {
      await ownTicket(db, playerId, ticketId);
      const found = await findAttachment(db, ticketId, attachmentId);
      if (!found || found.internal) throw notFound();
      return { bytes: await store.get(found.document_key), contentType: found.content_type, fileName: found.file_name };
    },

    // ---- operator (the console's routes check the permission first) ----

    async queue(query: SupportQueueQuery, who: OperatorPrincipal): Promise<SupportQueueItem[]> {
      const assignee = query.assignee === 'me' ? who.id : query.assignee === 'none' ? 'none' : null;
      const rows = await queueTickets(db, { status: query.status ?? null, assignee, limit: QUEUE_LIMIT });
      return Promise.all(rows.map((r) => queueItemOf(db, r)));
    },

    async thread(ticketId: string): Promise<SupportAdminThread> {
      const row = await findTicket(db, ticketId);
      if (!row) throw notFound();
      return { ...(await queueItemOf(db, row)), messages: await threadOf(db, ticketId, true) };
    },

    /** A reply the player reads (and is told of), or an internal note only operators see. */
    operatorReply(ticketId: string, input: SupportOperatorReplyInput, who: OperatorPrincipal, origin: RequestOrigin) {
      return operatorAction(ticketId, who, origin, input.internal ? 'support.note' : 'support.reply', async (tx, row, now) => {
        // A note changes nothing the player sees: no transition, no event.
        const next = input.internal ? row : await updateTicket(tx, ticketId, patchOf(step(row, 'operator_reply', now), now));
        const message = await insertMessage(tx, { id: prefixedId('msg', 9), ticket_id: ticketId, author: 'operator', operator_id: who.id, operator_username: who.username, internal: input.internal, body: input.message, at: now });
        return { row: next, after: { messageId: message.id, status: next.status }, visible: !input.internal };
      });
    },

    /** Assigns the ticket to the calling operator. */
    assignToMe(ticketId: string, who: OperatorPrincipal, origin: RequestOrigin) {
      return operatorAction(ticketId, who, origin, 'support.assign', async (tx, row, now) => {
        if (row.assignee_id === who.id) throw new AppError('SUPPORT_STATE_CONFLICT', 'This ticket is assigned to you already');
        const next = await updateTicket(tx, ticketId, { assignee_id: who.id, assignee_username: who.username, updated_at: now });
        return { row: next, after: { assignee: who.username }, visible: false };
      });
    },

    resolveByOperator(ticketId: string, who: OperatorPrincipal, origin: RequestOrigin) {
      return operatorAction(ticketId, who, origin, 'support.resolve', async (tx, row, now) => {
        const next = await updateTicket(tx, ticketId, patchOf(step(row, 'resolved', now), now));
        return { row: next, after: { status: next.status }, visible: true };
      });
    },

    /**
     * Makes the ticket a formal complaint and gives its final response: the outcome, the
     * operator's text and the configured ADR text, stored as they were sent (the text may change
     * later; this response does not). The ticket is resolved and cannot be reopened.
     */
    finalResponse(ticketId: string, input: SupportComplaintInput, who: OperatorPrincipal, origin: RequestOrigin) {
      return operatorAction(ticketId, who, origin, 'support.complaint', async (tx, row, now) => {
        const timers = step(row, 'final_response', now);
        const next = await updateTicket(tx, ticketId, {
          ...patchOf(timers, now),
          complaint: true,
          outcome: input.outcome,
          final_response: input.text,
          adr_text: settings.adrText,
          final_response_at: now,
        });
        return { row: next, after: { outcome: input.outcome, status: next.status }, visible: true };
      });
    },

    /** A file of any ticket, for an operator; the viewing is audited (as a KYC document's). */
    async operatorAttachment(ticketId: string, attachmentId: string, who: OperatorPrincipal, origin: RequestOrigin): Promise<SupportDocument> {
      const found = await findAttachment(db, ticketId, attachmentId);
      if (!found) throw notFound();
      await audit.write(db, { id: who.id, username: who.username }, 'support.attachment_view', ticketId, origin, { after: { attachmentId } });
      return { bytes: await store.get(found.document_key), contentType: found.content_type, fileName: found.file_name };
    },

    cannedReplies(): SupportCannedReply[] {
      return CANNED_REPLIES;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

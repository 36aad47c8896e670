import { z } from 'zod';
import { KYC_DOCUMENT_BASE64_MAX_CHARS, KycDocumentTypeSchema } from './kyc';
import { pgText } from './text';

/**
 * Support tickets (docs/support.md): a player's problem, optionally linked to one of their records,
 * a thread with the operators, and, when it becomes a formal complaint, a final response that
 * names the alternative dispute resolution body.
 */

export const SUPPORT_CATEGORIES = ['deposit', 'withdrawal', 'game', 'kyc', 'account', 'other'] as const;
export const SupportCategorySchema = z.enum(SUPPORT_CATEGORIES);
export type SupportCategory = z.infer<typeof SupportCategorySchema>;

/** open: waiting for support; waiting_player: support answered; resolved (reopenable for a while). */
export const SUPPORT_STATUSES = ['open', 'waiting_player', 'resolved'] as const;
export const SupportStatusSchema = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof SupportStatusSchema>;

/** The records a ticket can link: the service checks that the record is the player's own. */
export const SUPPORT_LINK_KINDS = ['deposit', 'withdrawal', 'bet', 'kyc'] as const;
export const SupportLinkKindSchema = z.enum(SUPPORT_LINK_KINDS);
export type SupportLinkKind = z.infer<typeof SupportLinkKindSchema>;
export const SupportLinkSchema = z.strictObject({
  kind: SupportLinkKindSchema,
  id: pgText().regex(/^[a-z]{2,4}_[A-Za-z0-9_-]{3,60}$/, 'Not a record number'),
});
export type SupportLink = z.infer<typeof SupportLinkSchema>;

/** The outcome a formal complaint's final response states. */
export const COMPLAINT_OUTCOMES = ['upheld', 'partly_upheld', 'not_upheld'] as const;
export const ComplaintOutcomeSchema = z.enum(COMPLAINT_OUTCOMES);
export type ComplaintOutcome = z.infer<typeof ComplaintOutcomeSchema>;

/** At most this many images per message (each checked like a KYC document). */
export const SUPPORT_MAX_ATTACHMENTS = 3;
/**
 * How many unresolved tickets a player may have at once (decision 483): past it, a new ticket is
 * refused with SUPPORT_TOO_MANY_OPEN and the player is pointed at the ones open. It keeps one
 * player from flooding the queue; a reply to an open ticket is always possible.
 */
export const SUPPORT_MAX_OPEN_TICKETS = 5;
export const SUPPORT_MESSAGE_MAX_CHARS = 2000;

const MessageTextSchema = pgText().trim().min(1, 'Write a message').max(SUPPORT_MESSAGE_MAX_CHARS);

export const SupportAttachmentInputSchema = z.strictObject({
  base64: pgText()
    .min(4, 'Attach a photo or PDF')
    .max(KYC_DOCUMENT_BASE64_MAX_CHARS, 'The file is too large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file must be sent as base64'),
  fileName: pgText().max(200).optional(),
});

export const SupportOpenInputSchema = z.strictObject({
  category: SupportCategorySchema,
  message: MessageTextSchema,
  link: SupportLinkSchema.optional(),
  attachments: z.array(SupportAttachmentInputSchema).max(SUPPORT_MAX_ATTACHMENTS).optional(),
});
export type SupportOpenInput = z.infer<typeof SupportOpenInputSchema>;

export const SupportReplyInputSchema = z.strictObject({
  message: MessageTextSchema,
  attachments: z.array(SupportAttachmentInputSchema).max(SUPPORT_MAX_ATTACHMENTS).optional(),
});
export type SupportReplyInput = z.infer<typeof SupportReplyInputSchema>;

export const SupportTicketParamsSchema = z.object({ ticketId: pgText().regex(/^tkt_[A-Za-z0-9_-]{4,40}$/, 'Not a ticket number') });
export const SupportAttachmentParamsSchema = SupportTicketParamsSchema.extend({ attachmentId: pgText().regex(/^att_[A-Za-z0-9_-]{4,40}$/, 'Not an attachment number') });

export const SupportAttachmentSchema = z.object({ id: z.string(), contentType: KycDocumentTypeSchema, fileName: z.string().nullable(), bytes: z.number().int() });
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;

/** One message of the thread. `internal` notes exist only in the console's view. */
export const SupportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['player', 'operator']),
  body: z.string(),
  at: z.iso.datetime(),
  internal: z.boolean(),
  /** The operator's username (console only; the player sees "Support"). */
  operator: z.string().nullable(),
  attachments: z.array(SupportAttachmentSchema),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportFinalResponseSchema = z.object({ outcome: ComplaintOutcomeSchema, text: z.string(), adrText: z.string(), at: z.iso.datetime() });

export const SupportTicketSchema = z
  .object({
    id: z.string(),
    category: SupportCategorySchema,
    status: SupportStatusSchema,
    link: z.object({ kind: SupportLinkKindSchema, id: z.string() }).nullable(),
    complaint: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** When support should have answered by (null while waiting for the player or resolved). */
    responseDueAt: z.iso.datetime().nullable(),
    /** The expected response time the player is shown. */
    expectedResponseHours: z.number().int(),
    /** Until when a resolved ticket can be reopened (null while not resolved). */
    reopenableUntil: z.iso.datetime().nullable(),
    finalResponse: SupportFinalResponseSchema.nullable(),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const SupportThreadSchema = SupportTicketSchema.extend({ messages: z.array(SupportMessageSchema) }).meta({ id: 'SupportThread' });
export type SupportThread = z.infer<typeof SupportThreadSchema>;

// ---- console ----

export const SupportQueueQuerySchema = z.object({
  status: SupportStatusSchema.optional(),
  /** `me`: assigned to the caller; `none`: nobody yet. */
  assignee: z.enum(['me', 'none']).optional(),
});
export type SupportQueueQuery = z.infer<typeof SupportQueueQuerySchema>;

export const SupportQueueItemSchema = SupportTicketSchema.extend({
  playerId: z.number().int(),
  assigneeId: z.number().int().nullable(),
  assignee: z.string().nullable(),
  /** Whether the response due time has passed (computed at the server's now). */
  overdue: z.boolean(),
  ageSeconds: z.number().int(),
  language: z.enum(['en', 'hi']),
});
export type SupportQueueItem = z.infer<typeof SupportQueueItemSchema>;

export const SupportAdminThreadSchema = SupportQueueItemSchema.extend({ messages: z.array(SupportMessageSchema) });
export type SupportAdminThread = z.infer<typeof SupportAdminThreadSchema>;

export const SupportOperatorReplyInputSchema = z.strictObject({
  message: MessageTextSchema,
  /** An internal note: operators only, the player never sees it. */
  internal: z.boolean().default(false),
});
export type SupportOperatorReplyInput = z.infer<typeof SupportOperatorReplyInputSchema>;

export const SupportComplaintInputSchema = z.strictObject({
  outcome: ComplaintOutcomeSchema,
  /** The final response the player reads; the ADR text is added by the server. */
  text: pgText().trim().min(10, 'Write the final response (10 characters or more)').max(SUPPORT_MESSAGE_MAX_CHARS),
});
export type SupportComplaintInput = z.infer<typeof SupportComplaintInputSchema>;

/** A canned reply in both languages; the console picks by the player's language. */
export const SupportCannedReplySchema = z.object({ id: z.string(), title: z.string(), en: z.string(), hi: z.string() });
export type SupportCannedReply = z.infer<typeof SupportCannedReplySchema>;

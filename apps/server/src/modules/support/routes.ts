import {
  LAZY_API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  SupportAdminThreadSchema,
  SupportAttachmentParamsSchema,
  SupportCannedReplySchema,
  SupportComplaintInputSchema,
  SupportOpenInputSchema,
  SupportOperatorReplyInputSchema,
  SupportQueueItemSchema,
  SupportQueueQuerySchema,
  SupportReplyInputSchema,
  SupportThreadSchema,
  SupportTicketParamsSchema,
  SupportTicketSchema,
  SUPPORT_MAX_ATTACHMENTS,
} from '@colorplay/contract';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleGuard, originOf, type AdminService } from '../admin';
import type { SupportDocument, SupportService } from './service';

export type SupportRoutesOptions = {
  support: SupportService;
  requireAuth: preHandlerAsyncHookHandler;
  /** The console's sessions and permission table, for the /api/admin/support routes. */
  admin: Pick<AdminService, 'authenticate' | 'authorize'>;
  /** The largest attachment: the body limit of the routes that take files follows from it. */
  maxAttachmentBytes: number;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema };

/** A stored file, inline, never sniffed by the browser (the type is the one its bytes showed). */
function sendDocument(reply: FastifyReply, name: string, document: SupportDocument) {
  const extension = document.contentType === 'application/pdf' ? 'pdf' : document.contentType === 'image/png' ? 'png' : 'jpg';
  return reply.type(document.contentType).header('content-disposition', `inline; filename="${name}.${extension}"`).header('x-content-type-options', 'nosniff').send(document.bytes);
}

/**
 * Support tickets over HTTP (docs/support.md): the player's routes under /api/support (their
 * access token; a ticket of another player answers SUPPORT_TICKET_NOT_FOUND, like one that does
 * not exist) and the console's under /api/admin/support (support.read, support.reply).
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { support, requireAuth, admin, maxAttachmentBytes }) => {
  const player = { tags: ['support'], security: [{ bearer: [] }] };
  // Base64 is a third larger than the files; a little more for the text.
  const bodyLimit = Math.ceil(maxAttachmentBytes / 3) * 4 * SUPPORT_MAX_ATTACHMENTS + 32_768;
  const thread = { 200: dataEnvelope(SupportThreadSchema), ...errors };

  app.get(
    LAZY_API_PATHS.support_tickets,
    { preHandler: requireAuth, schema: { ...player, response: { 200: dataEnvelope(z.object({ items: z.array(SupportTicketSchema) })), ...errors } } },
    async (request) => ({ data: { items: await support.list(request.auth.playerId) } }),
  );
  app.post(
    LAZY_API_PATHS.support_tickets,
    {
      preHandler: requireAuth,
      bodyLimit,
      schema: {
        ...player,
        description: 'Opens a ticket: a category, a message, optionally a linked record of the player (deposit, withdrawal, bet, KYC) and up to 3 images or PDFs checked like KYC documents.',
        body: SupportOpenInputSchema,
        response: thread,
      },
    },
    async (request) => ({ data: await support.open(request.auth.playerId, request.body) }),
  );
  app.get(LAZY_API_PATHS.support_ticket, { preHandler: requireAuth, schema: { ...player, params: SupportTicketParamsSchema, response: thread } }, async (request) => ({
    data: await support.get(request.auth.playerId, request.params.ticketId),
  }));
  app.post(
    LAZY_API_PATHS.support_ticket_messages,
    { preHandler: requireAuth, bodyLimit, schema: { ...player, params: SupportTicketParamsSchema, body: SupportReplyInputSchema, response: thread } },
    async (request) => ({ data: await support.reply(request.auth.playerId, request.params.ticketId, request.body) }),
  );
  app.post(LAZY_API_PATHS.support_ticket_resolve, { preHandler: requireAuth, schema: { ...player, params: SupportTicketParamsSchema, response: thread } }, async (request) => ({
    data: await support.resolve(request.auth.playerId, request.params.ticketId),
  }));
  app.post(LAZY_API_PATHS.support_ticket_reopen, { preHandler: requireAuth, schema: { ...player, params: SupportTicketParamsSchema, response: thread } }, async (request) => ({
    data: await support.reopen(request.auth.playerId, request.params.ticketId),
  }));
  app.get(LAZY_API_PATHS.support_attachment, { preHandler: requireAuth, schema: { ...player, params: SupportAttachmentParamsSchema } }, async (request, reply) =>
    sendDocument(reply, request.params.attachmentId, await support.playerAttachment(request.auth.playerId, request.params.ticketId, request.params.attachmentId)),
  );

  // ---- the console ----
  const guard = consoleGuard(admin);
  const doc = { tags: ['admin'] };
  const adminThread = { 200: dataEnvelope(SupportAdminThreadSchema), ...errors };

  app.get(
    LAZY_API_PATHS.admin_support_tickets,
    { ...guard('support.read'), schema: { ...doc, querystring: SupportQueueQuerySchema, response: { 200: dataEnvelope(z.object({ items: z.array(SupportQueueItemSchema) })), ...errors } } },
    async (request) => ({ data: { items: await support.queue(request.query, request.operator) } }),
  );
  app.get(LAZY_API_PATHS.admin_support_ticket, { ...guard('support.read'), schema: { ...doc, params: SupportTicketParamsSchema, response: adminThread } }, async (request) => ({
    data: await support.thread(request.params.ticketId),
  }));
  app.post(
    LAZY_API_PATHS.admin_support_messages,
    { ...guard('support.reply'), schema: { ...doc, description: 'A reply the player reads, or (internal: true) a note only operators see.', params: SupportTicketParamsSchema, body: SupportOperatorReplyInputSchema, response: adminThread } },
    async (request) => ({ data: await support.operatorReply(request.params.ticketId, request.body, request.operator, originOf(request)) }),
  );
  app.post(LAZY_API_PATHS.admin_support_assign, { ...guard('support.reply'), schema: { ...doc, params: SupportTicketParamsSchema, response: adminThread } }, async (request) => ({
    data: await support.assignToMe(request.params.ticketId, request.operator, originOf(request)),
  }));
  app.post(LAZY_API_PATHS.admin_support_resolve, { ...guard('support.reply'), schema: { ...doc, params: SupportTicketParamsSchema, response: adminThread } }, async (request) => ({
    data: await support.resolveByOperator(request.params.ticketId, request.operator, originOf(request)),
  }));
  app.post(
    LAZY_API_PATHS.admin_support_complaint,
    {
      ...guard('support.reply'),
      schema: { ...doc, description: 'Marks the ticket a formal complaint and gives its final response (outcome, text, and the configured ADR text).', params: SupportTicketParamsSchema, body: SupportComplaintInputSchema, response: adminThread },
    },
    async (request) => ({ data: await support.finalResponse(request.params.ticketId, request.body, request.operator, originOf(request)) }),
  );
  app.get(LAZY_API_PATHS.admin_support_attachment, { ...guard('support.read'), schema: { ...doc, params: SupportAttachmentParamsSchema } }, async (request, reply) =>
    sendDocument(reply, request.params.attachmentId, await support.operatorAttachment(request.params.ticketId, request.params.attachmentId, request.operator, originOf(request))),
  );
  app.get(LAZY_API_PATHS.admin_support_canned, { ...guard('support.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(SupportCannedReplySchema) })), ...errors } } }, async () => ({
    data: { items: support.cannedReplies() },
  }));
};

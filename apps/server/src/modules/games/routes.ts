import { createHash } from 'node:crypto';
import {
  API_PATHS,
  CategorySchema,
  dataEnvelope,
  ErrorResponseSchema,
  GamesPageSchema,
  GamesQuerySchema,
  LaunchTicketInputSchema,
  LaunchTicketSchema,
  OpenGameQuerySchema,
  VendorSchema,
  VendorsQuerySchema,
} from '@colorplay/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { refusalPage } from './html-page';
import { LAUNCH_REFUSALS } from './launch-rules';
import type { GamesService } from './service';

export type GamesRoutesOptions = { games: GamesService; requireAuth: preHandlerAsyncHookHandler };

/**
 * Answers a catalog read with an ETag over the exact body: the catalog only changes with a new
 * file (a deploy), so clients and proxies may keep it a minute and revalidate cheaply after.
 */
function cached<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'public, max-age=60');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return body;
}

/** Browsers navigating to the launch address get a page; API clients get the JSON error shape. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { games, requireAuth }) => {
  app.get(
    API_PATHS.game_categories,
    {
      schema: {
        tags: ['games'],
        description: 'The All Games categories in tab order, with their vendor sections. Cacheable (ETag).',
        response: { 200: dataEnvelope(z.array(CategorySchema)), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => cached(request, reply, { data: await games.categories() }),
  );

  app.get(
    API_PATHS.game_vendors,
    {
      schema: {
        tags: ['games'],
        description: 'Vendors, optionally only those of one /home/AllOnlineGames type. Cacheable (ETag).',
        querystring: VendorsQuerySchema,
        response: { 200: dataEnvelope(z.array(VendorSchema)), 304: z.null(), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => cached(request, reply, { data: await games.vendors(request.query.type) }),
  );

  app.get(
    API_PATHS.games,
    {
      schema: {
        tags: ['games'],
        description: 'Game tiles, paged: a category in its order (optionally one vendor section of it), or a vendor\'s whole list. Cacheable (ETag).',
        querystring: GamesQuerySchema,
        response: { 200: dataEnvelope(GamesPageSchema), 304: z.null(), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => cached(request, reply, { data: await games.games(request.query) }),
  );

  app.post(
    API_PATHS.game_launch_ticket,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['games'],
        security: [{ bearer: [] }],
        description: 'Mints a single-use launch ticket (valid 60 s) for open_game_url; never put the access token in a URL.',
        body: LaunchTicketInputSchema,
        response: {
          200: dataEnvelope(LaunchTicketSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await games.mintTicket(request.auth, request.body.gameId) };
    },
  );

  app.get(
    API_PATHS.open_game_url,
    {
      schema: {
        tags: ['games'],
        description:
          'The launch address (spec section 4): checks the ticket and the game, opens a vendor session and redirects (302) to the vendor. A refusal is an HTML page for a browser (Accept: text/html), the JSON error otherwise.',
        querystring: z.object({ token: z.string().optional(), game_id: z.string().optional() }).passthrough(),
        response: { 302: z.null(), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The ticket is a credential: keep it out of any page this answer leads to.
      reply.header('referrer-policy', 'no-referrer');
      const parsed = OpenGameQuerySchema.safeParse(request.query);
      // A bad amount is named as such (the ticket and game may be fine); any other bad field is an unknown link.
      const badAmount = !parsed.success && parsed.error.issues.every((i) => i.path[0] === 'amount_minor');
      const result = parsed.success
        ? await games.openGame(parsed.data.token, parsed.data.game_id, parsed.data.amount_minor)
        : ({ ok: false, refusal: badAmount ? 'amount_invalid' : 'unknown' } as const);
      if (result.ok) return reply.redirect(result.redirectTo, 302);
      const refusal = LAUNCH_REFUSALS[result.refusal];
      if (wantsHtml(request)) return reply.code(refusal.status).type('text/html; charset=utf-8').send(refusalPage(refusal.title, refusal.text) as never);
      const code =
        result.refusal === 'amount_invalid'
          ? 'LAUNCH_AMOUNT_INVALID'
          : result.refusal === 'amount_over_balance'
            ? 'LAUNCH_AMOUNT_OVER_BALANCE'
            : result.refusal === 'on_break'
          ? 'PLAYER_ON_BREAK'
          : result.refusal === 'self_excluded'
            ? 'SELF_EXCLUDED'
            : result.refusal === 'suspended'
              ? 'ACCOUNT_SUSPENDED'
            : result.refusal === 'closed'
              ? 'ACCOUNT_CLOSED'
            : refusal.status === 404
              ? 'GAME_NOT_FOUND'
              : refusal.status === 409
                ? 'GAME_UNDER_MAINTENANCE'
                : 'UNAUTHORIZED';
      throw new AppError(code, refusal.title);
    },
  );
};

import { ErrorResponseSchema } from '@colorplay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestOrigin } from './audit';
import type { AdminAction } from './permissions';
import type { AdminService } from './service';

/** The Fastify instance the console's routes are added to (zod schemas typed). */
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every group of console routes is given by routes.ts: the one service and the shared guards. */
export type AdminRouteKit = {
  app: AdminApp;
  admin: AdminService;
  /** Signed in, allowed the action, and (for writes) the CSRF header; `null` for every signed-in operator. */
  guard: (action: AdminAction | null) => { preHandler: (request: FastifyRequest) => Promise<void> };
  /** The CSRF header alone, for the routes that run before there is a session (login, enrolment). */
  requireCsrfHeader: (request: FastifyRequest) => void;
  /** Where the session cookie lives (path, SameSite, Secure), for setting and clearing it. */
  cookieOptions: { httpOnly: true; sameSite: 'strict'; secure: boolean; path: string };
  clearCookie: (reply: FastifyReply) => void;
};

export const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
export const doc = { tags: ['admin'] };

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  // request.ip honours TRUST_PROXY (app.ts), so a client cannot pick its own address.
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

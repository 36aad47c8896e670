import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_SESSION_COOKIE } from '@colorplay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { markAuthGuard } from '../../plugins/auth-guard';
import { auditRoutes } from './audit-routes';
import { operatorRoutes } from './operator-routes';
import type { OperatorPrincipal } from './operators';
import type { AdminAction } from './permissions';
import { playerRoutes } from './player-routes';
import { reviewRoutes } from './review-routes';
import type { AdminRouteKit } from './route-kit';
import type { AdminService } from './service';
import { signInRoutes } from './sign-in-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's guard on /api/admin routes. */
    operator: OperatorPrincipal;
  }
}

export type AdminRoutesOptions = {
  /** The console's one service: every route, read or write, goes through it (service.ts). */
  admin: AdminService;
  secureCookies: boolean;
};

const requireCsrfHeader = (request: FastifyRequest) => {
  if (request.headers[ADMIN_CSRF_HEADER] !== ADMIN_CSRF_VALUE) {
    throw new AppError('FORBIDDEN', `Console requests that change something must send the ${ADMIN_CSRF_HEADER} header`);
  }
};

/**
 * The console's guard, for its routes here and for other modules' console routes (reports):
 * signed in, allowed the action, and (for writes) the CSRF header. `null` is for the routes every
 * signed-in operator may use, even before replacing a one-time password. Marked as an auth guard,
 * it runs in onRequest, before any input is validated (app.ts).
 */
export function consoleGuard(admin: Pick<AdminService, 'authenticate' | 'authorize'>) {
  return (action: AdminAction | null) => ({
    preHandler: markAuthGuard(async (request: FastifyRequest) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') requireCsrfHeader(request);
      request.operator = await admin.authenticate(request.cookies[ADMIN_SESSION_COOKIE]);
      if (action !== null) admin.authorize(request.operator, action);
    }, 'adminSession'),
  });
}

/** Nothing the console answers may be cached by a browser or proxy (each console plugin adds this). */
export function noStore(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin')) reply.header('cache-control', 'no-store');
  });
}

/**
 * The operator console's routes. Authentication is the cp_admin cookie only: a player's bearer
 * token means nothing here, and the cookie is scoped to /api/admin so it never reaches player
 * routes. Every request that changes something must carry `x-colorplay-admin: 1`: a form or
 * page on another site cannot send a custom header without a CORS preflight, which we refuse
 * (docs/admin.md, CSRF). SameSite=Strict is the first line; the header is the second.
 * The routes themselves are grouped by job, as the service is: sign-in, operators, reviews,
 * player lookup, audit.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin, secureCookies }) => {
  const guard = consoleGuard(admin);
  const cookieOptions = { httpOnly: true as const, sameSite: 'strict' as const, secure: secureCookies, path: '/api/admin' };
  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
  };

  noStore(app);
  const kit: AdminRouteKit = { app, admin, guard, requireCsrfHeader, cookieOptions, clearCookie };
  signInRoutes(kit);
  reviewRoutes(kit);
  playerRoutes(kit);
  auditRoutes(kit);
  operatorRoutes(kit);
};

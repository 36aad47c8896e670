import { ADMIN_SESSION_COOKIE } from '@colorplay/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit-routes';
import { consoleGuard, requireConsoleCsrfHeader } from './console-guard';
import { operatorRoutes } from './operator-routes';
import { playerRoutes } from './player-routes';
import { reviewRoutes } from './review-routes';
import type { AdminRouteKit } from './route-kit';
import type { AdminService } from './service';
import { signInRoutes } from './sign-in-routes';

export type AdminRoutesOptions = {
  /** The console's one service: every route, read or write, goes through it (service.ts). */
  admin: AdminService;
  secureCookies: boolean;
};

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
  const requireCsrfHeader = requireConsoleCsrfHeader;
  const guard = consoleGuard(admin);
  const cookieOptions = { httpOnly: true as const, sameSite: 'strict' as const, secure: secureCookies, path: '/api/admin' };
  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
  };

  const kit: AdminRouteKit = { app, admin, guard, requireCsrfHeader, cookieOptions, clearCookie };
  signInRoutes(kit);
  reviewRoutes(kit);
  playerRoutes(kit);
  auditRoutes(kit);
  operatorRoutes(kit);
};

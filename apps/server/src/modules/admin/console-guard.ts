import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_SESSION_COOKIE } from '@colorplay/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { markAuthGuard } from '../../plugins/auth-guard';
import type { OperatorPrincipal } from './operators';
import type { AdminAction } from './permissions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's guard on /api/admin routes. */
    operator: OperatorPrincipal;
  }
}

type Sessions = {
  authenticate(sessionId: string | undefined): Promise<OperatorPrincipal>;
  authorize(operator: OperatorPrincipal, action: AdminAction): void;
};

/**
 * The console's CSRF check: every request that changes something must carry
 * `x-colorplay-admin: 1`. A form or page on another site cannot send a custom header without a
 * CORS preflight, which we refuse (docs/admin.md, CSRF). SameSite=Strict is the first line.
 */
export function requireConsoleCsrfHeader(request: FastifyRequest): void {
  if (request.headers[ADMIN_CSRF_HEADER] !== ADMIN_CSRF_VALUE) {
    throw new AppError('FORBIDDEN', `Console requests that change something must send the ${ADMIN_CSRF_HEADER} header`);
  }
}

/**
 * The guard of console routes, for the admin module's own routes and for other modules' console
 * pages (reconciliation): signed in, allowed the action, and (for writes) the CSRF header. `null`
 * is for the routes every signed-in operator may use, even before replacing a one-time password.
 * Marked as an auth guard, it runs in onRequest, before any input is validated (app.ts).
 */
export function consoleGuard(sessions: Sessions) {
  return (action: AdminAction | null) => ({
    preHandler: markAuthGuard(async (request: FastifyRequest) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') requireConsoleCsrfHeader(request);
      request.operator = await sessions.authenticate(request.cookies[ADMIN_SESSION_COOKIE]);
      if (action !== null) sessions.authorize(request.operator, action);
    }, 'adminSession'),
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../modules/auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on authenticated routes. */
    auth: AccessClaims;
  }
}

/** preHandler that admits only requests with a valid bearer token of an open session. */
export function authGuard(authenticate: (bearer: string | undefined) => Promise<AccessClaims>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await authenticate(request.headers.authorization);
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessClaims } from '../modules/auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on authenticated routes. */
    auth: AccessClaims;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// Every guard made here or by `markAuthGuard`, with the OpenAPI security scheme it stands for.
const guards = new WeakMap<Guard, string>();

/** Marks a hook as an authentication guard (the OpenAPI scheme names who it admits). */
export function markAuthGuard<G extends Guard>(guard: G, scheme: string): G {
  guards.set(guard, scheme);
  return guard;
}

/** Guard that admits only requests with a valid bearer token of an open session. */
export function authGuard(authenticate: (bearer: string | undefined) => Promise<AccessClaims>) {
  return markAuthGuard(async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await authenticate(request.headers.authorization);
  }, 'bearer');
}

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Who is calling is checked before anything about the request (decision 196): a route declares its
 * guard as a preHandler, as it always has, and this moves every marked guard to onRequest, which
 * runs before Fastify parses and validates the body, query and params. Without a session the
 * answer is 401 whatever the input; nobody can probe the schemas of routes they may not call.
 * The guard only reads headers and cookies, which onRequest already has. Each guarded route is
 * also marked with its security scheme in the OpenAPI document (the route test reads it).
 * Must be registered before the routes.
 */
export function authenticateFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const pre = asList(route.preHandler) as Guard[];
    const found = pre.filter((h) => guards.has(h));
    if (found.length === 0) return;
    route.preHandler = pre.filter((h) => !guards.has(h)) as RouteOptions['preHandler'];
    route.onRequest = [...(asList(route.onRequest) as Guard[]), ...found] as RouteOptions['onRequest'];
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as { security?: Array<Record<string, string[]>> };
      schema.security ??= found.map((g) => ({ [guards.get(g)!]: [] }));
    }
  });
}

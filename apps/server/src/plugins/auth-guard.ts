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
    // no-store first, so the refusal of a bad session carries it too (decision 403).
    route.onRequest = [...(asList(route.onRequest) as Guard[]), noStore, ...found] as RouteOptions['onRequest'];
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as { security?: Array<Record<string, string[]>> };
      schema.security ??= found.map((g) => ({ [guards.get(g)!]: [] }));
    }
  });
}

/** Marks a guarded route's answer as never to be stored, before anything of the route runs. */
const noStore: Guard = async (_request, reply) => {
  reply.header('cache-control', 'no-store');
};

/**
 * Nothing a signed-in player or operator is answered may be kept by a browser or a proxy
 * (decision 403): a shared phone's back button or a proxy's cache would show the next person the
 * balance, the bets, the wallet. Guarded routes get `no-store` before their guard runs (above);
 * every other API answer gets it unless its route chose its own caching (the public catalog's
 * one minute), so login, refresh and password reset answers, which carry tokens, are covered.
 * Pages and static files keep the SPA plugin's caching. Registered on the root before the routes.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

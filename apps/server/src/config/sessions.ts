import { msSchema, MINUTE_MS, SECOND_MS } from './shared';

/** Sessions: how long a node may trust a session it already checked (decision 202). */

export const SESSIONS_DEFAULTS = { sessionCacheTtlMs: 5 * SECOND_MS } as const;

export const SESSIONS_ENV = {
  // A revoked session is refused everywhere within this bound even if the bus missed its event.
  SESSION_CACHE_TTL_MS: msSchema(0, MINUTE_MS, SESSIONS_DEFAULTS.sessionCacheTtlMs),
};

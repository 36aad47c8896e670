import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { commaList, type EnvOf, KIB, MIB, MINUTE_MS, portSchema, SECOND_MS } from './shared';

/** The HTTP server: where it listens, what it logs, what it accepts, whom it trusts. */

export const SERVER_DEFAULTS = {
  host: '127.0.0.1',
  port: 3002,
  bodyLimitBytes: 64 * KIB,
  requestTimeoutMs: 30 * SECOND_MS,
  /** The Vite dev server, the only other origin a development checkout calls from. */
  developmentCorsOrigin: 'http://localhost:5173',
} as const;

/** More proxy hops than this is a misconfiguration, not a network. */
export const MAX_TRUSTED_PROXY_HOPS = 10;

export const SERVER_ENV = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default(SERVER_DEFAULTS.host),
  PORT: portSchema.default(SERVER_DEFAULTS.port),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(KIB).max(10 * MIB).default(SERVER_DEFAULTS.bodyLimitBytes),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(SECOND_MS).max(5 * MINUTE_MS).default(SERVER_DEFAULTS.requestTimeoutMs),
  TRUST_PROXY: z.string().optional(),
};

/** Fastify's `trustProxy`: false, a hop count, or the addresses of the proxies to trust. */
export type TrustProxy = false | number | string[];

export type ServerConfig = {
  host: string;
  port: number;
  logLevel: string;
  webDistDir: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  trustProxy: TrustProxy;
};

export function serverConfigOf(e: EnvOf<typeof SERVER_ENV>, cwd: string, problems: string[]): ServerConfig {
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR ?? defaultWebDist()),
    corsOrigins: commaList(e.CORS_ORIGINS ?? (e.NODE_ENV === 'development' ? SERVER_DEFAULTS.developmentCorsOrigin : '')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY, problems),
  };
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts nobody (the connection's address counts); a whole
 * number trusts that many proxy hops; otherwise a comma list of proxy addresses or CIDR ranges.
 * `true` is refused on purpose: trusting every peer lets any client pick its address.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim();
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_PROXY_HOPS) problems.push(`TRUST_PROXY=${JSON.stringify(raw)}: a hop count must be at most ${MAX_TRUSTED_PROXY_HOPS}`);
    return hops;
  }
  const entries = commaList(value);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY=${JSON.stringify(raw)}: must be a hop count or a comma list of proxy addresses or CIDR ranges (bad: ${bad.join(', ') || 'empty'})`,
    );
  }
  return entries;
}

const IPV4_BITS = 32;
const IPV6_BITS = 128;

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? IPV4_BITS : IPV6_BITS);
}

/** The web app's build beside the server's sources (apps/web/dist). */
function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}

import { z } from 'zod';
import { type EnvOf, httpUrlSchema, MINUTE_MS, msSchema, SECOND_MS } from './shared';

/**
 * Trx Win's block source (docs/games.md "Trx Win", decision 340): a TRON full node's HTTP API in
 * production, the local sandbox chain (served by this server on a full node's paths) elsewhere.
 */

/** Which of a node's HTTP APIs is read: the solidified (final) chain, or the latest blocks. */
export const TRON_APIS = ['walletsolidity', 'wallet'] as const;
export type TronApi = (typeof TRON_APIS)[number];

export const TRON_DEFAULTS = {
  /** TronGrid, TRON's public full-node service (its `/walletsolidity/` API serves final blocks). */
  fullnodeUrl: 'https://api.trongrid.io',
  api: 'walletsolidity' as TronApi,
  timeoutMs: 5 * SECOND_MS,
  /** How often the sandbox producer job runs; blocks themselves come every 3 s (TRON_BLOCK_MS). */
  sandboxProduceMs: SECOND_MS,
} as const;

export const TRON_ENV = {
  // Where Trx Win reads its blocks: a full node (default in production) or the local sandbox chain.
  TRON_SOURCE: z.enum(['sandbox', 'fullnode']).optional(),
  TRON_FULLNODE_URL: httpUrlSchema.default(TRON_DEFAULTS.fullnodeUrl),
  // walletsolidity: only final blocks (~1 min behind); wallet: the latest, which may still be replaced.
  TRON_FULLNODE_API: z.enum(TRON_APIS).default(TRON_DEFAULTS.api),
  // TronGrid's key (header TRON-PRO-API-KEY); a node of one's own needs none.
  TRON_API_KEY: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'must be 8-100 letters, digits or dashes').optional(),
  TRON_TIMEOUT_MS: msSchema(100, MINUTE_MS, TRON_DEFAULTS.timeoutMs),
  // The sandbox chain's producer job (under the leader lock); 0 turns it off (tests run it by hand).
  TRON_SANDBOX_PRODUCE_MS: msSchema(0, 3 * SECOND_MS, TRON_DEFAULTS.sandboxProduceMs),
};

export type TronConfig =
  | { kind: 'sandbox'; api: TronApi; timeoutMs: number; produceEveryMs: number }
  | { kind: 'fullnode'; url: string; api: TronApi; apiKey: string | undefined; timeoutMs: number };

/**
 * The sandbox by default outside production, a full node in it. The sandbox chain runs in
 * production only for a declared demo (ALLOW_SANDBOX_IN_PRODUCTION=demo): its blocks come from a
 * seed this server keeps, so they prove nothing against the operator.
 */
export function tronConfigOf(e: EnvOf<typeof TRON_ENV>, allowSandbox: boolean, problems: string[]): TronConfig {
  const production = e.NODE_ENV === 'production';
  const kind = e.TRON_SOURCE ?? (production ? 'fullnode' : 'sandbox');
  if (production && kind === 'sandbox' && !allowSandbox) {
    problems.push('TRON_SOURCE=sandbox: the sandbox TRON chain is refused in production; use a full node, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money');
  }
  return kind === 'sandbox'
    ? { kind, api: e.TRON_FULLNODE_API, timeoutMs: e.TRON_TIMEOUT_MS, produceEveryMs: e.TRON_SANDBOX_PRODUCE_MS }
    : { kind, url: e.TRON_FULLNODE_URL.replace(/\/+$/, ''), api: e.TRON_FULLNODE_API, apiKey: e.TRON_API_KEY, timeoutMs: e.TRON_TIMEOUT_MS };
}

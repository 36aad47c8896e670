import { z } from 'zod';
import { type EnvOf, httpUrlSchema, MINUTE_MS, msSchema, SECOND_MS, secretSchema } from './shared';

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
  // The providers Trx Win reads (decision 386): comma-separated, every one must answer the same.
  // At least two on distinct hosts in production; TRON_FULLNODE_URL (one URL) is still read as one entry.
  TRON_FULLNODE_URLS: z.string().max(2_000).optional(),
  TRON_FULLNODE_URL: httpUrlSchema.optional(),
  // walletsolidity: only final blocks (~1 min behind); wallet: the latest, which may still be replaced.
  TRON_FULLNODE_API: z.enum(TRON_APIS).default(TRON_DEFAULTS.api),
  // TronGrid's key (header TRON-PRO-API-KEY); a node of one's own needs none.
  TRON_API_KEY: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'must be 8-100 letters, digits or dashes').optional(),
  TRON_TIMEOUT_MS: msSchema(100, MINUTE_MS, TRON_DEFAULTS.timeoutMs),
  // The sandbox chain's producer job (under the leader lock); 0 turns it off (tests run it by hand).
  TRON_SANDBOX_PRODUCE_MS: msSchema(0, 3 * SECOND_MS, TRON_DEFAULTS.sandboxProduceMs),
  // The sandbox witness's signing key is made from this (decision 388); generated into DATA_DIR when absent.
  TRON_SANDBOX_WITNESS_KEY: secretSchema.optional(),
};

export type TronConfig =
  | { kind: 'sandbox'; api: TronApi; timeoutMs: number; produceEveryMs: number; witnessSecret: string }
  | { kind: 'fullnode'; urls: string[]; api: TronApi; apiKey: string | undefined; timeoutMs: number };

/** Production reads at least this many providers on distinct hosts (decision 386). */
export const MIN_PRODUCTION_TRON_PROVIDERS = 2;

/** The providers' URLs (TRON_FULLNODE_URLS, else TRON_FULLNODE_URL, else TronGrid), each checked; one problem line per bad one. */
function providerUrlsOf(e: EnvOf<typeof TRON_ENV>, realMoney: boolean, problems: string[]): string[] {
  const listed = e.TRON_FULLNODE_URLS?.split(',').map((u) => u.trim()).filter((u) => u !== '');
  const urls = listed ?? (e.TRON_FULLNODE_URL ? [e.TRON_FULLNODE_URL] : [TRON_DEFAULTS.fullnodeUrl]);
  const name = listed ? 'TRON_FULLNODE_URLS' : 'TRON_FULLNODE_URL';
  if (listed && e.TRON_FULLNODE_URL) problems.push('TRON_FULLNODE_URL: set TRON_FULLNODE_URLS or TRON_FULLNODE_URL, not both');
  const out: string[] = [];
  for (const url of urls) {
    if (!httpUrlSchema.safeParse(url).success) problems.push(`${name}: ${JSON.stringify(url)} is not an http:// or https:// URL`);
    else out.push(url.replace(/\/+$/, ''));
  }
  const hosts = new Set(out.map((u) => new URL(u).host.toLowerCase()));
  if (hosts.size < out.length) problems.push(`${name}: the same host is listed twice (each provider must be another one)`);
  if (realMoney && hosts.size < MIN_PRODUCTION_TRON_PROVIDERS) {
    problems.push(`${name}: production needs at least ${MIN_PRODUCTION_TRON_PROVIDERS} TRON providers on distinct hosts (comma-separated in TRON_FULLNODE_URLS), so that no one node decides Trx Win's blocks`);
  }
  return out;
}

/**
 * The sandbox by default outside production, a full node in it. The sandbox chain runs in
 * production only for a declared demo (ALLOW_SANDBOX_IN_PRODUCTION=demo): its blocks come from a
 * seed this server keeps, so they prove nothing against the operator.
 */
export function tronConfigOf(e: EnvOf<typeof TRON_ENV>, allowSandbox: boolean, problems: string[], generatedWitnessSecret: () => string): TronConfig {
  const production = e.NODE_ENV === 'production';
  const kind = e.TRON_SOURCE ?? (production ? 'fullnode' : 'sandbox');
  if (production && kind === 'sandbox' && !allowSandbox) {
    problems.push('TRON_SOURCE=sandbox: the sandbox TRON chain is refused in production; use a full node, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money');
  }
  if (kind === 'sandbox') {
    return { kind, api: e.TRON_FULLNODE_API, timeoutMs: e.TRON_TIMEOUT_MS, produceEveryMs: e.TRON_SANDBOX_PRODUCE_MS, witnessSecret: e.TRON_SANDBOX_WITNESS_KEY ?? generatedWitnessSecret() };
  }
  // A declared demo (no real money) may read one provider; real money needs two that agree.
  return { kind, urls: providerUrlsOf(e, production && !allowSandbox, problems), api: e.TRON_FULLNODE_API, apiKey: e.TRON_API_KEY, timeoutMs: e.TRON_TIMEOUT_MS };
}

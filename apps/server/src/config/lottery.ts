import { z } from 'zod';
import { commaList, type EnvOf, MINUTE_MS, msSchema, SECOND_MS } from './shared';

/** The lottery: how often its round engine runs, and where its draws get their randomness. */

/** drand's quicknet through its own relays and Cloudflare's (decision 180). */
export const DRAND_DEFAULT_URLS = ['https://api.drand.sh', 'https://drand.cloudflare.com', 'https://api2.drand.sh'] as const;

export const LOTTERY_DEFAULTS = {
  tickMs: 250,
  drandTimeoutMs: 5 * SECOND_MS,
} as const;

export const LOTTERY_ENV = {
  // A round locks 5 s before its draw; the engine must run well within that.
  LOTTERY_TICK_MS: msSchema(0, SECOND_MS, LOTTERY_DEFAULTS.tickMs),
  // The draws' randomness beacon (decision 180): drand quicknet over HTTP, or the local sandbox.
  LOTTERY_BEACON: z.enum(['sandbox', 'drand']).optional(),
  DRAND_URLS: z.string().default(DRAND_DEFAULT_URLS.join(',')),
  DRAND_TIMEOUT_MS: msSchema(100, MINUTE_MS, LOTTERY_DEFAULTS.drandTimeoutMs),
};

export type LotteryBeaconConfig = { kind: 'sandbox' } | { kind: 'drand'; urls: string[]; timeoutMs: number };

/**
 * The beacon: the sandbox by default outside production, drand in it. The sandbox beacon runs in
 * production only for a declared demo (`allowSandbox`, ALLOW_SANDBOX_IN_PRODUCTION=demo).
 */
export function lotteryBeaconOf(e: EnvOf<typeof LOTTERY_ENV>, allowSandbox: boolean, problems: string[]): LotteryBeaconConfig {
  const production = e.NODE_ENV === 'production';
  const kind = e.LOTTERY_BEACON ?? (production ? 'drand' : 'sandbox');
  if (production && kind === 'sandbox' && !allowSandbox) {
    // The sandbox beacon's key is derived from the operator's own secret: its draws prove nothing.
    problems.push('LOTTERY_BEACON=sandbox: the sandbox beacon is refused in production; use drand, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money');
  }
  const urls = commaList(e.DRAND_URLS);
  if (kind === 'drand' && (urls.length === 0 || urls.some((u) => !/^https?:\/\/[^\s]+$/.test(u)))) problems.push('DRAND_URLS: must be a comma-separated list of http(s) addresses');
  return kind === 'sandbox' ? { kind: 'sandbox' } : { kind: 'drand', urls, timeoutMs: e.DRAND_TIMEOUT_MS };
}

import { z } from 'zod';
import { type EnvOf, HOUR_MS, httpUrlSchema, MINUTE_MS, msSchema, providerSecretSchema, SECOND_MS } from './shared';

/** The payout channel that sends approved withdrawals: the in-process sandbox or a real provider. */

/** A real payout provider reached over HTTP (docs/payments.md, "Payouts, HTTP provider"). */
export type PayoutHttpSettings = {
  kind: 'http';
  baseUrl: string;
  merchantId: string;
  keyId: string;
  keySecret: string;
  /** The secret the provider signs its payout callbacks with. */
  callbackSecret: string;
  timeoutMs: number;
};
export type PayoutConfig = { kind: 'sandbox' } | PayoutHttpSettings;

export const PAYOUTS_DEFAULTS = {
  httpTimeoutMs: 10 * SECOND_MS,
  sendSweepMs: 5 * SECOND_MS,
} as const;

export const PAYOUTS_ENV = {
  PAYOUT_CHANNEL: z.enum(['sandbox', 'http']).optional(),
  PAYOUT_HTTP_BASE_URL: httpUrlSchema.optional(),
  PAYOUT_HTTP_MERCHANT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
  PAYOUT_HTTP_KEY_ID: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1 to 128 letters, digits, - or _').optional(),
  PAYOUT_HTTP_KEY_SECRET: providerSecretSchema.optional(),
  PAYOUT_HTTP_CALLBACK_SECRET: providerSecretSchema.optional(),
  PAYOUT_HTTP_TIMEOUT_MS: msSchema(500, MINUTE_MS, PAYOUTS_DEFAULTS.httpTimeoutMs),
  /** How often the leader sends approved withdrawals to the payout gateway; 0 turns it off (tests). */
  PAYOUT_SEND_SWEEP_MS: msSchema(0, HOUR_MS, PAYOUTS_DEFAULTS.sendSweepMs),
};

const PAYOUT_HTTP_REQUIRED = [
  'PAYOUT_HTTP_BASE_URL',
  'PAYOUT_HTTP_MERCHANT_ID',
  'PAYOUT_HTTP_KEY_ID',
  'PAYOUT_HTTP_KEY_SECRET',
  'PAYOUT_HTTP_CALLBACK_SECRET',
] as const;

/** The payout channel: sandbox by default outside production, the HTTP provider by default in it. */
export function payoutConfigOf(e: EnvOf<typeof PAYOUTS_ENV>): { ok: true; config: PayoutConfig } | { ok: false; problems: string[] } {
  const channel = e.PAYOUT_CHANNEL ?? (e.NODE_ENV === 'production' ? 'http' : 'sandbox');
  if (channel === 'sandbox') return { ok: true, config: { kind: 'sandbox' } };
  const problems = PAYOUT_HTTP_REQUIRED.filter((name) => !e[name]).map(
    (name) => `${name}: required when PAYOUT_CHANNEL is http${e.PAYOUT_CHANNEL ? '' : ' (the default in production)'}`,
  );
  if (e.NODE_ENV === 'production' && e.PAYOUT_HTTP_BASE_URL?.startsWith('http://')) {
    problems.push('PAYOUT_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      kind: 'http',
      baseUrl: e.PAYOUT_HTTP_BASE_URL!.replace(/\/+$/, ''),
      merchantId: e.PAYOUT_HTTP_MERCHANT_ID!,
      keyId: e.PAYOUT_HTTP_KEY_ID!,
      keySecret: e.PAYOUT_HTTP_KEY_SECRET!,
      callbackSecret: e.PAYOUT_HTTP_CALLBACK_SECRET!,
      timeoutMs: e.PAYOUT_HTTP_TIMEOUT_MS,
    },
  };
}

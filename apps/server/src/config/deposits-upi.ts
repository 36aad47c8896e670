import { z } from 'zod';
import { type EnvOf, HOUR_MS, httpUrlSchema, MINUTE_MS, msSchema, providerSecretSchema, SECOND_MS } from './shared';

/** UPI deposits: the in-process sandbox or a real provider over HTTP, and the order sweeps. */

/** A real UPI provider reached over HTTP (see docs/payments.md, "HTTP gateway"). */
export type UpiHttpSettings = {
  kind: 'http';
  /** The provider's API root, e.g. https://api.provider.example (https required in production). */
  baseUrl: string;
  merchantId: string;
  /** API key id and secret (HTTP Basic authentication). */
  keyId: string;
  keySecret: string;
  /** The secret the provider signs its webhooks with. */
  webhookSecret: string;
  /** The merchant's UPI id and display name, shown in the QR code and upi:// link. */
  payeeVpa: string;
  payeeName: string;
  /** How long one call to the provider may take before it counts as unanswered. */
  timeoutMs: number;
};
export type UpiConfig = { kind: 'sandbox' } | UpiHttpSettings;

export const DEPOSITS_UPI_DEFAULTS = {
  payeeName: 'Colorplay',
  httpTimeoutMs: 10 * SECOND_MS,
  expirySweepMs: 30 * SECOND_MS,
  reconcileSweepMs: MINUTE_MS,
} as const;

const UPI_HTTP_REQUIRED = [
  'UPI_HTTP_BASE_URL',
  'UPI_HTTP_MERCHANT_ID',
  'UPI_HTTP_KEY_ID',
  'UPI_HTTP_KEY_SECRET',
  'UPI_HTTP_WEBHOOK_SECRET',
  'UPI_PAYEE_VPA',
] as const;

export const DEPOSITS_UPI_ENV = {
  UPI_CHANNEL: z.enum(['sandbox', 'http']).optional(),
  UPI_HTTP_BASE_URL: httpUrlSchema.optional(),
  UPI_HTTP_MERCHANT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
  UPI_HTTP_KEY_ID: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1 to 128 letters, digits, - or _').optional(),
  UPI_HTTP_KEY_SECRET: providerSecretSchema.optional(),
  UPI_HTTP_WEBHOOK_SECRET: providerSecretSchema.optional(),
  UPI_PAYEE_VPA: z.string().regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/, 'must be a UPI id like name@bank').optional(),
  UPI_PAYEE_NAME: z.string().min(1).max(50).default(DEPOSITS_UPI_DEFAULTS.payeeName),
  UPI_HTTP_TIMEOUT_MS: msSchema(500, MINUTE_MS, DEPOSITS_UPI_DEFAULTS.httpTimeoutMs),
  /** How often open deposit orders are checked for expiry; 0 turns the sweep off (tests). */
  DEPOSIT_EXPIRY_SWEEP_MS: msSchema(0, HOUR_MS, DEPOSITS_UPI_DEFAULTS.expirySweepMs),
  /** How often reconciliation asks the gateway about unsettled orders; 0 turns it off (tests). */
  DEPOSIT_RECONCILE_SWEEP_MS: msSchema(0, HOUR_MS, DEPOSITS_UPI_DEFAULTS.reconcileSweepMs),
};

type UpiEnv = EnvOf<typeof DEPOSITS_UPI_ENV>;

/** The UPI channel: sandbox by default outside production, the HTTP gateway by default in it. */
export function upiConfigOf(e: UpiEnv): { ok: true; config: UpiConfig } | { ok: false; problems: string[] } {
  const channel = e.UPI_CHANNEL ?? (e.NODE_ENV === 'production' ? 'http' : 'sandbox');
  if (channel === 'sandbox') return { ok: true, config: { kind: 'sandbox' } };
  const problems = UPI_HTTP_REQUIRED.filter((name) => !e[name]).map(
    (name) => `${name}: required when UPI_CHANNEL is http${e.UPI_CHANNEL ? '' : ' (the default in production)'}`,
  );
  if (e.NODE_ENV === 'production' && e.UPI_HTTP_BASE_URL?.startsWith('http://')) {
    problems.push('UPI_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      kind: 'http',
      baseUrl: e.UPI_HTTP_BASE_URL!.replace(/\/+$/, ''),
      merchantId: e.UPI_HTTP_MERCHANT_ID!,
      keyId: e.UPI_HTTP_KEY_ID!,
      keySecret: e.UPI_HTTP_KEY_SECRET!,
      webhookSecret: e.UPI_HTTP_WEBHOOK_SECRET!,
      payeeVpa: e.UPI_PAYEE_VPA!,
      payeeName: e.UPI_PAYEE_NAME,
      timeoutMs: e.UPI_HTTP_TIMEOUT_MS,
    },
  };
}

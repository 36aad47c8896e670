import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SignatureVerdict } from '../webhook-signature';

/**
 * The wire format of the HTTP UPI provider, as documented in docs/payments.md ("HTTP gateway").
 * It follows the shape common to Indian payment gateways (Razorpay, Cashfree): amounts in paise,
 * HTTP Basic API keys, the merchant's order id as the idempotency key, and webhooks signed with
 * HMAC-SHA256 over the timestamp and the raw body. Pure: shared by the adapter and its stub.
 */

export const PROVIDER_SIGNATURE_HEADER = 'x-pg-signature';
export const PROVIDER_TIMESTAMP_HEADER = 'x-pg-timestamp';
export const PROVIDER_TOLERANCE_SECONDS = 300;

// Identifiers are plain ASCII, so nothing the database cannot store (NUL, lone surrogates) passes.
const ProviderId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const ProviderOrderSchema = z.object({
  id: ProviderId,
  merchant_order_id: ProviderId,
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  status: z.enum(['created', 'paid', 'failed']),
  utr: z.string().regex(/^\d{12}$/).nullable(),
  payment_url: z.string().regex(/^https?:\/\/\S+$/).max(2000).nullable(),
  paid_at: z.iso.datetime().nullable(),
});
export type ProviderOrder = z.infer<typeof ProviderOrderSchema>;

export const ProviderOrderPageSchema = z.object({
  items: z.array(ProviderOrderSchema),
  next_cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/).nullable(),
});

export const ProviderCreateOrderSchema = z.strictObject({
  merchant_order_id: ProviderId,
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  payee_vpa: z.string().min(3).max(300),
  expires_at: z.iso.datetime(),
});
export type ProviderCreateOrder = z.infer<typeof ProviderCreateOrderSchema>;

/** Event types we act on; others (e.g. refunds) are acknowledged and left alone. */
export const ProviderWebhookSchema = z.object({
  event_id: ProviderId,
  type: z.string().regex(/^[a-z_.]{1,60}$/),
  created_at: z.iso.datetime(),
  data: z.object({ order: ProviderOrderSchema }),
});
export type ProviderWebhook = z.infer<typeof ProviderWebhookSchema>;

/** base64(HMAC-SHA256(secret, timestamp + rawBody)): Cashfree's webhook scheme. */
export function signProviderWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${rawBody}`).digest('base64');
}

export function verifyProviderWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): SignatureVerdict {
  const signature = headers[PROVIDER_SIGNATURE_HEADER];
  const timestamp = headers[PROVIDER_TIMESTAMP_HEADER];
  if (signature === undefined || timestamp === undefined) return 'missing';
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return 'malformed';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9+/]{43}=$/.test(signature)) return 'malformed';
  const t = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - t) > PROVIDER_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signProviderWebhook(secret, t, rawBody), 'base64');
  return timingSafeEqual(expected, Buffer.from(signature, 'base64')) ? 'ok' : 'mismatch';
}

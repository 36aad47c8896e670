import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SignatureVerdict } from '../../payments';

/**
 * The wire format of the HTTP payout provider, as documented in docs/payments.md ("Payouts,
 * HTTP provider"). It follows the shape common to Indian payout APIs (RazorpayX, Cashfree
 * Payouts): amounts in paise, HTTP Basic API keys, our withdrawal id as both the reference id and
 * the idempotency key, and webhooks signed with HMAC-SHA256 over the timestamp and the raw body.
 * Pure: shared by the adapter and its stub.
 */

export const PAYOUT_SIGNATURE_HEADER = 'x-po-signature';
export const PAYOUT_TIMESTAMP_HEADER = 'x-po-timestamp';
export const PAYOUT_TOLERANCE_SECONDS = 300;

const ProviderId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const ProviderPayoutSchema = z.object({
  id: ProviderId,
  reference_id: ProviderId,
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  status: z.enum(['processing', 'processed', 'failed', 'reversed']),
  utr: z.string().regex(/^[A-Za-z0-9]{1,100}$/).nullable(),
  failure_reason: z.string().regex(/^[\x20-\x7e]{0,200}$/).nullable(),
});
export type ProviderPayout = z.infer<typeof ProviderPayoutSchema>;

export const ProviderPayoutListSchema = z.object({ items: z.array(ProviderPayoutSchema) });

export const ProviderCreatePayoutSchema = z.strictObject({
  reference_id: ProviderId,
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  mode: z.enum(['UPI', 'IMPS', 'USDT']),
  beneficiary: z.union([
    z.strictObject({ vpa: z.string().min(3).max(300) }),
    z.strictObject({ name: z.string().min(1).max(100), account_number: z.string().regex(/^\d{9,18}$/), ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/) }),
    z.strictObject({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }),
  ]),
});
export type ProviderCreatePayout = z.infer<typeof ProviderCreatePayoutSchema>;

/** Event types we act on; others are acknowledged and left alone. */
export const ProviderPayoutWebhookSchema = z.object({
  event_id: ProviderId,
  type: z.string().regex(/^[a-z_.]{1,60}$/),
  created_at: z.iso.datetime(),
  data: z.object({ payout: ProviderPayoutSchema }),
});
export type ProviderPayoutWebhook = z.infer<typeof ProviderPayoutWebhookSchema>;

/** base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function signPayoutWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${rawBody}`).digest('base64');
}

export function verifyPayoutWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): SignatureVerdict {
  const signature = headers[PAYOUT_SIGNATURE_HEADER];
  const timestamp = headers[PAYOUT_TIMESTAMP_HEADER];
  if (signature === undefined || timestamp === undefined) return 'missing';
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return 'malformed';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9+/]{43}=$/.test(signature)) return 'malformed';
  const t = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - t) > PAYOUT_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signPayoutWebhook(secret, t, rawBody), 'base64');
  return timingSafeEqual(expected, Buffer.from(signature, 'base64')) ? 'ok' : 'mismatch';
}

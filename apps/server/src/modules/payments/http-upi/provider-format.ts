import { z } from 'zod';
import { ProviderIdSchema as ProviderId, providerEventSchema, timestampedSignature } from '../../../lib/providers/wire';

/**
 * The wire format of the HTTP UPI provider, as documented in docs/payments.md ("HTTP gateway").
 * It follows the shape common to Indian payment gateways (Razorpay, Cashfree): amounts in paise,
 * HTTP Basic API keys, the merchant's order id as the idempotency key, and webhooks signed with
 * HMAC-SHA256 over the timestamp and the raw body. Pure: shared by the adapter and its stub.
 */

export const PROVIDER_SIGNATURE_HEADER = 'x-pg-signature';
export const PROVIDER_TIMESTAMP_HEADER = 'x-pg-timestamp';
export const PROVIDER_TOLERANCE_SECONDS = 300;

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
export const ProviderWebhookSchema = providerEventSchema({ order: ProviderOrderSchema });
export type ProviderWebhook = z.infer<typeof ProviderWebhookSchema>;

/** base64(HMAC-SHA256(secret, timestamp + rawBody)) in two headers: Cashfree's webhook scheme. */
export const PROVIDER_SIGNATURE = timestampedSignature({
  signatureHeader: PROVIDER_SIGNATURE_HEADER,
  timestampHeader: PROVIDER_TIMESTAMP_HEADER,
  toleranceSeconds: PROVIDER_TOLERANCE_SECONDS,
});
export const signProviderWebhook = PROVIDER_SIGNATURE.sign;
export const verifyProviderWebhook = PROVIDER_SIGNATURE.verify;

import { z } from 'zod';
import { ProviderIdSchema as ProviderId, providerEventSchema, timestampedSignature } from '../../../lib/providers/wire';

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
export const ProviderPayoutWebhookSchema = providerEventSchema({ payout: ProviderPayoutSchema });
export type ProviderPayoutWebhook = z.infer<typeof ProviderPayoutWebhookSchema>;

/** base64(HMAC-SHA256(secret, timestamp + rawBody)) in two headers. */
export const PAYOUT_SIGNATURE = timestampedSignature({
  signatureHeader: PAYOUT_SIGNATURE_HEADER,
  timestampHeader: PAYOUT_TIMESTAMP_HEADER,
  toleranceSeconds: PAYOUT_TOLERANCE_SECONDS,
});
export const signPayoutWebhook = PAYOUT_SIGNATURE.sign;
export const verifyPayoutWebhook = PAYOUT_SIGNATURE.verify;

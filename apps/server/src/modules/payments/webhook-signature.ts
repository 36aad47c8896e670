import { createHmac, timingSafeEqual } from 'node:crypto';

/** Webhooks older or newer than this are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'x-colorplay-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (the Stripe-style scheme). */
export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureVerdict = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

/** Checks the signature over the exact raw bytes received, in constant time. */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  now: Date,
): SignatureVerdict {
  if (!header) return 'missing';
  const parts = Object.fromEntries(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return 'malformed';
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex')) ? 'ok' : 'mismatch';
}

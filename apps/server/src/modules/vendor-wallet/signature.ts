import { createHmac, timingSafeEqual } from 'node:crypto';
import { VENDOR_SIGNATURE_WINDOW_SECONDS } from '@colorplay/contract';

/**
 * Vendor wallet calls are signed like our payment webhooks (modules/payments/webhook-signature.ts):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, with the vendor's own secret, over the
 * exact bytes sent, refused outside a 300 s window so a captured call cannot be replayed later.
 */
export function signVendorCall(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

export type VendorSignatureVerdict = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

export function verifyVendorCall(secret: string, header: string | undefined, rawBody: string, now: Date): VendorSignatureVerdict {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()] as const;
    }),
  );
  const tText = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(tText) || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  const t = Number(tText);
  if (Math.abs(now.getTime() / 1000 - t) > VENDOR_SIGNATURE_WINDOW_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? 'ok' : 'mismatch';
}

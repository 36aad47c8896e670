import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What every payment-provider integration shares on the wire, whichever way the money goes (UPI
 * collections, payouts): the two signature schemes, the provider id and event envelope, and zod
 * issues in the shape our webhook parsers report. Pure.
 */

export type SignatureVerdict = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';
type Headers = Record<string, string | string[] | undefined>;

// --- Our own scheme: what our sandboxes send, Stripe-style ------------------------------------

/** Webhooks older or newer than this are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'x-colorplay-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (the Stripe-style scheme). */
export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Checks the signature over the exact raw bytes received, in constant time. */
export function verifyWebhookSignature(secret: string, header: string | undefined, rawBody: string, now: Date): SignatureVerdict {
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

// --- The Indian providers' scheme (Cashfree-style): timestamp and signature in two headers ------

/** Where a provider puts its timestamp and signature, and how old a webhook may be. */
export type TimestampedScheme = { signatureHeader: string; timestampHeader: string; toleranceSeconds: number };

/** base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function signTimestamped(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${rawBody}`).digest('base64');
}

export function verifyTimestamped(scheme: TimestampedScheme, secret: string, headers: Headers, rawBody: string, now: Date): SignatureVerdict {
  const signature = headers[scheme.signatureHeader];
  const timestamp = headers[scheme.timestampHeader];
  if (signature === undefined || timestamp === undefined) return 'missing';
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return 'malformed';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9+/]{43}=$/.test(signature)) return 'malformed';
  const t = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - t) > scheme.toleranceSeconds) return 'stale';
  const expected = Buffer.from(signTimestamped(secret, t, rawBody), 'base64');
  return timingSafeEqual(expected, Buffer.from(signature, 'base64')) ? 'ok' : 'mismatch';
}

/** A webhook as such a provider sends it: the exact raw body and its signed headers. */
export function signedDelivery(scheme: TimestampedScheme, secret: string, event: unknown, now: Date) {
  const raw = JSON.stringify(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      [scheme.timestampHeader]: String(timestamp),
      [scheme.signatureHeader]: signTimestamped(secret, timestamp, raw),
    } as Record<string, string>,
  };
}

/** One provider's scheme, bound: what its adapter verifies and its stub signs and sends. */
export function timestampedSignature(scheme: TimestampedScheme) {
  return {
    scheme,
    sign: signTimestamped,
    verify: (secret: string, headers: Headers, rawBody: string, now: Date) => verifyTimestamped(scheme, secret, headers, rawBody, now),
    deliver: (secret: string, event: unknown, now: Date) => signedDelivery(scheme, secret, event, now),
    /** For the API document: how the provider signs (`secretName`: which of our settings it uses). */
    describe: (secretName: string) =>
      `Headers ${scheme.timestampHeader}: <unix seconds> and ${scheme.signatureHeader}: base64(HMAC-SHA256(${secretName}, timestamp + raw body)); ${scheme.toleranceSeconds / 60}-minute window; redeliveries are recognised by event_id.`,
  };
}

// --- Shapes ---------------------------------------------------------------------------------------

/** Identifiers are plain ASCII, so nothing the database cannot store (NUL, lone surrogates) passes. */
export const ProviderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** A provider's webhook envelope around its object (`{ order }`, `{ payout }`). */
export function providerEventSchema<T extends z.ZodRawShape>(data: T) {
  return z.object({
    event_id: ProviderIdSchema,
    type: z.string().regex(/^[a-z_.]{1,60}$/),
    created_at: z.iso.datetime(),
    data: z.object(data),
  });
}

/** zod's issues as our webhook parsers report them. */
export const issuesOf = (error: z.ZodError) => error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

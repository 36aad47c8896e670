import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf, providerEventSchema, signedDelivery, signTimestamped, timestampedSignature, verifyTimestamped } from './wire';

/** The providers' timestamp-header signature scheme (ours, t=..,v1=.., is in payments/webhook-signature.test.ts). */

const scheme = { signatureHeader: 'x-sig', timestampHeader: 'x-ts', toleranceSeconds: 300 };
const secret = 'provider-secret-0123456789';
const now = new Date('2026-08-01T09:00:00Z');

describe('timestamped provider signature', () => {
  it('is base64(HMAC-SHA256(secret, timestamp + raw body)) and verifies over the exact raw body', () => {
    const { raw, headers } = signedDelivery(scheme, secret, { a: 1 }, now);
    expect(raw).toBe('{"a":1}');
    const t = Math.floor(now.getTime() / 1000);
    expect(headers).toEqual({ 'content-type': 'application/json', 'x-ts': String(t), 'x-sig': signTimestamped(secret, t, raw) });
    // A known answer (HMAC-SHA256 of "1x" under "k"): the scheme itself, not only sign and verify agreeing.
    expect(signTimestamped('k', 1, 'x')).toBe('aJAowbKsDLgBL/kriXSTm9wxPfXHCrnsPoi6KAHnxOM=');
    expect(verifyTimestamped(scheme, secret, headers, raw, now)).toBe('ok');
    expect(verifyTimestamped(scheme, secret, headers, '{"a":2}', now)).toBe('mismatch');
    expect(verifyTimestamped(scheme, 'another-secret-000000000', headers, raw, now)).toBe('mismatch');
  });

  it('refuses a webhook outside the window either way, and says what is missing or malformed', () => {
    const { raw, headers } = signedDelivery(scheme, secret, { a: 1 }, now);
    expect(verifyTimestamped(scheme, secret, headers, raw, new Date(now.getTime() + 300_000))).toBe('ok');
    expect(verifyTimestamped(scheme, secret, headers, raw, new Date(now.getTime() + 301_000))).toBe('stale');
    expect(verifyTimestamped(scheme, secret, headers, raw, new Date(now.getTime() - 301_000))).toBe('stale');
    expect(verifyTimestamped(scheme, secret, { 'x-ts': headers['x-ts'] }, raw, now)).toBe('missing');
    expect(verifyTimestamped(scheme, secret, { ...headers, 'x-sig': [headers['x-sig']!, headers['x-sig']!] }, raw, now)).toBe('malformed');
    expect(verifyTimestamped(scheme, secret, { ...headers, 'x-ts': '1e9' }, raw, now)).toBe('malformed');
    expect(verifyTimestamped(scheme, secret, { ...headers, 'x-sig': 'abc' }, raw, now)).toBe('malformed');
  });
});

describe('a provider scheme, bound', () => {
  it('signs, delivers, verifies and describes itself for the API document', () => {
    const bound = timestampedSignature(scheme);
    const { raw, headers } = bound.deliver(secret, { b: 2 }, now);
    expect(bound.verify(secret, headers, raw, now)).toBe('ok');
    expect(bound.sign(secret, Number(headers['x-ts']), raw)).toBe(headers['x-sig']);
    expect(bound.describe('callback secret')).toBe(
      'Headers x-ts: <unix seconds> and x-sig: base64(HMAC-SHA256(callback secret, timestamp + raw body)); 5-minute window; redeliveries are recognised by event_id.',
    );
  });
});

describe('provider shapes', () => {
  it('wraps a provider object in its event envelope and reports zod issues by path', () => {
    const Event = providerEventSchema({ thing: z.object({ id: z.string() }) });
    expect(Event.safeParse({ event_id: 'e_1', type: 'thing.done', created_at: now.toISOString(), data: { thing: { id: 'x' } } }).success).toBe(true);
    const bad = Event.safeParse({ event_id: 'e\u00001', type: 'Thing', created_at: 'yesterday', data: { thing: {} } });
    expect(bad.success).toBe(false);
    expect(issuesOf(bad.error!).map((i) => i.path)).toEqual(['event_id', 'type', 'created_at', 'data.thing.id']);
  });
});

import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const secret = 'a-webhook-secret-of-enough-length-123';
const now = new Date('2026-06-01T10:00:00Z');
const body = '{"eventId":"e1"}';

describe('webhook signatures', () => {
  it('accepts its own signature within the window', () => {
    expect(verifyWebhookSignature(secret, signWebhook(secret, body, now), body, new Date(now.getTime() + 299_000))).toBe('ok');
  });
  it('refuses a changed body, another secret, a stale or future timestamp, and garbage', () => {
    const sig = signWebhook(secret, body, now);
    expect(verifyWebhookSignature(secret, sig, body + ' ', now)).toBe('mismatch');
    expect(verifyWebhookSignature('another-secret-of-enough-length-xx', sig, body, now)).toBe('mismatch');
    expect(verifyWebhookSignature(secret, sig, body, new Date(now.getTime() + 301_000))).toBe('stale');
    expect(verifyWebhookSignature(secret, sig, body, new Date(now.getTime() - 301_000))).toBe('stale');
    expect(verifyWebhookSignature(secret, undefined, body, now)).toBe('missing');
    expect(verifyWebhookSignature(secret, 't=abc,v1=zz', body, now)).toBe('malformed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutHttpSettings } from '../../../config';
import { PayoutUnavailableError } from '../payout-gateway';
import { createHttpPayoutGateway } from './http-payouts';
import { PAYOUT_SIGNATURE_HEADER, PAYOUT_TIMESTAMP_HEADER } from './provider-format';
import { startPayoutProviderStub } from './provider-stub';

/**
 * The HTTP payout adapter against a local stub of the provider's documented API
 * (docs/payments.md, "Payouts, HTTP provider"): request format, idempotency by our withdrawal
 * id, outage handling, and the signed webhook mapped to our callback event.
 */

const creds = { merchantId: 'colorplay', keyId: 'key_test_9', keySecret: 'payout-secret-0123456789', callbackSecret: 'payout-callback-0123456789' };
let stub: Awaited<ReturnType<typeof startPayoutProviderStub>>;
let settings: PayoutHttpSettings;

beforeAll(async () => {
  stub = await startPayoutProviderStub(creds);
  settings = { kind: 'http', baseUrl: stub.baseUrl, merchantId: creds.merchantId, keyId: creds.keyId, keySecret: creds.keySecret, callbackSecret: creds.callbackSecret, timeoutMs: 2000 };
});
afterAll(async () => {
  await stub.close();
});

describe('HTTP payout adapter', () => {
  it('creates payouts idempotently by withdrawal id, in the documented format', async () => {
    const gw = createHttpPayoutGateway(settings);
    const request = { withdrawalId: 'wd_http0001', amountMinor: 19_300, currency: 'INR', destination: { kind: 'bank' as const, accountHolder: 'Asha Verma', accountNumber: '123456789012', ifsc: 'HDFC0001234' } };
    const first = await gw.createPayout(request, new Date());
    const again = await gw.createPayout(request, new Date());
    expect(again).toEqual(first);
    expect(first).toMatchObject({ withdrawalId: 'wd_http0001', status: 'processing', amountMinor: 19_300 });
    expect(stub.payouts).toHaveLength(1);
    const sent = stub.requests.find((r) => r.method === 'POST')!;
    expect(sent.headers['idempotency-key']).toBe('wd_http0001');
    expect(sent.body).toEqual({
      reference_id: 'wd_http0001',
      amount: 19_300,
      currency: 'INR',
      mode: 'IMPS',
      beneficiary: { name: 'Asha Verma', account_number: '123456789012', ifsc: 'HDFC0001234' },
    });
    expect(await gw.lookupPayout('wd_http0001')).toEqual(first);
    expect(await gw.lookupPayout('wd_unknown01')).toBeUndefined();
  });

  it('turns an outage or a bad key into PayoutUnavailableError (retried later, nothing recorded)', async () => {
    const gw = createHttpPayoutGateway(settings);
    stub.failNext(503, 1);
    await expect(gw.createPayout({ withdrawalId: 'wd_http0002', amountMinor: 100, currency: 'INR', destination: { kind: 'upi', vpa: 'a@b' } }, new Date())).rejects.toBeInstanceOf(PayoutUnavailableError);
    const wrongKey = createHttpPayoutGateway({ ...settings, keySecret: 'not-the-right-secret-000' });
    await expect(wrongKey.lookupPayout('wd_http0001')).rejects.toThrow(/HTTP 401 \(code UNAUTHORIZED\)/);
    const closed = createHttpPayoutGateway({ ...settings, baseUrl: 'http://127.0.0.1:9' });
    await expect(closed.lookupPayout('wd_http0001')).rejects.toBeInstanceOf(PayoutUnavailableError);
  });

  it('verifies the provider webhook and maps outcomes to our callback events', async () => {
    const gw = createHttpPayoutGateway(settings);
    await gw.createPayout({ withdrawalId: 'wd_http0003', amountMinor: 5_000, currency: 'INR', destination: { kind: 'upi', vpa: 'asha@okaxis' } }, new Date());
    const now = new Date();
    const { body, headers } = stub.settle('wd_http0003', 'processed', now);
    expect(gw.callback.verify(headers, body, now)).toBe('ok');
    expect(gw.callback.verify(headers, body.replace('5000', '5001'), now)).toBe('mismatch');
    expect(gw.callback.verify(headers, body, new Date(now.getTime() + 10 * 60_000))).toBe('stale');
    expect(gw.callback.verify({ [PAYOUT_TIMESTAMP_HEADER]: headers[PAYOUT_TIMESTAMP_HEADER] }, body, now)).toBe('missing');
    expect(gw.callback.verify({ ...headers, [PAYOUT_SIGNATURE_HEADER]: 'abc' }, body, now)).toBe('malformed');
    const parsed = gw.callback.parse(JSON.parse(body));
    expect(parsed).toMatchObject({ ok: true, event: { withdrawalId: 'wd_http0003', status: 'paid', amountMinor: 5_000 } });
    const reversed = stub.settle('wd_http0003', 'reversed', now);
    expect(gw.callback.parse(JSON.parse(reversed.body))).toMatchObject({ ok: true, event: { status: 'reversed', failureReason: 'Returned by beneficiary bank' } });
    expect(gw.callback.parse({ event_id: 'e1', type: 'payout.queued', created_at: now.toISOString(), data: { payout: stub.payouts[0] } })).toEqual({ ok: true, event: null });
    expect(gw.callback.parse({ nope: true })).toMatchObject({ ok: false });
  });
});

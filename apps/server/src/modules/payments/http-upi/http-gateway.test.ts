import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../../test/helpers/player-client';
import { startUpiProviderStub, type UpiProviderStub } from './provider-stub';
import type { UpiHttpSettings } from '../../../config';
import { fakeClock } from '../../../lib/clock';
import { checkInvariants } from '../../ledger';
import { GatewayUnavailableError } from '../upi-gateway';
import { createHttpUpiGateway } from './http-gateway';

/** Contract tests of the HTTP UPI adapter against a local stub speaking the provider's format. */

const CREDENTIALS = { merchantId: 'colorplay_test', keyId: 'key_test_123', keySecret: 'key-secret-0123456789', webhookSecret: 'whsec-0123456789abcdef' };
const clock = fakeClock(new Date('2026-08-01T09:00:00Z'));
let stub: UpiProviderStub;
let settings: UpiHttpSettings;

beforeAll(async () => {
  stub = await startUpiProviderStub(CREDENTIALS);
  settings = { kind: 'http', baseUrl: stub.baseUrl, payeeVpa: 'colorplay@axis', payeeName: 'Colorplay', timeoutMs: 1000, ...CREDENTIALS };
});
afterAll(async () => {
  await stub.close();
});

const expiresAt = new Date('2026-08-01T09:15:00Z');
let seq = 0;
const orderId = () => `dep_contract${++seq}x`;

describe('HTTP UPI adapter: create order', () => {
  it('sends the documented request and maps the answer', async () => {
    const gw = createHttpUpiGateway(settings);
    const id = orderId();
    const opened = await gw.createPayment({ orderId: id, amountMinor: 500_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now());
    const req = stub.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/orders');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('key_test_123:key-secret-0123456789').toString('base64')}`);
    expect(req.headers['x-merchant-id']).toBe('colorplay_test');
    expect(req.headers['idempotency-key']).toBe(id);
    expect(req.body).toEqual({ merchant_order_id: id, amount: 500_00, currency: 'INR', payee_vpa: 'colorplay@axis', expires_at: expiresAt.toISOString() });
    expect(opened.gatewayRef).toMatch(/^pgo_/);
    expect(opened.paymentUrl).toBe(`${stub.baseUrl}/pay/${opened.gatewayRef}`);
    expect(gw.sandbox).toBe(false);
  });

  it('is idempotent by our order id: repeated and concurrent opens give one provider order', async () => {
    const gw = createHttpUpiGateway(settings);
    const id = orderId();
    const open = () => gw.createPayment({ orderId: id, amountMinor: 200_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now());
    const refs = await Promise.all([open(), open(), open(), open(), open()]);
    const again = await open();
    expect(new Set([...refs, again].map((r) => r.gatewayRef)).size).toBe(1);
    expect(stub.orders.filter((o) => o.merchant_order_id === id)).toHaveLength(1);
  });

  it.each([
    ['a server error', () => stub.failNext(500)],
    ['a refusal', () => stub.failNext(422)],
    ['no answer in time', () => stub.setDelay(1500)],
  ])('reports %s as the gateway being unavailable', async (_name, arrange) => {
    arrange();
    try {
      const gw = createHttpUpiGateway(settings);
      await expect(gw.createPayment({ orderId: orderId(), amountMinor: 100_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now())).rejects.toBeInstanceOf(
        GatewayUnavailableError,
      );
    } finally {
      stub.setDelay(0);
    }
  });

  it('refuses to work with wrong API keys', async () => {
    const gw = createHttpUpiGateway({ ...settings, keySecret: 'another-secret-01234' });
    await expect(gw.createPayment({ orderId: orderId(), amountMinor: 100_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now())).rejects.toThrow(
      /HTTP 401 \(code UNAUTHORIZED\)/,
    );
  });
});

describe('HTTP UPI adapter: status queries', () => {
  it('looks a payment up by reference and by our order id, and lists paid ones page by page', async () => {
    const gw = createHttpUpiGateway(settings);
    const ids = [orderId(), orderId(), orderId()];
    const refs = [];
    for (const id of ids) refs.push((await gw.createPayment({ orderId: id, amountMinor: 300_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now())).gatewayRef);
    expect(await gw.lookupPayment(refs[0]!)).toEqual({ gatewayRef: refs[0], merchantOrderId: ids[0], status: 'pending', amountMinor: 300_00, utr: null });
    const paidAt = new Date('2026-08-01T09:05:00Z');
    stub.decide(refs[0]!, 'paid', paidAt, '111122223333');
    stub.decide(refs[1]!, 'failed', paidAt);
    stub.decide(refs[2]!, 'paid', paidAt, '444455556666');
    expect(await gw.lookupOrder(ids[0]!)).toMatchObject({ gatewayRef: refs[0], status: 'paid', utr: '111122223333' });
    expect(await gw.lookupOrder(ids[1]!)).toMatchObject({ status: 'declined' });
    expect(await gw.lookupOrder('dep_neverOpened1')).toBeUndefined();
    expect(await gw.lookupPayment('pgo_doesNotExist')).toBeUndefined();
    const paid = await gw.listPaidSince(new Date('2026-08-01T09:04:00Z'), 1000);
    expect(paid.map((p) => p.gatewayRef)).toEqual(expect.arrayContaining([refs[0], refs[2]]));
    expect(paid.every((p) => p.status === 'paid')).toBe(true);
    // Paging: one item per page still returns them all.
    const before = stub.requests.length;
    const slow = await createHttpUpiGateway(settings).listPaidSince(new Date('2026-08-01T09:04:00Z'), 2);
    expect(slow).toHaveLength(2);
    expect(stub.requests.length - before).toBeGreaterThanOrEqual(1);
  });
});

describe('HTTP UPI adapter: webhooks', () => {
  it('verifies the provider signature over the raw body and maps the event', async () => {
    const gw = createHttpUpiGateway(settings);
    const id = orderId();
    const { gatewayRef } = await gw.createPayment({ orderId: id, amountMinor: 700_00, payeeVpa: 'colorplay@axis', expiresAt }, clock.now());
    const order = stub.decide(gatewayRef, 'paid', clock.now(), '777788889999');
    const hook = stub.webhook(order, clock.now());
    expect(gw.webhook.verify(hook.headers, hook.raw, clock.now())).toBe('ok');
    expect(gw.webhook.verify(hook.headers, hook.raw.replace('70000', '70001'), clock.now())).toBe('mismatch');
    expect(gw.webhook.verify(hook.headers, hook.raw, new Date(clock.now().getTime() + 301_000))).toBe('stale');
    expect(gw.webhook.verify({}, hook.raw, clock.now())).toBe('missing');
    expect(gw.webhook.verify({ ...hook.headers, 'x-pg-signature': 'abc' }, hook.raw, clock.now())).toBe('malformed');
    const other = createHttpUpiGateway({ ...settings, webhookSecret: 'an-attacker-secret-000' });
    expect(other.webhook.verify(hook.headers, hook.raw, clock.now())).toBe('mismatch');

    const parsed = gw.webhook.parse(JSON.parse(hook.raw));
    expect(parsed).toEqual({
      ok: true,
      notice: { eventId: expect.stringMatching(/^pg_whe_/), gatewayRef, merchantOrderId: id, status: 'paid', amountMinor: 700_00, utr: '777788889999' },
    });
    expect(gw.webhook.parse(JSON.parse(stub.webhook(order, clock.now(), 'refund.processed').raw))).toEqual({ ok: true, notice: null });
    expect(gw.webhook.parse({ event_id: 'x\u0000y', type: 'order.paid', created_at: clock.now().toISOString(), data: { order } }).ok).toBe(false);
  });
});

describe('the app with UPI_CHANNEL=http', () => {
  let t: TestApp;
  let player: PlayerClient;
  const env = {
    UPI_CHANNEL: 'http',
    UPI_HTTP_MERCHANT_ID: CREDENTIALS.merchantId,
    UPI_HTTP_KEY_ID: CREDENTIALS.keyId,
    UPI_HTTP_KEY_SECRET: CREDENTIALS.keySecret,
    UPI_HTTP_WEBHOOK_SECRET: CREDENTIALS.webhookSecret,
    UPI_PAYEE_VPA: 'colorplay@axis',
    UPI_PAYEE_NAME: 'Colorplay Games',
  };
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { ...env, UPI_HTTP_BASE_URL: stub.baseUrl } });
    player = new PlayerClient(t.app, '203.0.113.61', true);
    expect((await player.register('9866666666')).statusCode).toBe(200);
  });
  afterEach(async () => {
    expect(await checkInvariants(t.db)).toEqual([]);
  });
  afterAll(async () => {
    await t.app.close();
  });
  const balance = async () => (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
  const webhook = (hook: { raw: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/upi/webhook', headers: hook.headers, payload: hook.raw });

  it('does not claim to be a sandbox and has no sandbox pages', async () => {
    expect((await player.call('GET', '/api/wallet/get-deposit-info')).json().data.sandbox).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/upi/pay/sbx_abcdefgh' })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/sandbox/upi/pay/sbx_abcdefgh',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=paid',
    });
    expect(post.statusCode).toBe(404);
    // Nor the sandbox's settlement file export (reconciliation).
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/upi/settlement.csv?date=2026-06-01' })).statusCode).toBe(404);
  });

  it('opens the order at the provider, credits once on its signed webhook, and refuses our sandbox signature', async () => {
    const start = await balance();
    const res = await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 600_00, idempotencyKey: 'http-order-1' });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'pending_payment', payeeVpa: 'colorplay@axis' });
    expect(order.upiLink).toContain('pn=Colorplay+Games');
    const provider = stub.orders.find((o) => o.merchant_order_id === order.id)!;
    expect(order.paymentUrl).toBe(provider.payment_url);

    const hook = stub.webhook(stub.decide(provider.id, 'paid', clock.now(), '909012341234'), clock.now());
    const forged = { ...hook, headers: { ...hook.headers, 'x-pg-signature': Buffer.alloc(32).toString('base64') } };
    expect((await webhook(forged)).statusCode).toBe(401);
    expect((await webhook(hook)).json().data.outcome).toBe('applied');
    expect((await webhook(hook)).json().data.outcome).toBe('duplicate');
    expect(await balance()).toBe(start + 600_00);
    expect((await player.call('GET', `/api/wallet/get-deposits?id=${order.id}`)).json().data.items[0]).toMatchObject({ status: 'succeeded', utr: '909012341234' });
  });

  it('answers 503 PAYMENT_GATEWAY_UNAVAILABLE when the provider fails, and a retry opens one order', async () => {
    stub.failNext(503);
    const failed = await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 150_00, idempotencyKey: 'http-order-2' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    const retry = await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 150_00, idempotencyKey: 'http-order-2' });
    expect(retry.json().data.status).toBe('pending_payment');
    expect(stub.orders.filter((o) => o.merchant_order_id === retry.json().data.id)).toHaveLength(1);
  });

  it('credits a payment whose webhook never came, through reconciliation', async () => {
    const start = await balance();
    const order = (await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 800_00, idempotencyKey: 'http-order-3' })).json().data;
    const provider = stub.orders.find((o) => o.merchant_order_id === order.id)!;
    stub.decide(provider.id, 'paid', clock.now(), '565612341234');
    clock.advance(16 * 60_000);
    await t.app.deposits.reconcile(clock.now());
    expect((await player.call('GET', `/api/wallet/get-deposits?id=${order.id}`)).json().data.items[0].status).toBe('succeeded');
    expect(await balance()).toBe(start + 800_00);
  });
});

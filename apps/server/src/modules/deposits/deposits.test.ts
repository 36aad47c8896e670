import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { createSandboxUpiGateway, signWebhook } from '../payments';

const clock = fakeClock(new Date('2026-06-01T10:00:00Z'));
let t: TestApp;
let player: PlayerClient;
let other: PlayerClient;
let keySeq = 0;
const key = () => `key-${Date.now()}-${++keySeq}`;
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.1', true);
  other = new PlayerClient(t.app, '203.0.113.2', true);
  expect((await player.register('9811111111')).statusCode).toBe(200);
  expect((await other.register('9822222222')).statusCode).toBe(200);
});
afterEach(async () => {
  // The ledger's invariants hold after every scenario, whatever it did.
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const balance = async (c = player) => (await c.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
const recharge = async (amountMinor = 500_00, c = player, idempotencyKey = key()) =>
  c.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey });
const refOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const gateway = () => createSandboxUpiGateway(t.db, { webhookSecret: WEBHOOK_SECRET });
const orderStatus = async (id: string, c = player) =>
  (await c.call('GET', `/api/wallet/get-deposits?id=${id}`)).json().data.items[0].status as string;
const ledgerSnapshot = async () =>
  (await t.db.query('SELECT code, balance_minor FROM ledger_accounts ORDER BY code')).rows;

function webhook(event: object, opts: { at?: Date; secret?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/upi/webhook',
    headers: {
      'content-type': 'application/json',
      'x-colorplay-signature': signWebhook(opts.secret ?? WEBHOOK_SECRET, raw, opts.at ?? clock.now()),
    },
    payload: raw,
  });
}

describe('deposit info and orders', () => {
  it('lists the channels with limits and presets', async () => {
    const res = await player.call('GET', '/api/wallet/get-deposit-info');
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({ currency: 'INR', expiryMinutes: 15, sandbox: true });
    expect(info.channels[0]).toMatchObject({ channel: 'upi', enabled: true, minMinor: 100_00, maxMinor: 50_000_00 });
    expect(info.channels[0].presetsMinor).toContain(500_00);
  });

  it('creates a pending order with a UPI link and is idempotent by key', async () => {
    const k = key();
    const first = await recharge(500_00, player, k);
    expect(first.statusCode).toBe(200);
    const order = first.json().data;
    expect(order).toMatchObject({ status: 'pending_payment', amountMinor: 500_00, payeeVpa: 'colorplay.sandbox@upi', utr: null });
    expect(order.id).toMatch(/^dep_/);
    expect(order.upiLink).toContain('upi://pay?pa=colorplay.sandbox%40upi');
    expect(order.upiLink).toContain('am=500.00');
    expect(order.paymentUrl).toMatch(/^\/sandbox\/upi\/pay\/sbx_/);
    expect(new Date(order.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);

    const retry = await recharge(500_00, player, k);
    expect(retry.json().data.id).toBe(order.id);
    const conflict = await recharge(600_00, player, k);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it.each([
    ['below the minimum', { amountMinor: 99_99 }, 'AMOUNT_OUT_OF_RANGE'],
    ['above the maximum', { amountMinor: 50_000_01 }, 'AMOUNT_OUT_OF_RANGE'],
    ['a fractional amount', { amountMinor: 500.5 }, 'VALIDATION_FAILED'],
    ['an amount as a string', { amountMinor: '50000' }, 'VALIDATION_FAILED'],
    ['the USDT channel (not yet available)', { channel: 'usdt' }, 'VALIDATION_FAILED'],
    ['an unknown field', { note: 'x' }, 'VALIDATION_FAILED'],
    ['a short idempotency key', { idempotencyKey: 'abc' }, 'VALIDATION_FAILED'],
  ])('refuses %s and creates nothing', async (_name, patch, code) => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM deposit_orders')).rows[0];
    const res = await player.call('POST', '/api/wallet/get-recharge-url', {
      channel: 'upi',
      amountMinor: 500_00,
      idempotencyKey: key(),
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect((await t.db.query('SELECT count(*)::int AS n FROM deposit_orders')).rows[0]).toEqual(before);
  });

  it("hides other players' orders", async () => {
    const order = (await recharge()).json().data;
    expect((await other.call('GET', `/api/wallet/get-deposits?id=${order.id}`)).json().data.items).toEqual([]);
    expect((await other.call('POST', '/api/wallet/cancel-deposit', { orderId: order.id })).statusCode).toBe(404);
    expect((await other.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr: '123456789012' })).statusCode).toBe(404);
  });

  it('requires a login', async () => {
    const anon = new PlayerClient(t.app);
    expect((await anon.call('GET', '/api/wallet/balance')).statusCode).toBe(401);
    expect((await anon.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 500_00, idempotencyKey: key() })).statusCode).toBe(401);
  });
});

describe('paying through the sandbox gateway', () => {
  it('pays on the pretend UPI page, credits once and notifies the player', async () => {
    const start = await balance();
    const order = (await recharge(500_00)).json().data;
    const pageRes = await t.app.inject({ method: 'GET', url: order.paymentUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Pay ₹500.00');
    const pay = await t.app.inject({
      method: 'POST',
      url: order.paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=paid',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/wallet/Payment?orderId=${order.id}`);
    const done = (await player.call('GET', `/api/wallet/get-deposits?id=${order.id}`)).json().data.items[0];
    expect(done.status).toBe('succeeded');
    expect(done.utr).toMatch(/^\d{12}$/);
    expect(await balance()).toBe(start + 500_00);
    // A second click on the page changes nothing.
    await t.app.inject({ method: 'POST', url: order.paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=paid' });
    expect(await balance()).toBe(start + 500_00);
    // The inbox hears of the credit from its DepositSucceeded event, delivered after commit.
    await t.app.events.settled();
    const inbox = (await player.call('GET', '/api/notifications')).json().data.items;
    expect(inbox[0].message).toEqual({ key: 'depositSucceeded', params: { orderId: order.id, amountMinor: 500_00 } });
    expect((await player.call('GET', '/api/wallet/get')).json().data).toMatchObject({ mainMinor: start + 500_00, totalMinor: start + 500_00, vendors: [] });
  });

  it('marks a declined payment failed and moves no money', async () => {
    const start = await balance();
    const order = (await recharge(200_00)).json().data;
    await t.app.inject({ method: 'POST', url: order.paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=declined' });
    expect(await orderStatus(order.id)).toBe('failed');
    expect(await balance()).toBe(start);
    await t.app.events.settled();
    expect((await player.call('GET', '/api/notifications')).json().data.items[0].message).toEqual({ key: 'depositFailed', params: { orderId: order.id, amountMinor: 200_00 } });
  });
});

describe('UTR submission', () => {
  it('completes at once when the gateway reports the same UTR', async () => {
    const start = await balance();
    const order = (await recharge(300_00)).json().data;
    const event = await gateway().decide(refOf(order.paymentUrl), 'paid', clock.now()); // webhook not delivered yet
    const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr: event!.utr });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('succeeded');
    expect(await balance()).toBe(start + 300_00);
    // The late webhook then changes nothing.
    expect((await webhook(event!)).json().data.outcome).toBe('ignored');
    expect(await balance()).toBe(start + 300_00);
  });

  it('waits for review when the gateway does not confirm, then an operator decides', async () => {
    const start = await balance();
    const a = (await recharge(100_00)).json().data;
    const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: a.id, utr: '111122223333' });
    expect(res.json().data.status).toBe('utr_submitted');
    expect(await balance()).toBe(start);
    expect((await t.app.deposits.listForReview()).map((o) => o.id)).toContain(a.id);
    await t.app.deposits.review(a.id, 'approve', 'bank statement checked');
    expect(await orderStatus(a.id)).toBe('succeeded');
    expect(await balance()).toBe(start + 100_00);

    const b = (await recharge(100_00)).json().data;
    await player.call('POST', '/api/wallet/submit-utr', { orderId: b.id, utr: '444455556666' });
    await t.app.deposits.review(b.id, 'reject', 'no such payment');
    expect(await orderStatus(b.id)).toBe('failed');
    expect(await balance()).toBe(start + 100_00);
    await expect(t.app.deposits.review(b.id, 'approve', 'changed my mind')).rejects.toMatchObject({ code: 'DEPOSIT_STATE_CONFLICT' });
  });

  it.each([['12345678901'], ['1234567890123'], ['12345678901a'], [''], [123456789012]])(
    'refuses the UTR %j and changes nothing',
    async (utr) => {
      const order = (await recharge()).json().data;
      const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(await orderStatus(order.id)).toBe('pending_payment');
    },
  );

  it('refuses a UTR already used for another order', async () => {
    const a = (await recharge()).json().data;
    const b = (await recharge()).json().data;
    await player.call('POST', '/api/wallet/submit-utr', { orderId: a.id, utr: '777788889999' });
    const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: b.id, utr: '777788889999' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('UTR_ALREADY_USED');
    expect(await orderStatus(b.id)).toBe('pending_payment');
  });
});

describe('cancel and expiry', () => {
  it('cancels a pending order but never a succeeded one', async () => {
    const a = (await recharge()).json().data;
    const res = await player.call('POST', '/api/wallet/cancel-deposit', { orderId: a.id });
    expect(res.json().data.status).toBe('cancelled');

    const start = await balance();
    const b = (await recharge(500_00)).json().data;
    await webhook((await gateway().decide(refOf(b.paymentUrl), 'paid', clock.now()))!);
    const late = await player.call('POST', '/api/wallet/cancel-deposit', { orderId: b.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
    expect(await orderStatus(b.id)).toBe('succeeded');
    expect(await balance()).toBe(start + 500_00);
  });

  it('expires unpaid orders after 15 minutes, and still credits money that arrives later', async () => {
    const start = await balance();
    const order = (await recharge(150_00)).json().data;
    clock.advance(15 * 60_000 - 1000);
    await t.app.deposits.expireDue();
    expect(await orderStatus(order.id)).toBe('pending_payment');
    // The payer pays just before expiry; the bank's confirmation has not reached us yet, so the
    // gateway's answer to closing the payment at expiry is "paid" (decision 390).
    const paid = (await gateway().decide(refOf(order.paymentUrl), 'paid', clock.now()))!;
    clock.advance(2000);
    // The sweep as the app runs it: the leader's `deposits.expire` job.
    await t.app.jobs.runOnce('deposits.expire');
    expect(await orderStatus(order.id)).toBe('expired');
    await t.app.events.settled();
    expect((await player.call('GET', '/api/notifications')).json().data.items[0].message.key).toBe('depositExpired');
    expect((await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr: '121212121212' })).statusCode).toBe(409);
    // The confirmation arrives now.
    await webhook(paid);
    expect(await orderStatus(order.id)).toBe('succeeded');
    expect(await balance()).toBe(start + 150_00);
  });
});

describe('webhook security', () => {
  it('refuses forged, stale and unsigned webhooks and changes nothing', async () => {
    const order = (await recharge(500_00)).json().data;
    const event = { eventId: `evt_x_${key()}`, gatewayRef: refOf(order.paymentUrl), status: 'paid', amountMinor: 500_00, utr: '909090909090' };
    const snapshot = await ledgerSnapshot();
    const forged = await webhook(event, { secret: 'an-attacker-secret-0123456789abcdefgh' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await webhook(event, { at: new Date(clock.now().getTime() - 301_000) })).statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/upi/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/upi/webhook',
      headers: { 'content-type': 'application/json', 'x-colorplay-signature': signWebhook(WEBHOOK_SECRET, JSON.stringify(event), clock.now()) },
      payload: JSON.stringify({ ...event, amountMinor: 50_000_00 }),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await ledgerSnapshot()).toEqual(snapshot);
    expect(await orderStatus(order.id)).toBe('pending_payment');
  });

  it('recognises a replayed webhook and credits once', async () => {
    const start = await balance();
    const order = (await recharge(500_00)).json().data;
    const event = (await gateway().decide(refOf(order.paymentUrl), 'paid', clock.now()))!;
    expect((await webhook(event)).json().data.outcome).toBe('applied');
    expect((await webhook(event)).json().data.outcome).toBe('duplicate');
    expect(await balance()).toBe(start + 500_00);
  });

  it('sends a payment whose amount disagrees to review instead of crediting', async () => {
    const start = await balance();
    const order = (await recharge(500_00)).json().data;
    const res = await webhook({ eventId: `evt_m_${key()}`, gatewayRef: refOf(order.paymentUrl), status: 'paid', amountMinor: 5_00, utr: '565656565656' });
    expect(res.json().data.outcome).toBe('applied');
    expect(await orderStatus(order.id)).toBe('utr_submitted');
    expect(await balance()).toBe(start);
  });

  it('answers a signed but malformed event with a 400', async () => {
    expect((await webhook({}, { raw: '{"eventId":' })).json().error.code).toBe('MALFORMED_JSON');
    const res = await webhook({ eventId: 'e', gatewayRef: 'g', status: 'refunded', amountMinor: 1, utr: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('history', () => {
  it('filters by status and channel and pages newest first', async () => {
    const fresh = new PlayerClient(t.app, '203.0.113.9', true);
    await fresh.register('9833333333');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await recharge(100_00 + i, fresh)).json().data.id);
      clock.advance(1000);
    }
    await fresh.call('POST', '/api/wallet/cancel-deposit', { orderId: ids[1] });
    const page1 = (await fresh.call('GET', '/api/wallet/get-deposits?limit=3')).json().data;
    expect(page1.items.map((d: { id: string }) => d.id)).toEqual([ids[4], ids[3], ids[2]]);
    const page2 = (await fresh.call('GET', `/api/wallet/get-deposits?limit=3&before=${page1.nextCursor}`)).json().data;
    expect(page2.items.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[0]]);
    expect(page2.nextCursor).toBeNull();
    const cancelled = (await fresh.call('GET', '/api/wallet/get-deposits?status=cancelled&channel=upi')).json().data.items;
    expect(cancelled.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await fresh.call('GET', '/api/wallet/get-deposits?status=paid')).statusCode).toBe(400);
  });
});

describe('webhook storms', () => {
  it('credits exactly 1,000 times when 1,000 payments are each delivered 3 times in random order', async () => {
    const payer = new PlayerClient(t.app, '203.0.113.77', true);
    const reg = (await payer.register('9844444444')).json().data;
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE uid = $1', [reg.user.uid]);
    const playerId = rows[0]!.id;
    const gw = gateway();
    const events = [];
    for (let i = 0; i < 1000; i++) {
      const order = await t.app.deposits.createRecharge(playerId, { channel: 'upi', amountMinor: 100_00 + i, idempotencyKey: `storm-${i}-xx` });
      events.push((await gw.decide(refOf(order.paymentUrl!), 'paid', clock.now()))!);
    }
    const deliveries = fc.sample(fc.shuffledSubarray([...events, ...events, ...events], { minLength: 3000, maxLength: 3000 }), { numRuns: 1, seed: 42 })[0]!;
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < deliveries.length; i += 25) {
      const batch = await Promise.all(deliveries.slice(i, i + 25).map((e) => webhook(e)));
      for (const res of batch) {
        expect(res.statusCode).toBe(200);
        const o = res.json().data.outcome as string;
        outcomes[o] = (outcomes[o] ?? 0) + 1;
      }
    }
    expect(outcomes).toEqual({ applied: 1000, duplicate: 2000 });
    const credits = await t.db.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, sum(e.amount_minor)::bigint AS total FROM ledger_entries e
       JOIN ledger_transfers x ON x.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE x.kind = 'deposit' AND a.code = $1`,
      [`player:${playerId}:main`],
    );
    const expectedTotal = events.reduce((s, e) => s + e.amountMinor, 0);
    expect(credits.rows[0]).toEqual({ n: 1000, total: expectedTotal });
    expect(await balance(payer)).toBe(expectedTotal);
  }, 180_000);
});

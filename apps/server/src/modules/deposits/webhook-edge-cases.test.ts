import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { createSandboxUpiGateway, signWebhook, type UpiGateway } from '../payments';
import { DEFAULT_DEPOSIT_SETTINGS } from './deposit-rules';
import { createDepositsService } from './service';

/** Decisions 046-048: webhook edge cases, orphan payments and reconciliation. */

const clock = fakeClock(new Date('2026-07-01T10:00:00Z'));
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';
let t: TestApp;
let player: PlayerClient;
let playerId: number;
let keySeq = 0;
const key = () => `edge-${Date.now()}-${++keySeq}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.41', true);
  const reg = await player.register('9855555555');
  expect(reg.statusCode).toBe(200);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE uid = $1', [reg.json().data.user.uid]);
  playerId = rows[0]!.id;
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const sandbox = () => createSandboxUpiGateway(t.db, { webhookSecret: WEBHOOK_SECRET });
const balance = async () => (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
const recharge = (amountMinor = 500_00, idempotencyKey = key()) =>
  player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey });
const refOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const order = async (id: string) =>
  (await t.db.query<{ status: string; gateway_ref: string | null; review_reason: string | null }>('SELECT * FROM deposit_orders WHERE id = $1', [id])).rows[0]!;
const bookCount = async (orderId: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_upi_payments WHERE merchant_order_id = $1', [orderId])).rows[0]!.n;
const depositCredits = async (orderId: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE kind = 'deposit' AND reference = $1`, [orderId])).rows[0]!.n;

function webhook(event: object) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/upi/webhook',
    headers: { 'content-type': 'application/json', 'x-colorplay-signature': signWebhook(WEBHOOK_SECRET, raw, clock.now()) },
    payload: raw,
  });
}
const payOnPage = (paymentUrl: string, decision: 'paid' | 'declined') =>
  t.app.inject({ method: 'POST', url: paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

/**
 * A deposits service whose gateway opens the payment and then "crashes" before the order records
 * it, as a process killed between the two steps would.
 */
function crashingDeposits() {
  const real = sandbox();
  const gateway: UpiGateway = {
    ...real,
    async createPayment(o, now) {
      await real.createPayment(o, now);
      throw new Error('simulated crash between opening the payment and recording it');
    },
  };
  return createDepositsService({ db: t.db, clock, gateway, settings: DEFAULT_DEPOSIT_SETTINGS, log: t.app.log, events: t.app.events, safety: t.app.safety });
}
async function crashedOrder(amountMinor: number, idempotencyKey = key()) {
  await expect(crashingDeposits().createRecharge(playerId, { channel: 'upi', amountMinor, idempotencyKey })).rejects.toMatchObject({
    code: 'PAYMENT_GATEWAY_UNAVAILABLE',
  });
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM deposit_orders WHERE player_id = $1 AND idempotency_key = $2', [playerId, idempotencyKey]);
  const id = rows[0]!.id;
  const pay = (await t.db.query<{ gateway_ref: string }>('SELECT gateway_ref FROM sandbox_upi_payments WHERE merchant_order_id = $1', [id])).rows;
  expect(pay).toHaveLength(1);
  expect((await order(id)).status).toBe('created');
  return { id, gatewayRef: pay[0]!.gateway_ref, idempotencyKey };
}

describe('a paid notice after a declined one', () => {
  it('is recorded and puts the order in review, with an audit row; an operator can then credit it once', async () => {
    const start = await balance();
    const o = (await recharge(400_00)).json().data;
    await payOnPage(o.paymentUrl, 'declined');
    expect((await order(o.id)).status).toBe('failed');

    const res = await webhook({ eventId: `evt_late_${key()}`, gatewayRef: refOf(o.paymentUrl), status: 'paid', amountMinor: 400_00, utr: '246824682468' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('applied');
    const after = await order(o.id);
    expect(after).toMatchObject({ status: 'utr_submitted', review_reason: 'paid_after_failure' });
    const audit = await t.db.query('SELECT from_status, to_status, actor FROM deposit_events WHERE order_id = $1 ORDER BY id', [o.id]);
    expect(audit.rows.at(-1)).toEqual({ from_status: 'failed', to_status: 'utr_submitted', actor: 'gateway' });
    expect((await t.app.deposits.listForReview()).map((r) => r.id)).toContain(o.id);
    expect(await balance()).toBe(start);

    await t.app.deposits.review(o.id, 'approve', 'bank statement shows the payment');
    expect((await order(o.id)).status).toBe('succeeded');
    expect(await balance()).toBe(start + 400_00);
    expect(await depositCredits(o.id)).toBe(1);
  });
});

describe('a notice for a payment no order carries yet', () => {
  it('is parked, not answered as a duplicate on redelivery', async () => {
    const event = { eventId: `evt_unknown_${key()}`, gatewayRef: 'sbx_nobodyknowsthis1', status: 'paid', amountMinor: 100_00, utr: '135713571357' };
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.outcome).toBe('parked');
    expect((await webhook(event)).json().data.outcome).toBe('parked');
    const stored = await t.db.query('SELECT state, attempts FROM payment_webhook_events WHERE event_id = $1', [event.eventId]);
    expect(stored.rows[0]).toEqual({ state: 'parked', attempts: 2 });
  });

  it('is applied when the order records that payment', async () => {
    const start = await balance();
    const crashed = await crashedOrder(250_00);
    const event = (await sandbox().decide(crashed.gatewayRef, 'paid', clock.now()))!;
    // A provider that does not echo the merchant order id: nothing can place the notice yet.
    const { merchantOrderId: _omitted, ...bare } = event;
    expect((await webhook(bare)).json().data.outcome).toBe('parked');
    expect(await balance()).toBe(start);

    // The player's retry records the (same) payment on the order, and the parked notice applies.
    const retry = await recharge(250_00, crashed.idempotencyKey);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ id: crashed.id, status: 'succeeded' });
    expect(await bookCount(crashed.id)).toBe(1);
    expect(await balance()).toBe(start + 250_00);
    expect((await webhook(bare)).json().data.outcome).toBe('duplicate');
    expect(await depositCredits(crashed.id)).toBe(1);
  });
});

describe('orphan gateway payments', () => {
  it('opens exactly one gateway payment for many concurrent creates with one key', async () => {
    // The gateway answers after a network-like delay, so every request finds the order still
    // `created` and asks the gateway to open a payment.
    const real = sandbox();
    const slow: UpiGateway = {
      ...real,
      async createPayment(o, now) {
        await new Promise((r) => setTimeout(r, 50));
        return real.createPayment(o, now);
      },
    };
    const deposits = createDepositsService({ db: t.db, clock, gateway: slow, settings: DEFAULT_DEPOSIT_SETTINGS, log: t.app.log, events: t.app.events, safety: t.app.safety });
    const k = key();
    const results = await Promise.all(Array.from({ length: 12 }, () => deposits.createRecharge(playerId, { channel: 'upi', amountMinor: 300_00, idempotencyKey: k })));
    const ids = new Set(results.map((r) => r.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    expect(await bookCount(id)).toBe(1);
    const urls = new Set(results.map((r) => r.paymentUrl));
    expect(urls.size).toBe(1);
    expect((await order(id)).gateway_ref).toBe(refOf([...urls][0]!));
    // Through the API too: the same order and payment.
    const again = await Promise.all(Array.from({ length: 4 }, () => recharge(300_00, k)));
    expect(new Set(again.map((r) => r.json().data.paymentUrl))).toEqual(urls);
    expect(await bookCount(id)).toBe(1);
  });

  it('credits a payment opened before a crash exactly once when it is paid (matched by our order id)', async () => {
    const start = await balance();
    const crashed = await crashedOrder(350_00);
    const pay = await payOnPage(`/sandbox/upi/pay/${crashed.gatewayRef}`, 'paid');
    expect(pay.statusCode).toBe(303);
    expect(await order(crashed.id)).toMatchObject({ status: 'succeeded', gateway_ref: crashed.gatewayRef });
    expect(await balance()).toBe(start + 350_00);
    // A retry of the create, a redelivery and reconciliation change nothing more.
    expect((await recharge(350_00, crashed.idempotencyKey)).json().data.status).toBe('succeeded');
    await t.app.deposits.reconcile(clock.now());
    expect(await balance()).toBe(start + 350_00);
    expect(await depositCredits(crashed.id)).toBe(1);
    expect(await bookCount(crashed.id)).toBe(1);
  });

  it('credits a crashed-and-paid payment whose webhook was lost, through reconciliation', async () => {
    const start = await balance();
    const crashed = await crashedOrder(450_00);
    await sandbox().decide(crashed.gatewayRef, 'paid', clock.now()); // paid; the notice never arrives
    const report = await t.app.deposits.reconcile(clock.now());
    expect(report.applied).toBeGreaterThanOrEqual(1);
    expect((await order(crashed.id)).status).toBe('succeeded');
    expect(await balance()).toBe(start + 450_00);
    expect((await t.app.deposits.reconcile(clock.now())).applied).toBe(0);
    expect(await depositCredits(crashed.id)).toBe(1);
  });

  it('reports a paid gateway payment that matches no order at all, and keeps it', async () => {
    await t.db.query(
      `INSERT INTO sandbox_upi_payments (gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, utr, created_at, decided_at)
       VALUES ('sbx_strayPayment01', 'dep_noSuchOrder1', 10000, 'x@upi', 'paid', '975397539753', $1, $1)`,
      [clock.now()],
    );
    const report = await t.app.deposits.reconcile(clock.now());
    expect(report.unmatchedPaid).toContain('sbx_strayPayment01');
    const kept = await t.db.query(`SELECT state, source FROM payment_webhook_events WHERE gateway_ref = 'sbx_strayPayment01'`);
    expect(kept.rows).toEqual([{ state: 'parked', source: 'reconcile' }]);
  });
});

describe('reconciliation of orders past their expiry', () => {
  it('asks the gateway about an open or expired order whose webhook was lost, and credits it once', async () => {
    const start = await balance();
    const expiring = (await recharge(130_00)).json().data;
    await sandbox().decide(refOf(expiring.paymentUrl), 'paid', clock.now()); // paid; the notice is lost
    clock.advance(60_000);
    const open = (await recharge(120_00)).json().data;
    const unpaid = (await recharge(140_00)).json().data;
    await sandbox().decide(refOf(open.paymentUrl), 'paid', clock.now());
    // The expiry sweep reaches the first order before reconciliation does...
    clock.advance(15 * 60_000 - 30_000);
    await t.app.deposits.expireDue();
    expect((await order(expiring.id)).status).toBe('expired');
    // ...while the others are left open past their expiry.
    clock.advance(60_000);
    expect((await order(open.id)).status).toBe('pending_payment');

    const report = await t.app.deposits.reconcile(clock.now());
    expect(report.applied).toBeGreaterThanOrEqual(2);
    expect((await order(open.id)).status).toBe('succeeded');
    expect((await order(expiring.id)).status).toBe('succeeded');
    expect((await order(unpaid.id)).status).toBe('pending_payment'); // the gateway says not paid: the sweep expires it
    const asked = await t.db.query<{ reconciled_at: Date | null }>('SELECT reconciled_at FROM deposit_orders WHERE id = $1', [unpaid.id]);
    expect(asked.rows[0]!.reconciled_at).toEqual(clock.now());
    expect(await balance()).toBe(start + 120_00 + 130_00);
    expect((await t.app.deposits.reconcile(clock.now())).applied).toBe(0);
    expect(await balance()).toBe(start + 120_00 + 130_00);
  });
});

describe('submit-utr after the webhook credited the order', () => {
  it('answers 200 with the order as it is when the UTR is the one the gateway reported', async () => {
    const start = await balance();
    const o = (await recharge(220_00)).json().data;
    await payOnPage(o.paymentUrl, 'paid');
    const credited = (await order(o.id)) as unknown as { status: string; gateway_utr: string };
    expect(credited.status).toBe('succeeded');
    const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: o.id, utr: credited.gateway_utr });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: o.id, status: 'succeeded', utr: credited.gateway_utr });
    expect(await balance()).toBe(start + 220_00);
    // Another UTR on a credited order is still a conflict.
    const other = await player.call('POST', '/api/wallet/submit-utr', { orderId: o.id, utr: '864286428642' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
  });
});

describe('a mismatching paid notice for an order already in review', () => {
  it('changes only the review reason, and leaves an audit row for that change', async () => {
    const o = (await recharge(300_00)).json().data;
    const utr = String(100_000_000_000 + (Date.now() % 899_999_999_999));
    expect((await player.call('POST', '/api/wallet/submit-utr', { orderId: o.id, utr })).statusCode).toBe(200);
    expect(await order(o.id)).toMatchObject({ status: 'utr_submitted', review_reason: 'utr_not_confirmed_by_gateway' });

    // The gateway reports another amount: the order cannot move (it already waits for a person).
    const res = await webhook({ eventId: `evt_mismatch_${key()}`, gatewayRef: refOf(o.paymentUrl), status: 'paid', amountMinor: 299_00, utr });
    expect(res.json().data.outcome).toBe('applied');
    expect(await order(o.id)).toMatchObject({ status: 'utr_submitted', review_reason: 'gateway_mismatch' });
    const audit = await t.db.query<{ from_status: string; to_status: string; actor: string; detail: Record<string, unknown> }>(
      'SELECT from_status, to_status, actor, detail FROM deposit_events WHERE order_id = $1 ORDER BY id',
      [o.id],
    );
    expect(audit.rows.at(-1)).toMatchObject({
      from_status: 'utr_submitted',
      to_status: 'utr_submitted',
      actor: 'gateway',
      detail: { reason: 'amount_mismatch', reportedAmountMinor: 299_00 },
    });
  });
});

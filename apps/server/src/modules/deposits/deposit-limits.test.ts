import { API_PATHS } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants, sumPlayerEntriesByKindSince } from '../ledger';
import { createSandboxUpiGateway, type UpiGateway } from '../payments';
import { DEFAULT_DEPOSIT_SETTINGS } from './deposit-rules';
import { createDepositsService } from './service';

/**
 * Decisions 390-392: a deposit limit cannot leak through cancel-then-pay or expiry. An order keeps
 * its share of the limit until it can no longer be paid (the gateway closed its payment, or the
 * payment window passed); a payment that still arrives is credited, counted, alerted and blocks
 * further deposits until the window allows them; the "used" figure is what was credited.
 */

const clock = fakeClock(new Date('2026-08-03T10:00:00Z'));
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';
const MINUTE = 60_000;
let t: TestApp;
let finance: OperatorClient;
let phoneSeq = 0;
let keySeq = 0;
const key = () => `limits-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  finance = await OperatorClient.create(t.app, clock, 'fatima', 'finance');
}, 60_000);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

async function newPlayer(dayLimitMinor: number) {
  phoneSeq += 1;
  const phone = `96${String(20_000_000 + phoneSeq * 7919).padStart(8, '0')}`;
  const client = new PlayerClient(t.app, `203.0.113.${(phoneSeq % 200) + 1}`, true);
  expect((await client.register(phone)).statusCode).toBe(200);
  const playerId = (await t.db.query<{ id: number }>('SELECT id FROM players WHERE phone = $1', [phone])).rows[0]!.id;
  expect((await client.call('POST', API_PATHS.safety_limit, { kind: 'deposit', period: 'day', amountMinor: dayLimitMinor })).statusCode).toBe(200);
  return { client, playerId };
}

const upi = (c: PlayerClient, amountMinor: number) => c.call('POST', API_PATHS.get_payment_url, { channel: 'upi', amountMinor, idempotencyKey: key() });
const cancel = (c: PlayerClient, orderId: string) => c.call('POST', API_PATHS.cancel_deposit, { orderId });
const payOnPage = (paymentUrl: string) =>
  t.app.inject({ method: 'POST', url: paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=paid' });
const statusOf = async (orderId: string) => (await t.db.query<{ status: string }>('SELECT status FROM deposit_orders WHERE id = $1', [orderId])).rows[0]!.status;
const balance = async (c: PlayerClient) => (await c.call('GET', API_PATHS.get_balance)).json().data.balanceMinor as number;
/** What the ledger credited the player as deposits (all time: every test's player is new). */
const credited = async (playerId: number) => {
  const sums = await sumPlayerEntriesByKindSince(t.db, playerId, ['deposit', 'deposit_usdt'], null);
  return (sums.deposit ?? 0) + (sums.deposit_usdt ?? 0);
};
const dayLimit = async (c: PlayerClient) =>
  ((await c.call('GET', API_PATHS.safety)).json().data.limits as { kind: string; period: string; usedMinor: number; reservedMinor: number; remainingMinor: number }[]).find(
    (l) => l.kind === 'deposit' && l.period === 'day',
  )!;
const limitAlerts = async (playerId: number) => {
  await t.app.events.dispatch();
  return (await t.app.admin.alerts()).filter((a) => a.kind === 'deposit_limit_passed' && a.target === `player:${playerId}`);
};

/**
 * The same deposits service over a gateway that cannot close a payment (as the HTTP provider
 * format has no close call): a payment stays payable at the gateway until someone pays it.
 */
const sandbox = () => createSandboxUpiGateway(t.db, { webhookSecret: WEBHOOK_SECRET });
function noCloseDeposits() {
  const real = sandbox();
  const gateway: UpiGateway = { ...real, closePayment: undefined };
  return createDepositsService({ db: t.db, clock, gateway, settings: DEFAULT_DEPOSIT_SETTINGS, log: t.app.log, events: t.app.events, safety: t.app.safety });
}
/** The payer pays at the gateway (which never closed the payment) and its notice arrives. */
async function payLate(deposits: ReturnType<typeof noCloseDeposits>, paymentUrl: string) {
  const event = await sandbox().decide(paymentUrl.split('/').pop()!, 'paid', clock.now());
  expect(event?.status).toBe('paid');
  return deposits.handleGatewayEvent(event!);
}

describe('a gateway that can close a payment (the sandbox)', () => {
  it('create, cancel and pay five ₹1,000 orders against a ₹1,000 limit: the cancelled ones cannot be paid, ₹1,000 in all is credited', async () => {
    const { client, playerId } = await newPlayer(1_000_00);
    const cancelled: { id: string; paymentUrl: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await upi(client, 1_000_00);
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data as { id: string; paymentUrl: string };
      expect((await cancel(client, order.id)).json().data.status).toBe('cancelled');
      cancelled.push(order);
    }
    // Every cancelled payment was closed at the gateway: paying it now moves no money.
    for (const o of cancelled) {
      expect((await payOnPage(o.paymentUrl)).statusCode).toBe(303);
      expect(await statusOf(o.id)).toBe('cancelled');
    }
    expect(await credited(playerId)).toBe(0);
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 0, reservedMinor: 0, remainingMinor: 1_000_00 });

    const last = (await upi(client, 1_000_00)).json().data as { id: string; paymentUrl: string };
    await payOnPage(last.paymentUrl);
    expect(await statusOf(last.id)).toBe('succeeded');
    expect(await balance(client)).toBe(1_000_00);
    expect(await credited(playerId)).toBe(1_000_00);
    expect((await upi(client, 100_00)).json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 0 } });
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 1_000_00, reservedMinor: 0, remainingMinor: 0 });
    expect(await limitAlerts(playerId)).toEqual([]);
  });

  it('an expired order cannot be paid either: its payment is closed at expiry', async () => {
    const { client, playerId } = await newPlayer(1_000_00);
    const first = (await upi(client, 1_000_00)).json().data as { id: string; paymentUrl: string };
    clock.advance((DEFAULT_DEPOSIT_SETTINGS.expiryMinutes + 1) * MINUTE);
    expect(await t.app.deposits.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(first.id)).toBe('expired');
    await payOnPage(first.paymentUrl);
    expect(await statusOf(first.id)).toBe('expired');
    expect(await credited(playerId)).toBe(0);

    const second = (await upi(client, 1_000_00)).json().data as { id: string; paymentUrl: string };
    await payOnPage(second.paymentUrl);
    expect(await balance(client)).toBe(1_000_00);
    expect(await credited(playerId)).toBe(1_000_00);
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 1_000_00, remainingMinor: 0 });
  });
});

describe('a gateway that cannot close a payment', () => {
  it('holds a cancelled order’s share until the payment window has passed, even against orders made at once', async () => {
    const deposits = noCloseDeposits();
    const { client, playerId } = await newPlayer(1_000_00);
    const held = await deposits.createRecharge(playerId, { channel: 'upi', amountMinor: 600_00, idempotencyKey: key() });
    expect((await deposits.cancel(playerId, held.id)).status).toBe('cancelled');
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 0, reservedMinor: 600_00, remainingMinor: 400_00 });
    // Five orders at once: only one fits beside the share still held.
    const results = await Promise.all(Array.from({ length: 5 }, () => upi(client, 400_00)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);

    // Within the window (and its grace) reconciliation keeps the share; after it, releases it.
    clock.advance(DEFAULT_DEPOSIT_SETTINGS.expiryMinutes * MINUTE);
    await deposits.reconcile();
    expect((await dayLimit(client)).reservedMinor).toBe(1_000_00);
    clock.advance((DEFAULT_DEPOSIT_SETTINGS.windowGraceMinutes + DEFAULT_DEPOSIT_SETTINGS.reconcile.recheckMinutes) * MINUTE);
    await deposits.reconcile();
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 0, reservedMinor: 400_00, remainingMinor: 600_00 });
    const history = await t.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM deposit_events WHERE order_id = $1 ORDER BY id`, [held.id]);
    expect(history.rows.at(-1)!.detail).toEqual({ limitShareReleased: 'payment_window_passed' });
    expect(await credited(playerId)).toBe(0);
  });

  it('a cancelled order paid after its share was released is credited and counted; past the limit, operators are alerted and deposits wait for the window', async () => {
    const deposits = noCloseDeposits();
    const { client, playerId } = await newPlayer(1_000_00);
    const late = await deposits.createRecharge(playerId, { channel: 'upi', amountMinor: 1_000_00, idempotencyKey: key() });
    await deposits.cancel(playerId, late.id);
    expect((await upi(client, 1_000_00)).json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 0 } });
    clock.advance((DEFAULT_DEPOSIT_SETTINGS.expiryMinutes + DEFAULT_DEPOSIT_SETTINGS.windowGraceMinutes + 1) * MINUTE);
    await deposits.reconcile();

    const next = (await upi(client, 1_000_00)).json().data as { id: string; paymentUrl: string };
    // The gateway took the cancelled order's payment after all: it is the player's money.
    expect((await payLate(deposits, late.paymentUrl!)).outcome).toBe('applied');
    expect(await statusOf(late.id)).toBe('succeeded');
    expect(await limitAlerts(playerId)).toEqual([]);
    await payOnPage(next.paymentUrl);
    expect(await statusOf(next.id)).toBe('succeeded');

    expect(await balance(client)).toBe(2_000_00);
    expect(await credited(playerId)).toBe(2_000_00);
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 2_000_00, reservedMinor: 0, remainingMinor: 0 });
    const alerts = await limitAlerts(playerId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      operatorId: null,
      details: { orderId: next.id, channel: 'upi', amountMinor: 1_000_00, passed: [{ period: 'day', limitMinor: 1_000_00, usedMinor: 2_000_00 }] },
    });
    // Refused until the window allows, which the refusal names: a day after both credits.
    const until = new Date(clock.now().getTime() + 24 * 60 * MINUTE + 1).toISOString();
    expect((await upi(client, 100_00)).json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 0, period: 'day', until } });
    clock.advance(24 * 60 * MINUTE);
    expect((await upi(client, 100_00)).json().error.code).toBe('DEPOSIT_LIMIT_EXCEEDED');
    clock.advance(1);
    expect((await upi(client, 1_000_00)).statusCode).toBe(200);
  });

  it('holds an expired order’s share the same way, and counts and alerts a payment that arrives after the window', async () => {
    const deposits = noCloseDeposits();
    const { client, playerId } = await newPlayer(1_000_00);
    const late = await deposits.createRecharge(playerId, { channel: 'upi', amountMinor: 700_00, idempotencyKey: key() });
    clock.advance((DEFAULT_DEPOSIT_SETTINGS.expiryMinutes + 1) * MINUTE);
    expect(await deposits.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(late.id)).toBe('expired');
    expect((await upi(client, 700_00)).json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 300_00 } });
    clock.advance((DEFAULT_DEPOSIT_SETTINGS.windowGraceMinutes + 1) * MINUTE);
    await deposits.reconcile();

    const next = (await upi(client, 700_00)).json().data as { id: string; paymentUrl: string };
    await payOnPage(next.paymentUrl);
    await payLate(deposits, late.paymentUrl!);
    expect(await statusOf(late.id)).toBe('succeeded');
    expect(await credited(playerId)).toBe(1_400_00);
    expect(await dayLimit(client)).toMatchObject({ usedMinor: 1_400_00, remainingMinor: 0 });
    expect((await limitAlerts(playerId)).map((a) => a.details.orderId)).toEqual([late.id]);
    expect((await upi(client, 100_00)).json().error.code).toBe('DEPOSIT_LIMIT_EXCEEDED');
  });
});

describe('the UTR review queue (decision 435)', () => {
  // Earlier tests move the clock past a console session's life: sign in afresh.
  beforeAll(async () => {
    expect((await finance.login()).statusCode).toBe(200);
  });
  /** The console's row for an order, as the UTR queue shows it. */
  const queueRow = async (orderId: string) => {
    const res = await finance.call('GET', '/api/admin/deposits/review');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { id: string; limitWarning: unknown }[]).find((i) => i.id === orderId)!;
  };
  let utrSeq = 0;
  /** An order whose UTR the sandbox gateway does not confirm: it waits for an operator. */
  async function utrOrder(client: PlayerClient, amountMinor: number) {
    const order = (await upi(client, amountMinor)).json().data as { id: string };
    const utr = String(700_000_000_000 + phoneSeq * 1_000 + ++utrSeq);
    expect((await client.call('POST', API_PATHS.submit_utr, { orderId: order.id, utr })).json().data.status).toBe('utr_submitted');
    return order.id;
  }

  it('warns exactly when approving would take the player past a deposit limit; the approval still credits and raises the alert', async () => {
    const { client, playerId } = await newPlayer(1_000_00);
    const paid = (await upi(client, 600_00)).json().data as { id: string; paymentUrl: string };
    await payOnPage(paid.paymentUrl);
    expect(await credited(playerId)).toBe(600_00);
    const orderId = await utrOrder(client, 400_00);
    // ₹600 credited + ₹400 = the limit: not past it.
    expect((await queueRow(orderId)).limitWarning).toEqual([]);

    // The player lowers the limit (a decrease applies at once): approving would now pass it.
    expect((await client.call('POST', API_PATHS.safety_limit, { kind: 'deposit', period: 'day', amountMinor: 900_00 })).statusCode).toBe(200);
    expect((await queueRow(orderId)).limitWarning).toEqual([{ period: 'day', limitMinor: 900_00, usedMinor: 1_000_00 }]);

    const approved = await finance.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'approve', note: 'bank statement line 7' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(orderId)).toBe('succeeded');
    expect(await credited(playerId)).toBe(1_000_00);
    expect(await limitAlerts(playerId)).toHaveLength(1);
  });

  it('no warning for a player without a deposit limit', async () => {
    phoneSeq += 1;
    const client = new PlayerClient(t.app, `203.0.113.${(phoneSeq % 200) + 1}`, true);
    expect((await client.register(`96${String(20_000_000 + phoneSeq * 7919).padStart(8, '0')}`)).statusCode).toBe(200);
    const orderId = await utrOrder(client, 5_000_00);
    expect((await queueRow(orderId)).limitWarning).toEqual([]);
    await t.app.deposits.review(orderId, 'reject', 'cleanup');
  });
});

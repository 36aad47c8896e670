import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { createEvents, createInProcessBus, type EventsDeps } from '../../events';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, getAccount, HOUSE_ACCOUNTS } from '../ledger';
import { createSafetyService, DEFAULT_SAFETY_SETTINGS, type SafetyService } from '../safety';
import { creditDeposit, depositCreditKey, type DepositCredit } from './credit';

/**
 * The one deposit credit, used by UPI orders and by USDT orders and their reviews: the money,
 * its key, the deposit-limit count and the event, all in the caller's transaction.
 */

const silent = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent } as unknown as EventsDeps['log'];
const clock = fakeClock(new Date('2026-06-01T10:00:00Z'));
let db: Db;
let safety: SafetyService;
let deps: Parameters<typeof creditDeposit>[1];
let playerId: number;
let orderSeq = 0;

beforeAll(async () => {
  db = await openTestDb();
  const events = createEvents({ db, clock, bus: createInProcessBus(silent), log: silent });
  safety = createSafetyService({ db, clock, settings: DEFAULT_SAFETY_SETTINGS, currency: 'INR', events });
  deps = { events, safety };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at) VALUES (71000001, '9800000071', 'x', 'credit', now()) RETURNING id`,
  );
  playerId = rows[0]!.id;
}, 120_000);
afterEach(async () => {
  expect(await checkInvariants(db)).toEqual([]);
});
afterAll(async () => db.close());

const main = () => accountCodes.playerMain(playerId);
const balanceOf = async (code: string) => (await getAccount(db, code))?.balanceMinor ?? 0;
const balance = () => balanceOf(main());
const upi = (amountMinor = 500_00): DepositCredit => ({
  orderId: `dep_credit${++orderSeq}`,
  playerId,
  channel: 'upi',
  currency: 'INR',
  amountMinor,
  metadata: { actor: 'gateway' },
});
const credit = async (c: DepositCredit) => (await db.transaction((tx) => creditDeposit(tx, deps, c))).transfer;
const transfersOf = async (reference: string) =>
  (await db.query<{ idempotency_key: string; kind: string; metadata: Record<string, unknown> }>(
    'SELECT idempotency_key, kind, metadata FROM ledger_transfers WHERE reference = $1 ORDER BY idempotency_key',
    [reference],
  )).rows;
const eventsOf = async (orderId: string) =>
  // In the order they were recorded (a heap scan's order is not: a reused slot comes first).
  (await db.query<{ name: string; payload: Record<string, unknown> }>(`SELECT name, payload FROM domain_events WHERE payload->>'orderId' = $1 ORDER BY seq`, [orderId])).rows;

describe('creditDeposit', () => {
  it("moves a UPI order's amount from house:deposits to the player under the order's key, and announces it", async () => {
    const before = await balance();
    const houseBefore = await balanceOf(HOUSE_ACCOUNTS.deposits);
    const c = upi(500_00);
    const transfer = await credit(c);
    expect(await balance()).toBe(before + 500_00);
    expect(await balanceOf(HOUSE_ACCOUNTS.deposits)).toBe(houseBefore - 500_00);
    expect(await transfersOf(c.orderId)).toEqual([{ idempotency_key: `deposit:${c.orderId}`, kind: 'deposit', metadata: { channel: 'upi', actor: 'gateway' } }]);
    expect(await eventsOf(c.orderId)).toEqual([
      { name: 'DepositSucceeded', payload: { orderId: c.orderId, playerId, amountMinor: 500_00, currency: 'INR', channel: 'upi', transferId: transfer.id } },
    ]);
  });

  it('credits an order once however often it is tried', async () => {
    const c = upi(300_00);
    const first = await credit(c);
    const before = await balance();
    const again = await credit(c);
    expect(again.id).toBe(first.id);
    expect(again.replayed).toBe(true);
    expect(await balance()).toBe(before);
    expect(await transfersOf(c.orderId)).toHaveLength(1);
  });

  it('credits a USDT order and an approved review of one of its transfers under different keys', async () => {
    const before = await balance();
    const order = { ...upi(0), channel: 'usdt' as const, orderId: `usdt_credit${orderSeq}` };
    await credit({ ...order, amountMinor: 840_00, metadata: { txHash: '0xabc', logIndex: 0 } });
    await credit({ ...order, amountMinor: 12_34, reviewedTransfer: { txHash: '0xdef', logIndex: 3 }, metadata: { review: true } });
    expect(await balance()).toBe(before + 840_00 + 12_34);
    expect(await transfersOf(order.orderId)).toEqual([
      { idempotency_key: depositCreditKey.usdt(order.orderId), kind: 'deposit_usdt', metadata: { channel: 'usdt', txHash: '0xabc', logIndex: 0 } },
      { idempotency_key: 'deposit_usdt_review:0xdef:3', kind: 'deposit_usdt', metadata: { channel: 'usdt', review: true } },
    ]);
    expect((await eventsOf(order.orderId)).map((e) => e.payload.amountMinor)).toEqual([840_00, 12_34]);
  });

  it("replaces the order's share of the deposit limits with what was credited, once, even after the share was released", async () => {
    const c = upi(200_00);
    await db.transaction(async (tx) => {
      await safety.checkDeposit(tx, { playerId, orderRef: c.orderId, amountMinor: c.amountMinor });
      await safety.depositReleased(tx, c.orderId);
    });
    const usage = async () =>
      (await db.query<{ order_ref: string; amount_minor: string; released: boolean }>(
        `SELECT order_ref, amount_minor::text, released_at IS NOT NULL AS released FROM safety_deposit_usage WHERE order_ref IN ($1, $2)`,
        [c.orderId, `credit:deposit:${c.orderId}`],
      )).rows;
    expect(await usage()).toEqual([{ order_ref: c.orderId, amount_minor: '20000', released: true }]);
    await credit(c);
    await credit(c);
    expect(await usage()).toEqual([{ order_ref: `credit:deposit:${c.orderId}`, amount_minor: '20000', released: false }]);
  });

  it('credits past a deposit limit all the same, names the limit passed and announces it for the operators', async () => {
    const other = await db.query<{ id: number }>(
      `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at) VALUES (71000002, '9800000072', 'x', 'limit', now()) RETURNING id`,
    );
    const limited = other.rows[0]!.id;
    await safety.setLimit(limited, { kind: 'deposit', period: 'day', amountMinor: 1_000_00 });
    const c1 = { ...upi(1_000_00), playerId: limited };
    const c2 = { ...upi(300_00), playerId: limited };
    expect((await db.transaction((tx) => creditDeposit(tx, deps, c1))).limitPassed).toEqual([]);
    const second = await db.transaction((tx) => creditDeposit(tx, deps, c2));
    expect(second.limitPassed).toEqual([{ period: 'day', limitMinor: 1_000_00, usedMinor: 1_300_00 }]);
    expect((await eventsOf(c2.orderId)).map((e) => e.name)).toEqual(['DepositSucceeded', 'DepositLimitPassed']);
    expect((await eventsOf(c2.orderId))[1]!.payload).toMatchObject({ playerId: limited, amountMinor: 300_00, passed: [{ period: 'day', limitMinor: 1_000_00, usedMinor: 1_300_00 }] });
    expect((await safety.state(limited)).limits.find((l) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ usedMinor: 1_300_00, reservedMinor: 0, remainingMinor: 0 });
  });

  it("moves nothing and announces nothing when the caller's transaction rolls back", async () => {
    const before = await balance();
    const c = upi(100_00);
    await expect(
      db.transaction(async (tx) => {
        await creditDeposit(tx, deps, c);
        throw new Error('the order could not move');
      }),
    ).rejects.toThrow('the order could not move');
    expect(await balance()).toBe(before);
    expect(await transfersOf(c.orderId)).toEqual([]);
    expect(await eventsOf(c.orderId)).toEqual([]);
  });
});

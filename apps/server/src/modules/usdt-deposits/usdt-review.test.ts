import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import type { DevChain, UsdtDepositsService, UsdtReviewItem } from './index';

/**
 * The operator console's USDT review queue against a real local chain (the sandbox dev chain):
 * payments that went to review are approved (credited once, through the ledger) or rejected
 * (nothing credited; the operator returns them on chain).
 */

const REQUIRED = 2;
const clock = fakeClock(new Date());
let t: TestApp;
let usdt: UsdtDepositsService;
let chain: DevChain;
let player: PlayerClient;
let playerId: number;
let admin: OperatorClient;
let finance: OperatorClient;
let support: OperatorClient;
let keySeq = 0;
let tinyOrderId: string;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { USDT_CHANNEL: 'sandbox', USDT_DEV_CHAIN_BLOCK_MS: '0', USDT_CONFIRMATIONS: String(REQUIRED), USDT_INR_RATE: '83.25' },
  });
  usdt = t.app.usdt!;
  player = new PlayerClient(t.app, '203.0.113.41', true);
  expect((await player.register('9844444441')).statusCode).toBe(200);
  playerId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9844444441'`)).rows[0]!.id;
  admin = await OperatorClient.create(t.app, clock, 'ulla', 'admin');
  finance = await OperatorClient.create(t.app, clock, 'fenna', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sunil', 'support');
  // The first faucet call starts the dev chain: one base unit, worth less than a paisa.
  const first = await order(100_00);
  const res = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: first.id, amountBaseUnits: '1' });
  expect(res.statusCode, res.body).toBe(200);
  tinyOrderId = first.id;
  chain = (await usdt.devChain())!;
  await mine(REQUIRED);
  await usdt.watch();
}, 60_000);
beforeEach(async () => {
  clock.advance(30_000);
  for (const o of [admin, finance, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

async function order(amountMinor: number) {
  const res = await player.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor, idempotencyKey: `review-key-${++keySeq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; usdtAmountBaseUnits: string };
}
async function mine(blocks: number) {
  for (let i = 0; i < blocks; i++) await chain.rpc('evm_mine', []);
}
const balance = async () => (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
const status = async (id: string) => (await player.call('GET', `/api/wallet/get-usdt-deposit-status-pooling?orderId=${id}`)).json().data;
const creditsOf = async (orderId: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1`, [orderId])).rows[0]!.n;
const queue = async (client = support): Promise<UsdtReviewItem[]> => {
  const res = await client.call('GET', '/api/admin/usdt/review');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
};
const queued = async (orderId: string) => {
  const items = (await queue()).filter((i) => i.orderId === orderId);
  expect(items.length).toBeGreaterThan(0);
  return items;
};
const auditRows = async (action: string, target: string) =>
  (await t.db.query<{ operator_id: number; after: Record<string, unknown> }>(
    'SELECT operator_id, after FROM operator_audit_log WHERE action = $1 AND target = $2 ORDER BY id',
    [action, target],
  )).rows;
const operatorId = async (username: string) => (await t.db.query<{ id: number }>('SELECT id FROM operators WHERE username = $1', [username])).rows[0]!.id;
const inbox = async () => {
  await t.app.events.dispatch();
  return (await player.call('GET', '/api/notifications')).json().data.items.map((n: { message: { key: string; params: { orderId?: string } } }) => n.message) as Array<{ key: string; params: { orderId?: string } }>;
};

/** An order whose payment was mined after its deadline: in review as a late payment. */
async function latePayment(amountMinor = 100_00) {
  const o = await order(amountMinor);
  clock.advance(31 * 60_000);
  // The chain's clock is brought level with the app's, past the deadline: the block is late.
  const head = await chain.rpc<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
  const behindS = Math.ceil(clock.now().getTime() / 1000) + 5 - Number(BigInt(head.timestamp));
  if (behindS > 0) await chain.rpc('evm_increaseTime', [behindS]);
  await usdt.expireDue();
  // Console sessions end after 30 idle minutes: the operators sign in again.
  for (const op of [admin, finance, support]) expect((await op.login()).statusCode).toBe(200);
  expect((await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id })).statusCode).toBe(200);
  await mine(REQUIRED);
  await usdt.watch();
  expect(await status(o.id)).toMatchObject({ status: 'review', reviewReason: 'late_payment' });
  return o;
}

describe('USDT review queue', () => {
  it('lists transfers under review for every role, with what an approval would credit', async () => {
    const o = await latePayment(250_00);
    const [item] = await queued(o.id);
    expect(item).toMatchObject({
      orderId: o.id,
      playerId,
      orderStatus: 'review',
      reviewReason: 'late_payment',
      receivedBaseUnits: o.usdtAmountBaseUnits,
      orderAmountMinor: 250_00,
      rate: '83.25',
      creditMinor: 250_00,
      tokenSymbol: 'USDT',
    });
    expect(item!.transferId).toBe(`${item!.txHash}:${item!.logIndex}`);
    expect((await queue(finance)).some((i) => i.orderId === o.id)).toBe(true);
    expect((await queue(admin)).some((i) => i.orderId === o.id)).toBe(true);
  });

  it('approves once: credits the locked-rate value through the ledger, naming the operator, and tells the player', async () => {
    const o = await latePayment(120_00);
    const [item] = await queued(o.id);
    const before = await balance();

    // Support reads but does not decide; a refused decision changes nothing.
    const refused = await support.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'statement checked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    // The note is required.
    const noNote = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.code).toBe('VALIDATION_FAILED');
    expect(await balance()).toBe(before);
    expect(await creditsOf(o.id)).toBe(0);

    const res = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'late by a minute, player asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ transferId: item!.transferId, orderId: o.id, status: 'approved', creditedMinor: 120_00, orderStatus: 'succeeded' });
    expect(await balance()).toBe(before + 120_00);
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 120_00, txHash: item!.txHash });
    expect((await queue()).some((i) => i.orderId === o.id)).toBe(false);

    const financeId = await operatorId('fenna');
    const ledger = await t.db.query<{ id: string; metadata: Record<string, unknown> }>('SELECT id, metadata FROM ledger_transfers WHERE reference = $1', [o.id]);
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.rows[0]!.metadata).toMatchObject({ operatorId: financeId, txHash: item!.txHash, review: true });
    const row = (await t.db.query('SELECT status, reviewed_by, review_note, credited_minor, ledger_transfer_id FROM usdt_transfers WHERE order_id = $1', [o.id])).rows[0];
    expect(row).toMatchObject({ status: 'approved', reviewed_by: financeId, review_note: 'late by a minute, player asked', ledger_transfer_id: ledger.rows[0]!.id });
    expect(Number((row as { credited_minor: number }).credited_minor)).toBe(120_00);

    const audit = await auditRows('usdt.approve', `usdt_transfer:${item!.transferId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: financeId, after: { status: 'approved', creditedMinor: 120_00, note: 'late by a minute, player asked' } });
    expect((await inbox()).filter((n) => n.key === 'depositSucceeded' && n.params.orderId === o.id)).toHaveLength(1);

    // A second decision on the same transfer is refused and changes nothing.
    for (const path of ['approve', 'reject']) {
      const again = await admin.call('POST', `/api/admin/usdt/${item!.transferId}/${path}`, { note: 'once more' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
    }
    expect(await balance()).toBe(before + 120_00);
    expect(await creditsOf(o.id)).toBe(1);
    expect(await auditRows('usdt.approve', `usdt_transfer:${item!.transferId}`)).toHaveLength(1);
  });

  it('credits once when two operators approve at the same moment', async () => {
    const o = await latePayment(190_00);
    const [item] = await queued(o.id);
    const before = await balance();
    const results = await Promise.all([
      finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'approve from desk one' }),
      admin.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'approve from desk two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before + 190_00);
    expect(await creditsOf(o.id)).toBe(1);
    expect(await auditRows('usdt.approve', `usdt_transfer:${item!.transferId}`)).toHaveLength(1);
  });

  it('credits a second payment to an order that already succeeded; the order keeps its first credit', async () => {
    const o = await order(100_00);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    const [item] = await queued(o.id);
    expect(item).toMatchObject({ orderStatus: 'succeeded', reviewReason: 'second_payment', creditMinor: 100_00 });
    const before = await balance();
    const res = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'player meant to pay twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', creditedMinor: 100_00, orderStatus: 'succeeded' });
    expect(await balance()).toBe(before + 100_00);
    expect(await creditsOf(o.id)).toBe(2);
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 100_00 });
  });

  it('rejects: credits nothing, closes the order as it was and records who decided', async () => {
    const o = await order(100_00);
    expect((await player.call('POST', '/api/wallet/cancel-deposit', { orderId: o.id })).statusCode).toBe(200);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    const [item] = await queued(o.id);
    expect(item!.reviewReason).toBe('paid_after_cancel');
    const before = await balance();

    expect((await support.call('POST', `/api/admin/usdt/${item!.transferId}/reject`, { note: 'returned on chain' })).statusCode).toBe(403);
    const res = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/reject`, { note: 'returned to sender, tx 0xabc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', creditedMinor: null, ledgerTransferId: null, orderStatus: 'cancelled' });
    expect(await balance()).toBe(before);
    expect(await creditsOf(o.id)).toBe(0);
    expect(await status(o.id)).toMatchObject({ status: 'cancelled', creditedMinor: null });
    const row = (await t.db.query('SELECT status, reviewed_by, review_note FROM usdt_transfers WHERE order_id = $1', [o.id])).rows[0];
    expect(row).toMatchObject({ status: 'rejected', reviewed_by: await operatorId('fenna'), review_note: 'returned to sender, tx 0xabc' });
    expect(await auditRows('usdt.reject', `usdt_transfer:${item!.transferId}`)).toHaveLength(1);
    expect((await inbox()).filter((n) => n.key === 'depositFailed' && n.params.orderId === o.id)).toHaveLength(1);

    const again = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'changed my mind' });
    expect(again.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
    expect(await creditsOf(o.id)).toBe(0);
  });

  it('refuses to approve what is worth less than a paisa; it can only be rejected', async () => {
    const [item] = await queued(tinyOrderId);
    expect(item).toMatchObject({ reviewReason: 'amount_too_small', creditMinor: 0, receivedBaseUnits: '1' });
    const res = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'try anyway' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
    expect(await creditsOf(tinyOrderId)).toBe(0);
    expect(await auditRows('usdt.approve', `usdt_transfer:${item!.transferId}`)).toHaveLength(0);
    const rejected = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/reject`, { note: 'dust, ignored' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', orderStatus: 'expired' });
  });

  it('answers bad and unknown transfer ids with stable codes', async () => {
    const bad = await finance.call('POST', '/api/admin/usdt/not-a-transfer/approve', { note: 'role check' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const unknown = await finance.call('POST', `/api/admin/usdt/0x${'ab'.repeat(32)}:0/approve`, { note: 'role check' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('DEPOSIT_NOT_FOUND');
    // The console sends the id URL-encoded (its ':' as %3A): the same transfer id.
    const encoded = await finance.call('POST', `/api/admin/usdt/${encodeURIComponent(`0x${'ab'.repeat(32)}:0`)}/reject`, { note: 'role check' });
    expect(encoded.statusCode).toBe(404);
    expect(encoded.json().error.code).toBe('DEPOSIT_NOT_FOUND');
  });

  it('holds one credit per approved transfer in the database itself', async () => {
    const o = await latePayment(180_00);
    const [item] = await queued(o.id);
    const [other] = await queued((await latePayment(170_00)).id);
    // Approved without a ledger transfer, or decided without naming the operator: refused.
    await expect(t.db.query(`UPDATE usdt_transfers SET status = 'approved' WHERE tx_hash = $1 AND log_index = $2`, [item!.txHash, item!.logIndex])).rejects.toThrow();
    await expect(t.db.query(`UPDATE usdt_transfers SET status = 'rejected' WHERE tx_hash = $1 AND log_index = $2`, [item!.txHash, item!.logIndex])).rejects.toThrow();
    expect((await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'approved for the test' })).statusCode).toBe(200);
    const credited = (await t.db.query<{ ledger_transfer_id: string }>('SELECT ledger_transfer_id FROM usdt_transfers WHERE order_id = $1', [o.id])).rows[0]!;
    // Another transfer cannot point at the same ledger credit.
    await expect(
      t.db.query(
        `UPDATE usdt_transfers SET status = 'approved', ledger_transfer_id = $3, credited_minor = 1, reviewed_by = $4, reviewed_at = now(), review_note = 'x' WHERE tx_hash = $1 AND log_index = $2`,
        [other!.txHash, other!.logIndex, credited.ledger_transfer_id, await operatorId('fenna')],
      ),
    ).rejects.toThrow(/unique|duplicate/i);
    expect((await finance.call('POST', `/api/admin/usdt/${other!.transferId}/reject`, { note: 'returned for the test' })).statusCode).toBe(200);
  });
});

describe('an overpayment (issue 18)', () => {
  /** An order paid with `tokens` whole test USDT, mined and watched. */
  async function overpaid(amountMinor: number, tokens: bigint) {
    const o = await order(amountMinor);
    const res = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id, amountBaseUnits: (tokens * 10n ** 18n).toString() });
    expect(res.statusCode, res.body).toBe(200);
    await mine(REQUIRED);
    await usdt.watch();
    return o;
  }
  /** What a payment of `tokens` is worth for the order: the order itself (its rounded-up amount asked counts as exactly the order) plus the excess at ₹83.25 (decision 260). */
  const worthMinor = (o: { usdtAmountBaseUnits: string }, amountMinor: number, tokens: bigint) =>
    amountMinor + Number(((tokens * 10n ** 18n - BigInt(o.usdtAmountBaseUnits)) * 8325n) / 10n ** 18n);

  it('credits a ₹100 order paid with 1,000,000 USDT with ₹101 only; the rest waits in review, never in the balance', async () => {
    const before = await balance();
    const o = await overpaid(100_00, 1_000_000n);
    // ₹100 ordered + the 1 % tolerance; ₹8.3 crore arrived at the locked rate of ₹83.25.
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 101_00, overpaid: true, reviewReason: 'overpaid' });
    expect(await balance()).toBe(before + 101_00);
    expect(await creditsOf(o.id)).toBe(1);
    const [item] = await queued(o.id);
    expect(item).toMatchObject({ orderStatus: 'succeeded', reviewReason: 'overpaid', creditMinor: worthMinor(o, 100_00, 1_000_000n) - 101_00, orderAmountMinor: 100_00 });

    // Rejected: nothing more is credited, the order keeps its credit, the queue is empty of it.
    const res = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/reject`, { note: 'returned 999,998.8 USDT on chain' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', creditedMinor: null, orderStatus: 'succeeded' });
    expect(await balance()).toBe(before + 101_00);
    expect(await creditsOf(o.id)).toBe(1);
    expect((await queue()).some((i) => i.orderId === o.id)).toBe(false);
  });

  it('an approved excess is credited once through the ledger, on top of the order', async () => {
    const before = await balance();
    const o = await overpaid(200_00, 10n); // 10 USDT (₹832.50 at ₹83.25) for a ₹200 order
    const worth = worthMinor(o, 200_00, 10n);
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 202_00 });
    const [item] = await queued(o.id);
    expect(item!.creditMinor).toBe(worth - 202_00);
    const results = await Promise.all([
      finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'player confirmed the extra' }),
      admin.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'player confirmed the extra' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json().data).toMatchObject({ status: 'approved', creditedMinor: worth - 202_00, orderStatus: 'succeeded' });
    expect(await balance()).toBe(before + worth);
    expect(await creditsOf(o.id)).toBe(2);
    // The order still shows its own credit; the excess is the transfer's.
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 202_00 });
  });

  it('a later payment to an overpaid order is a second payment, not a credit', async () => {
    const before = await balance();
    const o = await overpaid(100_00, 5n);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    expect(await balance()).toBe(before + 101_00);
    const items = await queued(o.id);
    expect(items.map((i) => i.reviewReason).sort()).toEqual(['overpaid', 'second_payment']);
  });
});

describe('USDT credits and deposit limits (decisions 391, 393)', () => {
  it('counts the 1 % tolerance and an approved excess toward the limit, and warns the operator before an approval passes it', async () => {
    const limited = new PlayerClient(t.app, '203.0.113.42', true);
    expect((await limited.register('9844444442')).statusCode).toBe(200);
    const limitedId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9844444442'`)).rows[0]!.id;
    expect((await limited.call('POST', '/api/safety/limits', { kind: 'deposit', period: 'day', amountMinor: 1_000_00 })).statusCode).toBe(200);
    const dayLimit = async () =>
      ((await limited.call('GET', '/api/safety')).json().data.limits as { kind: string; period: string }[]).find((l) => l.kind === 'deposit' && l.period === 'day');
    const ledgerCredits = async () =>
      Number((await t.db.query<{ s: string }>(
        `SELECT COALESCE(SUM(e.amount_minor), 0)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
           JOIN ledger_transfers x ON x.id = e.transfer_id WHERE a.owner = $1 AND x.kind = 'deposit_usdt'`,
        [String(limitedId)],
      )).rows[0]!.s);

    // ₹990 ordered, 13 USDT (₹1,082.25 at ₹83.25) sent: ₹999.90 credited (the order + 1 %), the rest in review.
    const res = await limited.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 990_00, idempotencyKey: `review-key-${++keySeq}` });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data as { id: string; usdtAmountBaseUnits: string };
    expect((await limited.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id, amountBaseUnits: (13n * 10n ** 18n).toString() })).statusCode).toBe(200);
    await mine(REQUIRED);
    await usdt.watch();
    expect(await ledgerCredits()).toBe(999_90);
    expect(await dayLimit()).toMatchObject({ usedMinor: 999_90, reservedMinor: 0, remainingMinor: 10 });

    const worth = 990_00 + Number(((13n * 10n ** 18n - BigInt(o.usdtAmountBaseUnits)) * 8325n) / 10n ** 18n);
    const [item] = await queued(o.id);
    expect(item).toMatchObject({ reviewReason: 'overpaid', creditMinor: worth - 999_90, limitWarning: [{ period: 'day', limitMinor: 1_000_00, usedMinor: worth }] });

    const approved = await finance.call('POST', `/api/admin/usdt/${item!.transferId}/approve`, { note: 'player asked to keep the extra' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', creditedMinor: worth - 999_90, limitPassed: [{ period: 'day', limitMinor: 1_000_00, usedMinor: worth }] });
    expect(await ledgerCredits()).toBe(worth);
    expect(await dayLimit()).toMatchObject({ usedMinor: worth, reservedMinor: 0, remainingMinor: 0 });
    await t.app.events.dispatch();
    const alerts = (await (await support.call('GET', '/api/admin/alerts')).json().data.items) as { kind: string; target: string; details: Record<string, unknown> }[];
    expect(alerts.find((a) => a.kind === 'deposit_limit_passed' && a.target === `player:${limitedId}`)).toMatchObject({ details: { orderId: o.id, channel: 'usdt', amountMinor: worth - 999_90 } });
    const refused = await limited.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 100_00, idempotencyKey: `review-key-${++keySeq}` });
    expect(refused.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', details: { remainingMinor: 0 } });
  }, 60_000);
});

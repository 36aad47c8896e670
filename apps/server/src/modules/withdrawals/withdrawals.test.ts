import { fakeClock } from '../../lib/clock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { HOUSE_ACCOUNTS, checkInvariants, getBalance } from '../ledger';
import { balanceOf, deposit, holdBalance, newPlayer, play, verifiedKyc } from './test-fixtures';

/**
 * Withdrawals (docs/payments.md): every money path through the ledger (invariants checked after each
 * test), the wagering lock, limits, KYC gate, two-person rule, races on real transactions, and
 * the sandbox payout callback (signed, replayed, forged).
 */

let t: TestApp;
const clock = fakeClock(new Date('2026-11-23T06:00:00Z'));
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WITHDRAWAL_SECOND_APPROVAL_MINOR: '1000000', WITHDRAWAL_AUTO_APPROVE_MAX_MINOR: '200000' } });
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

/** A player with `fundsMinor` deposited and fully played through (stakes won back), KYC verified, one UPI method old enough. */
async function readyPlayer(fundsMinor = 100_000, opts: { verified?: boolean } = {}) {
  const playerId = await newPlayer(t.db, clock.now());
  await deposit(t.db, playerId, fundsMinor);
  // Staked the whole deposit and won it back: nothing wagering-locked.
  await play(t.db, playerId, fundsMinor, fundsMinor);
  if (opts.verified !== false) await verifiedKyc(t.app, playerId);
  const method = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `p${playerId}@okaxis` });
  clock.advance(25 * HOUR);
  return { playerId, methodId: method.id };
}

let keySeq = 0;
const key = () => `wdkey-${Date.now()}-${++keySeq}`;

async function sandboxDecide(withdrawalId: string, decision: 'paid' | 'failed' | 'reversed') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/payouts/${withdrawalId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  expect(res.statusCode, res.body).toBe(303);
}

describe('requesting a withdrawal', () => {
  it('moves the amount from main to the hold in one transfer, and cancel moves it back once', async () => {
    const { playerId, methodId } = await readyPlayer(100_000);
    const holdBefore = await holdBalance(t.db);
    const idempotencyKey = key();
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 30_000, idempotencyKey });
    // The first withdrawal is a risk flag: it waits for review.
    expect(w).toMatchObject({ status: 'review', amountMinor: 30_000, feeMinor: 0, netAmountMinor: 30_000, cancellable: true });
    expect(await balanceOf(t.db, playerId)).toBe(70_000);
    expect((await holdBalance(t.db)) - holdBefore).toBe(30_000);

    // A retry with the same key returns the same withdrawal and moves nothing.
    expect((await t.app.withdrawals.request(playerId, { methodId, amountMinor: 30_000, idempotencyKey })).id).toBe(w.id);
    expect(await balanceOf(t.db, playerId)).toBe(70_000);
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 31_000, idempotencyKey })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });

    const cancelled = await t.app.withdrawals.cancel(playerId, w.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(cancelled.completedAt).not.toBeNull();
    expect(await balanceOf(t.db, playerId)).toBe(100_000);
    // Cancelling again answers the same and returns nothing twice.
    await t.app.withdrawals.cancel(playerId, w.id);
    expect(await balanceOf(t.db, playerId)).toBe(100_000);
    expect((await holdBalance(t.db)) - holdBefore).toBe(0);
  });

  it('needs a verified KYC, an own method, and an amount within the limits', async () => {
    const { playerId, methodId } = await readyPlayer(100_000, { verified: false });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    await verifiedKyc(t.app, playerId);
    const other = await readyPlayer();
    await expect(t.app.withdrawals.request(playerId, { methodId: other.methodId, amountMinor: 20_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'PAYOUT_METHOD_NOT_FOUND' });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 9_999, idempotencyKey: key() })).rejects.toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000_001, idempotencyKey: key() })).rejects.toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 100_001, idempotencyKey: key() })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t.db, playerId)).toBe(100_000);
  });

  it('allows the configured number of withdrawals per IST day, counting from IST midnight', async () => {
    const { playerId, methodId } = await readyPlayer(100_000);
    // 18:00 UTC is 23:30 IST: the next IST day starts 30 minutes later.
    const now = clock.now();
    clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 18, 0) - now.getTime());
    for (let i = 0; i < 3; i++) await t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000, idempotencyKey: key() });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'WITHDRAWAL_DAILY_LIMIT' });
    expect((await t.app.withdrawals.info(playerId)).dailyCountLeft).toBe(0);
    clock.advance(31 * 60_000);
    expect((await t.app.withdrawals.info(playerId)).dailyCountLeft).toBe(3);
    await t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000, idempotencyKey: key() });
  });
});

describe('wagering lock', () => {
  it('keeps deposits not yet played through from being withdrawn, and says why', async () => {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 50_000);
    await verifiedKyc(t.app, playerId);
    const { id: methodId } = await t.app.withdrawals.addMethod(playerId, { kind: 'bank', accountHolder: 'Asha Verma', accountNumber: '123456789012', ifsc: 'HDFC0001234' });
    clock.advance(25 * HOUR);

    let info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ balanceMinor: 50_000, withdrawableMinor: 0, wageringLockedMinor: 50_000, wagering: { factor: 1, remainingToPlayMinor: 50_000, lockReason: 'wagering' }, kycStatus: 'verified' });

    // ₹300 staked and lost, then ₹400 staked winning ₹700: ₹700 played of ₹500 → nothing locked.
    await play(t.db, playerId, 30_000);
    info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ balanceMinor: 20_000, withdrawableMinor: 0, wageringLockedMinor: 20_000, wagering: { remainingToPlayMinor: 20_000 } });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'WAGERING_LOCKED' });

    await play(t.db, playerId, 10_000, 30_000);
    info = await t.app.withdrawals.info(playerId);
    // Played 40,000 of 50,000: 10,000 still locked of the 40,000 balance.
    expect(info).toMatchObject({ balanceMinor: 40_000, withdrawableMinor: 30_000, wageringLockedMinor: 10_000 });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 30_001, idempotencyKey: key() })).rejects.toMatchObject({ code: 'WAGERING_LOCKED' });
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 30_000, idempotencyKey: key() });
    expect(w.method).toMatchObject({ kind: 'bank', summary: 'HDFC0001234 ••••9012' });
    expect(await balanceOf(t.db, playerId)).toBe(10_000);
  });

  /** A player with ₹2,000 deposited and never played, KYC verified, a UPI method old enough. */
  async function unplayedDeposit() {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 200_000);
    await verifiedKyc(t.app, playerId);
    const { id: methodId } = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `x${playerId}@okaxis` });
    clock.advance(25 * HOUR);
    return { playerId, methodId };
  }

  it('waives the lock for a self-excluded player: the whole balance can leave, and the audit trail says so (decision 400)', async () => {
    const { playerId, methodId } = await unplayedDeposit();
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 200_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'WAGERING_LOCKED' });
    await t.app.safety.selfExclude(playerId, { months: 6 });
    expect(await t.app.withdrawals.info(playerId)).toMatchObject({ balanceMinor: 200_000, withdrawableMinor: 200_000, wageringLockedMinor: 0, wagering: { lockReason: null } });
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 200_000, idempotencyKey: key() });
    expect(w).toMatchObject({ amountMinor: 200_000, status: 'review' });
    expect(await balanceOf(t.db, playerId)).toBe(0);
    // Recorded once when the exclusion starts; extending it records nothing more.
    await t.app.safety.selfExclude(playerId, { months: 12 });
    const waivers = (await t.app.safety.history(playerId)).filter((c) => c.action === 'wagering_lock.waived');
    expect(waivers).toEqual([expect.objectContaining({ detail: { reason: 'self_exclusion' } })]);
    const { rows } = await t.db.query<{ detail: unknown }>(`SELECT detail FROM withdrawal_events WHERE withdrawal_id = $1 AND to_status = 'requested'`, [w.id]);
    expect(rows[0]?.detail).toEqual({ wageringLockWaived: 'self_exclusion' });
  });

  it('keeps the lock for a player on a break (it ends by itself)', async () => {
    const { playerId, methodId } = await unplayedDeposit();
    await t.app.safety.takeBreak(playerId, { days: 7 });
    expect(await t.app.withdrawals.info(playerId)).toMatchObject({ withdrawableMinor: 0, wageringLockedMinor: 200_000 });
    await expect(t.app.withdrawals.request(playerId, { methodId, amountMinor: 200_000, idempotencyKey: key() })).rejects.toMatchObject({ code: 'WAGERING_LOCKED' });
    expect(await balanceOf(t.db, playerId)).toBe(200_000);
  });
});

describe('operator review, payouts and their outcomes', () => {
  it('approve → processing → paid settles the hold to house:withdrawals, with the operator recorded', async () => {
    const { playerId, methodId } = await readyPlayer(100_000);
    const paidBefore = await getBalance(t.db, HOUSE_ACCOUNTS.withdrawals).catch(() => 0);
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() });
    const queue = await t.app.withdrawals.listForReview();
    expect(queue.items.find((i) => i.id === w.id)).toMatchObject({ playerId, approvalsRequired: 1, reviewReasons: ['risk_flag:first_withdrawal'] });

    const approved = await t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_finance_1', note: 'looks fine' });
    expect(approved).toMatchObject({ status: 'approved', withdrawal: { status: 'approved', approvals: [{ operatorId: 'op_finance_1' }] } });
    await expect(t.app.withdrawals.cancel(playerId, w.id)).rejects.toMatchObject({ code: 'WITHDRAWAL_STATE_CONFLICT' });

    expect(await t.app.withdrawals.sendApproved()).toMatchObject({ sent: 1 });
    expect((await t.app.withdrawals.get(playerId, w.id)).status).toBe('processing');
    await sandboxDecide(w.id, 'paid');
    const paid = await t.app.withdrawals.get(playerId, w.id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.paidAt).not.toBeNull();
    expect((await getBalance(t.db, HOUSE_ACCOUNTS.withdrawals)) - paidBefore).toBe(20_000);
    expect(await balanceOf(t.db, playerId)).toBe(80_000);

    const { rows } = await t.db.query<{ kind: string; metadata: Record<string, unknown> }>(
      `SELECT kind, metadata FROM ledger_transfers WHERE reference = $1 ORDER BY created_at`,
      [w.id],
    );
    expect(rows.map((r) => r.kind)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    expect(rows[1]!.metadata).toMatchObject({ approvedBy: ['op_finance_1'] });

    // The second, small withdrawal of a player with a paid one and an old method is paid automatically.
    const auto = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 15_000, idempotencyKey: key() });
    expect(auto.status).toBe('approved');
    expect(await t.app.withdrawals.sendApproved()).toMatchObject({ sent: 1 });
    await sandboxDecide(auto.id, 'paid');
    expect((await t.app.withdrawals.get(playerId, auto.id)).status).toBe('paid');
  });

  it('reject returns the hold with the reason the player reads and the operator in the transfer', async () => {
    const { playerId, methodId } = await readyPlayer(100_000);
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 25_000, idempotencyKey: key() });
    await expect(t.app.withdrawals.reject({ withdrawalId: w.id, operatorId: 'op_finance_2', note: '  ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const rejected = await t.app.withdrawals.reject({ withdrawalId: w.id, operatorId: 'op_finance_2', note: 'Name does not match the bank account' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Name does not match the bank account' });
    expect(await balanceOf(t.db, playerId)).toBe(100_000);
    const { rows } = await t.db.query<{ metadata: Record<string, unknown> }>(`SELECT metadata FROM ledger_transfers WHERE reference = $1 AND kind = 'withdrawal_release'`, [w.id]);
    expect(rows[0]!.metadata).toMatchObject({ actor: 'operator', operatorId: 'op_finance_2' });
    await expect(t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_finance_1', note: '' })).rejects.toMatchObject({ code: 'WITHDRAWAL_STATE_CONFLICT' });
  });

  it('failed returns the hold; failed after paid returns the money and the fee, each exactly once', async () => {
    const t2 = await buildTestApp({ clock, env: { WITHDRAWAL_FEE_FIXED_MINOR: '500', WITHDRAWAL_FEE_BPS: '100' } });
    try {
      const playerId = await newPlayer(t2.db, clock.now());
      await deposit(t2.db, playerId, 100_000);
      await play(t2.db, playerId, 100_000, 100_000);
      await verifiedKyc(t2.app, playerId);
      const { id: methodId } = await t2.app.withdrawals.addMethod(playerId, { kind: 'usdt', address: `0x${'ab'.repeat(20)}` });
      const decide = async (id: string, decision: string) =>
        t2.app.inject({ method: 'POST', url: `/sandbox/payouts/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

      const a = await t2.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() });
      // fee = 500 + 1% of 20,000.
      expect(a).toMatchObject({ feeMinor: 700, netAmountMinor: 19_300 });
      await t2.app.withdrawals.approve({ withdrawalId: a.id, operatorId: 'op_1', note: '' });
      await t2.app.withdrawals.sendApproved();
      expect((await t2.db.query(`SELECT amount_minor FROM sandbox_payouts WHERE withdrawal_id = $1`, [a.id])).rows[0]).toMatchObject({ amount_minor: 19_300 });
      await decide(a.id, 'failed');
      expect(await t2.app.withdrawals.get(playerId, a.id)).toMatchObject({ status: 'failed', failureReason: 'Sandbox: marked failed by the tester' });
      expect(await balanceOf(t2.db, playerId)).toBe(100_000);
      await decide(a.id, 'failed');
      expect(await balanceOf(t2.db, playerId)).toBe(100_000);

      const fees = await getBalance(t2.db, HOUSE_ACCOUNTS.fees).catch(() => 0);
      const b = await t2.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() });
      await t2.app.withdrawals.approve({ withdrawalId: b.id, operatorId: 'op_1', note: '' });
      await t2.app.withdrawals.sendApproved();
      await decide(b.id, 'paid');
      expect(await balanceOf(t2.db, playerId)).toBe(80_000);
      expect((await getBalance(t2.db, HOUSE_ACCOUNTS.fees)) - fees).toBe(700);
      await decide(b.id, 'reversed');
      expect(await t2.app.withdrawals.get(playerId, b.id)).toMatchObject({ status: 'failed_after_paid', failureReason: 'Sandbox: returned by the bank' });
      expect(await balanceOf(t2.db, playerId)).toBe(100_000);
      expect((await getBalance(t2.db, HOUSE_ACCOUNTS.fees)) - fees).toBe(0);
      // The gateway saying it again (a new event id) returns nothing twice.
      const again = await t2.app.withdrawals.handlePayoutEvent({
        eventId: 'evt_again_1', payoutRef: 'spo_x', withdrawalId: b.id, status: 'reversed', amountMinor: 19_300, reference: null, failureReason: null,
      });
      expect(again.outcome).toBe('ignored');
      expect(await balanceOf(t2.db, playerId)).toBe(100_000);
      expect(await checkInvariants(t2.db)).toEqual([]);
    } finally {
      await t2.app.close();
    }
  });

  it('above the second-approval amount two different operators must approve', async () => {
    const { playerId, methodId } = await readyPlayer(2_000_000);
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 1_000_000, idempotencyKey: key() });
    expect(w.status).toBe('review');
    const first = await t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_a', note: 'first' });
    expect(first).toMatchObject({ status: 'awaiting_second_approval', withdrawal: { status: 'review', approvalsRequired: 2 } });
    await expect(t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_a', note: 'again' })).rejects.toMatchObject({ code: 'SECOND_APPROVAL_SAME_OPERATOR' });
    const second = await t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_b', note: 'second' });
    expect(second).toMatchObject({ status: 'approved', withdrawal: { approvals: [{ operatorId: 'op_a' }, { operatorId: 'op_b' }] } });
    // The database itself refuses a second approval row by one operator.
    await expect(
      t.db.query(`INSERT INTO withdrawal_approvals (withdrawal_id, operator_id, note, created_at) VALUES ($1, 'op_a', 'x', now())`, [w.id]),
    ).rejects.toThrow();
  });
});

describe('races on real transactions', () => {
  it('two withdrawals over the balance at once: one succeeds, one gets INSUFFICIENT_FUNDS', async () => {
    const { playerId, methodId } = await readyPlayer(50_000);
    const results = await Promise.allSettled([
      t.app.withdrawals.request(playerId, { methodId, amountMinor: 40_000, idempotencyKey: key() }),
      t.app.withdrawals.request(playerId, { methodId, amountMinor: 40_000, idempotencyKey: key() }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(t.db, playerId)).toBe(10_000);
  });

  it('cancel vs approve: exactly one wins, and the money is where the winner says', async () => {
    for (let round = 0; round < 3; round++) {
      const { playerId, methodId } = await readyPlayer(50_000);
      const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() });
      const [cancel, approve] = await Promise.allSettled([
        t.app.withdrawals.cancel(playerId, w.id),
        t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_race', note: '' }),
      ]);
      expect([cancel.status, approve.status].sort()).toEqual(['fulfilled', 'rejected']);
      const loser = (cancel.status === 'rejected' ? cancel : approve) as PromiseRejectedResult;
      expect(loser.reason).toMatchObject({ code: 'WITHDRAWAL_STATE_CONFLICT' });
      const final = await t.app.withdrawals.get(playerId, w.id);
      expect(final.status).toBe(cancel.status === 'fulfilled' ? 'cancelled' : 'approved');
      expect(await balanceOf(t.db, playerId)).toBe(final.status === 'cancelled' ? 50_000 : 30_000);
    }
  });

  it('double approve by two operators: exactly one approval moves it', async () => {
    const { playerId, methodId } = await readyPlayer(50_000);
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key() });
    const results = await Promise.allSettled([
      t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_x', note: '' }),
      t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_y', note: '' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'WITHDRAWAL_STATE_CONFLICT' });
    const { rows } = await t.db.query(`SELECT 1 FROM withdrawal_events WHERE withdrawal_id = $1 AND to_status = 'approved'`, [w.id]);
    expect(rows).toHaveLength(1);
  });
});

import { LAZY_API_PATHS } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { playerFactory } from '../../../test/helpers/players';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, getAccount } from '../ledger';
import { approvalsNeeded, playerSideMinor, secondApprovalVerdict } from './rules';

/**
 * Decision 421: an operator's credit or debit is a ledger transfer of kind `adjustment`, never a
 * balance edit; from ADJUSTMENT_SECOND_APPROVAL_MINOR (₹10,000 by default) on it waits for a second
 * operator whom the database's two-person rule (the withdrawals' functions) finds independent;
 * support cannot adjust; every step audited.
 */

const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const THRESHOLD = 10_000_00;
let t: TestApp;
let finance: OperatorClient;
let admin: OperatorClient;
let support: OperatorClient;
let keySeq = 0;
const key = () => `adj-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  finance = await OperatorClient.create(t.app, clock, 'adj-finance', 'finance', '198.51.100.21');
  admin = await OperatorClient.create(t.app, clock, 'adj-admin', 'admin', '198.51.100.22');
  support = await OperatorClient.create(t.app, clock, 'adj-support', 'support', '198.51.100.23');
  for (const op of [finance, admin, support]) expect((await op.login()).statusCode).toBe(200);
}, 60_000);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const newPlayer = playerFactory(() => t, '95');
const adjustPath = (playerId: number) => LAZY_API_PATHS.admin_player_adjustments.replace(':playerId', String(playerId));
const approvePath = (id: string) => LAZY_API_PATHS.admin_adjustment_approve.replace(':adjustmentId', id);
const adjust = (op: OperatorClient, playerId: number, body: Partial<{ direction: string; amountMinor: number; reason: string; note: string; idempotencyKey: string }>) =>
  op.call('POST', adjustPath(playerId), { direction: 'credit', amountMinor: 500_00, reason: 'goodwill', note: 'Missed bonus from the promotion', idempotencyKey: key(), ...body });
const balanceOf = async (playerId: number) => (await getAccount(t.db, accountCodes.playerMain(playerId)))?.balanceMinor ?? 0;
const transfersOf = async (playerId: number) =>
  (
    await t.db.query<{ kind: string; amount_minor: number }>(
      `SELECT t.kind, e.amount_minor::float8 AS amount_minor FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = $1 AND t.kind = 'adjustment' ORDER BY e.id`,
      [accountCodes.playerMain(playerId)],
    )
  ).rows;
const auditActions = async (target: string) => (await t.db.query<{ action: string }>(`SELECT action FROM operator_audit_log WHERE target = $1 ORDER BY id`, [target])).rows.map((r) => r.action);

describe('rules', () => {
  it('needs a second approval from the threshold on, signs the player side, and refuses the same approver or an applied one', () => {
    expect([approvalsNeeded(THRESHOLD - 1, THRESHOLD), approvalsNeeded(THRESHOLD, THRESHOLD)]).toEqual([1, 2]);
    expect([playerSideMinor('credit', 5), playerSideMinor('debit', 5)]).toEqual([5, -5]);
    expect(secondApprovalVerdict({ status: 'awaiting_second_approval', approvers: [1] }, 1)).toBe('same_operator');
    expect(secondApprovalVerdict({ status: 'applied', approvers: [1] }, 2)).toBe('already_applied');
    expect(secondApprovalVerdict({ status: 'awaiting_second_approval', approvers: [1] }, 2)).toBe('ok');
  });
});

describe('below the second-approval amount', () => {
  it('posts a credit and a debit at once as ledger transfers, once per idempotency key, audited', async () => {
    const { playerId } = await newPlayer(100_00);
    const idempotencyKey = key();
    const credit = await adjust(finance, playerId, { amountMinor: 500_00, idempotencyKey });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data).toMatchObject({ playerId, direction: 'credit', amountMinor: 500_00, reason: 'goodwill', status: 'applied', approvalsNeeded: 1 });
    expect(credit.json().data.transferId).toMatch(/^xfer_/);
    // A retry is the same adjustment, not a second credit.
    expect((await adjust(finance, playerId, { amountMinor: 500_00, idempotencyKey })).json().data.id).toBe(credit.json().data.id);
    expect(await balanceOf(playerId)).toBe(600_00);

    clock.advance(1_000);
    const debit = await adjust(admin, playerId, { direction: 'debit', amountMinor: 250_00, reason: 'duplicate_credit', note: 'Deposit credited twice' });
    expect(debit.json().data).toMatchObject({ direction: 'debit', status: 'applied' });
    expect(await balanceOf(playerId)).toBe(350_00);
    expect(await transfersOf(playerId)).toEqual([
      { kind: 'adjustment', amount_minor: 500_00 },
      { kind: 'adjustment', amount_minor: -250_00 },
    ]);
    expect(await auditActions(`adjustment:${credit.json().data.id}`)).toEqual(['adjustment.request']);
    const list = (await support.call('GET', adjustPath(playerId))).json().data.items;
    expect(list.map((a: { direction: string }) => a.direction)).toEqual(['debit', 'credit']);
  });

  it('refuses a debit past the balance, support, and bad input, changing nothing', async () => {
    const { playerId } = await newPlayer(100_00);
    const over = await adjust(finance, playerId, { direction: 'debit', amountMinor: 100_01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const bySupport = await adjust(support, playerId, {});
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().error.code).toBe('FORBIDDEN');
    expect((await adjust(finance, playerId, { reason: 'because' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await adjust(finance, playerId, { amountMinor: 0 })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await adjust(finance, playerId, { note: '' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await adjust(finance, 99_999_999, {})).statusCode).toBe(404);
    expect(await balanceOf(playerId)).toBe(100_00);
    expect((await finance.call('GET', adjustPath(playerId))).json().data.items).toEqual([]);
  });
});

describe('from the second-approval amount on', () => {
  it('waits for a second, independent operator; refuses the requester, support and an operator created after the request', async () => {
    const { playerId } = await newPlayer();
    const requested = await adjust(finance, playerId, { amountMinor: THRESHOLD, reason: 'payment_correction', note: 'Bank credited, gateway missed it' });
    expect(requested.json().data).toMatchObject({ status: 'awaiting_second_approval', approvalsNeeded: 2, transferId: null });
    const id = requested.json().data.id as string;
    expect(await balanceOf(playerId)).toBe(0);

    expect((await finance.call('POST', approvePath(id))).json().error.code).toBe('SECOND_APPROVAL_SAME_OPERATOR');
    expect((await support.call('POST', approvePath(id))).statusCode).toBe(403);
    // An operator created after the adjustment was requested is not independent (the database's rule).
    clock.advance(1_000);
    const late = await OperatorClient.create(t.app, clock, 'adj-late', 'admin', '198.51.100.24');
    expect((await late.login()).statusCode).toBe(200);
    const refused = await late.call('POST', approvePath(id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_APPROVER_NOT_INDEPENDENT');
    expect(await balanceOf(playerId)).toBe(0);
    const alerts = (await admin.call('GET', LAZY_API_PATHS.admin_alerts)).json().data.items;
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'approval_not_independent', target: `adjustment:${id}`, details: expect.objectContaining({ reason: 'created_after_request' }) }));

    const approved = await admin.call('POST', approvePath(id));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'applied', approvers: [expect.any(Number), expect.any(Number)] });
    expect(await balanceOf(playerId)).toBe(THRESHOLD);
    expect((await admin.call('POST', approvePath(id))).json().error.code).toBe('ADJUSTMENT_STATE_CONFLICT');
    // The refused approval left an alert (audited) and no approval row.
    expect(await auditActions(`adjustment:${id}`)).toEqual(['adjustment.request', 'alert.raise', 'adjustment.approve']);
  });

  it('is the database that refuses a dependent approver, whatever code inserts the approval', async () => {
    const { playerId } = await newPlayer();
    const id = (await adjust(finance, playerId, { amountMinor: THRESHOLD })).json().data.id as string;
    const financeId = (await finance.call('GET', LAZY_API_PATHS.admin_me)).json().data.operator.id as number;
    // An operator the finance operator's origin made (created_by), inserted straight into the table.
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO operators (username, password_hash, role, totp_secret_sealed, created_by, created_at, enrolled_at, countersigned_by, countersigned_at)
       SELECT 'adj-child', password_hash, 'admin', totp_secret_sealed, id, created_at, created_at, NULL, NULL FROM operators WHERE id = $1 RETURNING id::int AS id`,
      [financeId],
    );
    await expect(t.db.query(`INSERT INTO adjustment_approvals (adjustment_id, operator_id, at) VALUES ($1, $2, now())`, [id, rows[0]!.id])).rejects.toMatchObject({ code: 'CP001' });
    expect(await balanceOf(playerId)).toBe(0);
  });
});

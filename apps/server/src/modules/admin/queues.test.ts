import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

/**
 * The withdrawal and KYC queues through the console's routes: the two-person rule, roles on the
 * money actions, KYC decisions and the document route, each audited.
 */
const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
let player: PlayerClient;
let playerId: number;
let admin: OperatorClient;
let finance: OperatorClient;
let finance2: OperatorClient;
let support: OperatorClient;
let seq = 0;
// A tiny PNG: the signature is what the KYC module checks.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

beforeAll(async () => {
  // Plays-through off and a low two-person threshold keep the scenario short.
  t = await buildTestApp({ clock, env: { WITHDRAWAL_WAGERING_FACTOR: '0', WITHDRAWAL_SECOND_APPROVAL_MINOR: '50000' } });
  player = new PlayerClient(t.app, '203.0.113.1', true);
  expect((await player.register('9811111111')).statusCode).toBe(200);
  playerId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9811111111'`)).rows[0]!.id;
  admin = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  finance = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  finance2 = await OperatorClient.create(t.app, clock, 'fatima', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
});
beforeEach(async () => {
  clock.advance(30_000);
  for (const o of [admin, finance, finance2, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const auditRows = async (action: string) =>
  (await t.db.query<{ operator_id: number; target: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    'SELECT operator_id, target, before, after FROM operator_audit_log WHERE action = $1 ORDER BY id',
    [action],
  )).rows;
const balance = async () => (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
const idOf = async (o: OperatorClient) => (await o.call('GET', '/api/admin/me')).json().data.operator.id as number;

describe('KYC queue', () => {
  it('shows a submission to support, serves its document to operators only, and support verifies it', async () => {
    const submitted = await player.call('POST', '/api/kyc/submit', {
      fullName: 'Asha Player',
      dateOfBirth: '1990-04-01',
      panNumber: 'ABCDE1234F',
      document: { base64: PNG.toString('base64'), fileName: 'pan.png' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const pending = (await support.call('GET', '/api/admin/kyc/pending')).json().data.items;
    expect(pending).toHaveLength(1);
    const submission = pending[0];
    expect(submission).toMatchObject({ playerId, panNumber: 'ABCDE1234F', status: 'pending' });

    const doc = await support.call('GET', `/api/admin/kyc/${submission.id}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/png');
    expect(doc.headers['content-disposition']).toBe(`inline; filename="${submission.id}.png"`);
    expect(doc.headers['cache-control']).toBe('no-store');
    expect(Buffer.from(doc.rawPayload).equals(PNG)).toBe(true);
    expect((await auditRows('kyc.document_view')).at(-1)).toMatchObject({ target: `kyc:${submission.id}` });
    // Not public: no session, no document; a player's token does not help.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/kyc/${submission.id}/document` })).statusCode).toBe(401);
    expect((await player.call('GET', `/api/admin/kyc/${submission.id}/document`)).statusCode).toBe(401);

    // Finance moves money, not identities.
    expect((await finance.call('POST', `/api/admin/kyc/${submission.id}/verify`)).statusCode).toBe(403);
    const verified = await support.call('POST', `/api/admin/kyc/${submission.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'verified', decidedBy: String(await idOf(support)) });
    expect((await auditRows('kyc.verify')).at(-1)).toMatchObject({ operator_id: await idOf(support), target: `kyc:${submission.id}`, after: { status: 'verified' } });
    expect((await support.call('POST', `/api/admin/kyc/${submission.id}/reject`, { reason: 'too late' })).statusCode).toBe(409);
    expect((await support.call('GET', `/api/admin/players/${playerId}/kyc`)).json().data.status.status).toBe('verified');
  });
});

describe('withdrawal queue', () => {
  async function requestWithdrawal(amountMinor: number): Promise<string> {
    const methods = (await player.call('GET', '/api/wallet/withdraw/methods')).json().data;
    let methodId: string | undefined = methods.items?.[0]?.id;
    if (!methodId) {
      const added = await player.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'asha@okbank' });
      expect(added.statusCode, added.body).toBe(200);
      methodId = added.json().data.id;
    }
    const res = await player.call('POST', '/api/wallet/withdraw/request', { methodId, amountMinor, idempotencyKey: `wd-key-${++seq}-${Date.now()}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }

  beforeAll(async () => {
    // Money to withdraw: a ₹5,000 recharge that an operator approves through the console.
    const order = (await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 5000_00, idempotencyKey: 'seed-deposit-1' })).json().data;
    await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr: '123412341234' });
    clock.advance(30_000);
    expect((await finance.login()).statusCode).toBe(200);
    expect((await finance.call('POST', `/api/admin/deposits/${order.id}/review`, { decision: 'approve', note: 'statement checked' })).statusCode).toBe(200);
  });

  it('needs two different finance operators above the threshold; support gets 403; each step audited', async () => {
    const before = await balance();
    const id = await requestWithdrawal(1000_00);
    expect(await balance()).toBe(before - 1000_00);
    const queue = (await support.call('GET', '/api/admin/withdrawals/review')).json().data.items;
    expect(queue.find((w: { id: string }) => w.id === id)).toMatchObject({ playerId, amountMinor: 1000_00, approvalsRequired: 2 });

    expect((await support.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'looks fine' })).statusCode).toBe(403);
    expect((await support.call('POST', `/api/admin/withdrawals/${id}/reject`, { note: 'no' })).statusCode).toBe(403);

    const first = await finance.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'KYC and history checked' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('awaiting_second_approval');
    // The same operator cannot be the second pair of eyes.
    const again = await finance.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'me again' });
    expect(again.statusCode).toBe(409);
    const second = await finance2.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second check' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.status).toBe('approved');
    expect(second.json().data.withdrawal.approvals.map((a: { operatorId: string }) => a.operatorId)).toEqual([String(await idOf(finance)), String(await idOf(finance2))]);

    const rows = (await auditRows('withdrawal.approve')).filter((r) => r.target === `withdrawal:${id}`);
    expect(rows.map((r) => [r.operator_id, r.after.status])).toEqual([
      [await idOf(finance), 'awaiting_second_approval'],
      [await idOf(finance2), 'approved'],
    ]);
    expect((await support.call('GET', `/api/admin/players/${playerId}/withdrawals`)).json().data.items.some((w: { id: string }) => w.id === id)).toBe(true);
  });

  it('lets finance reject: the hold returns to the player, the transfer names the operator', async () => {
    const before = await balance();
    const id = await requestWithdrawal(200_00);
    const res = await finance.call('POST', `/api/admin/withdrawals/${id}/reject`, { note: 'payout name does not match KYC' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('rejected');
    expect(await balance()).toBe(before);
    const transfer = (await t.db.query<{ metadata: Record<string, unknown> }>(
      `SELECT metadata FROM ledger_transfers WHERE reference = $1 ORDER BY created_at DESC LIMIT 1`,
      [id],
    )).rows[0];
    expect(transfer?.metadata.operatorId).toBe(String(await idOf(finance)));
    expect((await auditRows('withdrawal.reject')).at(-1)).toMatchObject({ target: `withdrawal:${id}`, before: { status: 'review' }, after: { status: 'rejected' } });
  });
});

import { ADMIN_ENROL_PAGE } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { totpCode } from './totp';

/**
 * Decision 195, operators: one admin must not be able to pass the two-person rule alone. New
 * operators enrol through a one-time link whose secrets the creator never sees; a second approver
 * must be independent of the first (not created by them, nor their creator, nor created after the
 * withdrawal was requested), enforced by the database; each such attempt, a replayed enrolment
 * link and a PAN shared between accounts raise an alert in the console, audited.
 */
const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
let asha: OperatorClient; // admin
let farid: OperatorClient; // finance, created before everything by the CLI (no creator)
let support: OperatorClient;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WITHDRAWAL_WAGERING_FACTOR: '0', WITHDRAWAL_SECOND_APPROVAL_MINOR: '50000', WITHDRAWAL_DAILY_COUNT: '20' } });
  asha = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  farid = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
  for (const o of [asha, farid, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => t.app.close());

const alerts = async () => (await support.call('GET', '/api/admin/alerts')).json().data.items as Array<{ kind: string; operatorId: number | null; target: string; details: Record<string, unknown> }>;
const auditRows = async (action: string) =>
  (await t.db.query<{ operator_id: number | null; target: string; after: Record<string, unknown> }>('SELECT operator_id, target, after FROM operator_audit_log WHERE action = $1 ORDER BY id', [action])).rows;
const idOf = async (o: OperatorClient) => (await o.call('GET', '/api/admin/me')).json().data.operator.id as number;
const tick = async () => {
  clock.advance(30_000);
};

/** What the new operator does with the link: open it, add the secret, confirm a code, choose a password. */
async function enrol(token: string, username: string, address = '192.0.2.50') {
  const newcomer = new OperatorClient(t.app, username, `Own-pass-${username}-0123`, '', clock, address);
  const offer = await newcomer.call('POST', '/api/admin/enrolment/start', { token });
  expect(offer.statusCode, offer.body).toBe(200);
  const secret = offer.json().data.totpSecret as string;
  const done = await newcomer.call('POST', '/api/admin/enrolment/complete', { token, password: newcomer.password, code: totpCode(secret, clock.now().getTime()) });
  expect(done.statusCode, done.body).toBe(200);
  await tick();
  const client = new OperatorClient(t.app, username, newcomer.password, secret, clock, address);
  expect((await client.login()).statusCode).toBe(200);
  return client;
}

describe('operator enrolment by one-time link', () => {
  it('gives the creator a link, never a password or TOTP secret; only the new operator learns them', async () => {
    const res = await asha.call('POST', '/api/admin/operators', { username: 'nadia', role: 'finance' });
    expect(res.statusCode, res.body).toBe(200);
    const invitation = res.json().data;
    expect(Object.keys(invitation).sort()).toEqual(['enrolmentPath', 'enrolmentToken', 'expiresAt', 'operator']);
    expect(invitation.enrolmentPath).toBe(`${ADMIN_ENROL_PAGE}#${invitation.enrolmentToken}`);
    expect(JSON.stringify(invitation)).not.toMatch(/password|totpSecret|otpauth/i);
    // Only a hash of the token is stored.
    const stored = (await t.db.query<{ h: string }>('SELECT enrolment_token_hash AS h FROM operators WHERE username = $1', ['nadia'])).rows[0]!.h;
    expect(stored).not.toContain(invitation.enrolmentToken);
    expect(stored).toHaveLength(64);
    // Not enrolled: nobody can sign in as nadia, whatever they try.
    const guess = new OperatorClient(t.app, 'nadia', 'anything-at-all-1', 'JBSWY3DPEHPK3PXP', clock);
    expect((await guess.login()).statusCode).toBe(401);

    // A wrong code at completion changes nothing, the link still works.
    const offer = (await guess.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken })).json().data;
    expect(offer).toMatchObject({ username: 'nadia', role: 'finance', otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const wrong = await guess.call('POST', '/api/admin/enrolment/complete', { token: invitation.enrolmentToken, password: 'Nadia-own-pass-1', code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const nadia = await enrol(invitation.enrolmentToken, 'nadia');
    expect((await nadia.call('GET', '/api/admin/me')).json().data).toMatchObject({ operator: { username: 'nadia' }, mustChangePassword: false });
    expect((await auditRows('operator.enrol')).at(-1)).toMatchObject({ target: expect.stringMatching(/^operator:\d+$/), after: { enrolled: true, createdBy: await idOf(asha) } });
  });

  it('refuses a replayed link (start or complete), and raises an alert for it', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'omar', role: 'support' })).json().data;
    await enrol(invitation.enrolmentToken, 'omar');
    const replay = new OperatorClient(t.app, 'omar', 'x', '', clock, '192.0.2.99');
    const start = await replay.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken });
    expect([start.statusCode, start.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
    const complete = await replay.call('POST', '/api/admin/enrolment/complete', { token: invitation.enrolmentToken, password: 'Attacker-pass-123', code: '123456' });
    expect([complete.statusCode, complete.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
    // The real omar still signs in with his own password.
    expect((await t.db.query('SELECT 1 FROM operators WHERE username = $1 AND enrolled_at IS NOT NULL', ['omar'])).rows).toHaveLength(1);
    const found = (await alerts()).filter((a) => a.kind === 'enrolment_link_reused' && a.details.state === 'used');
    expect(found.map((a) => a.details.step).sort()).toEqual(['complete', 'start']);
    expect((await auditRows('alert.raise')).some((r) => r.after.kind === 'enrolment_link_reused')).toBe(true);
    // An unknown token is refused the same way (no alert: it names nobody).
    const unknown = await replay.call('POST', '/api/admin/enrolment/start', { token: 'A'.repeat(43) });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
  });

  it('lets exactly one of two concurrent completions win, and wants the CSRF header', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'racer', role: 'support' })).json().data;
    const c = new OperatorClient(t.app, 'racer', 'x', '', clock, '192.0.2.77');
    expect((await c.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken }, { csrf: false })).statusCode).toBe(403);
    const secret = (await c.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken })).json().data.totpSecret as string;
    const code = totpCode(secret, clock.now().getTime());
    const results = await Promise.all(
      ['Racer-one-pass-1', 'Racer-two-pass-2'].map((password) => c.call('POST', '/api/admin/enrolment/complete', { token: invitation.enrolmentToken, password, code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('refuses an expired link', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'priya', role: 'support' })).json().data;
    clock.advance(24 * 3600_000 + 1000);
    for (const o of [asha, farid, support]) expect((await o.login()).statusCode).toBe(200);
    const res = await new OperatorClient(t.app, 'priya', 'x', '', clock).call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
    expect((await alerts())[0]).toMatchObject({ kind: 'enrolment_link_reused', details: { state: 'expired' } });
  });
});

describe('two-person rule with independent operators', () => {
  let player: PlayerClient;

  async function requestWithdrawal(amountMinor: number): Promise<string> {
    const methods = (await player.call('GET', '/api/wallet/withdraw/methods')).json().data;
    let methodId: string | undefined = methods.items?.[0]?.id;
    if (!methodId) methodId = (await player.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'ravi@okbank' })).json().data.id;
    const res = await player.call('POST', '/api/wallet/withdraw/request', { methodId, amountMinor, idempotencyKey: `ind-${++seq}-${Date.now()}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }

  beforeAll(async () => {
    await tick();
    for (const o of [asha, farid, support]) expect((await o.login()).statusCode).toBe(200);
    player = new PlayerClient(t.app, '203.0.113.41', true);
    expect((await player.register('9822222222')).statusCode).toBe(200);
    const kyc = await player.call('POST', '/api/kyc/submit', { fullName: 'Ravi Player', dateOfBirth: '1990-04-01', panNumber: 'ABCDE1234F', document: { base64: PNG.toString('base64') } });
    expect(kyc.statusCode, kyc.body).toBe(200);
    const [submission] = (await support.call('GET', '/api/admin/kyc/pending')).json().data.items;
    expect((await support.call('POST', `/api/admin/kyc/${submission.id}/verify`)).statusCode).toBe(200);
    const order = (await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 5000_00, idempotencyKey: 'ind-deposit-1' })).json().data;
    await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr: '223412341234' });
    expect((await farid.call('POST', `/api/admin/deposits/${order.id}/review`, { decision: 'approve', note: 'statement checked' })).statusCode).toBe(200);
  });

  it('refuses, in the database, a second approver created by the first approver, and raises an alert', async () => {
    // Asha creates a finance operator and (reading the link herself) enrols it: a puppet.
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'puppet', role: 'finance' })).json().data;
    const puppet = await enrol(invitation.enrolmentToken, 'puppet', asha.address);
    await tick();
    for (const o of [asha, puppet]) expect((await o.login()).statusCode).toBe(200);
    const id = await requestWithdrawal(1000_00);
    expect((await asha.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first look' })).json().data.status).toBe('awaiting_second_approval');
    const second = await puppet.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'rubber stamp' });
    expect([second.statusCode, second.json().error.code]).toEqual([403, 'SECOND_APPROVER_NOT_INDEPENDENT']);
    const still = (await support.call('GET', '/api/admin/withdrawals/review')).json().data.items.find((w: { id: string }) => w.id === id);
    expect(still).toMatchObject({ status: 'review', approvals: [{ operatorId: String(await idOf(asha)) }] });
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', operatorId: await idOf(puppet), target: `withdrawal:${id}`, details: { reason: 'created_by_first_approver' } });

    // The other order too: the puppet approves first, its creator cannot be the second.
    const id2 = await requestWithdrawal(1000_00);
    expect((await puppet.call('POST', `/api/admin/withdrawals/${id2}/approve`, { note: 'first' })).statusCode).toBe(200);
    const creator = await asha.call('POST', `/api/admin/withdrawals/${id2}/approve`, { note: 'second' });
    expect(creator.json().error.code).toBe('SECOND_APPROVER_NOT_INDEPENDENT');
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', details: { reason: 'created_first_approver' } });

    // An independent operator (older than the request, not linked) completes it.
    const ok = await farid.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'independent check' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
  });

  it('follows the chain of creators: an operator made by one the first approver made is refused too', async () => {
    // Asha makes an admin, who makes a finance operator: all before the request.
    const deputy = await enrol((await asha.call('POST', '/api/admin/operators', { username: 'deputy', role: 'admin' })).json().data.enrolmentToken, 'deputy', asha.address);
    const grandchild = await enrol((await deputy.call('POST', '/api/admin/operators', { username: 'grandchild', role: 'finance' })).json().data.enrolmentToken, 'grandchild', asha.address);
    await tick();
    for (const o of [asha, grandchild]) expect((await o.login()).statusCode).toBe(200);
    const id = await requestWithdrawal(700_00);
    expect((await asha.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).statusCode).toBe(200);
    const res = await grandchild.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect(res.json().error.code).toBe('SECOND_APPROVER_NOT_INDEPENDENT');
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', details: { reason: 'created_by_first_approver' } });
    expect((await farid.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'independent' })).json().data.status).toBe('approved');
  });

  it('allows two operators made by the same third one, and raises an alert for it', async () => {
    const a = await enrol((await asha.call('POST', '/api/admin/operators', { username: 'sib-a', role: 'finance' })).json().data.enrolmentToken, 'sib-a');
    const b = await enrol((await asha.call('POST', '/api/admin/operators', { username: 'sib-b', role: 'finance' })).json().data.enrolmentToken, 'sib-b');
    await tick();
    for (const o of [a, b]) expect((await o.login()).statusCode).toBe(200);
    const id = await requestWithdrawal(600_00);
    expect((await a.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).statusCode).toBe(200);
    const second = await b.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect(second.json().data.status).toBe('approved');
    expect((await alerts())[0]).toMatchObject({ kind: 'approvers_share_creator', target: `withdrawal:${id}`, details: { createdBy: await idOf(asha) } });
  });

  it('refuses a second approver created after the withdrawal was requested', async () => {
    const id = await requestWithdrawal(600_00);
    await tick();
    // Made by the CLI (no creator), so only its age speaks against it.
    const late = await OperatorClient.create(t.app, clock, 'latecomer', 'finance');
    await tick();
    expect((await late.login()).statusCode).toBe(200);
    expect((await farid.login()).statusCode).toBe(200);
    expect((await farid.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).statusCode).toBe(200);
    const res = await late.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect(res.json().error.code).toBe('SECOND_APPROVER_NOT_INDEPENDENT');
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', details: { reason: 'created_after_request' } });
    // The rule holds below the console too: the service call meets the same database refusal.
    await expect(t.app.withdrawals.approve({ withdrawalId: id, operatorId: String(await idOf(late)), note: 'direct' })).rejects.toMatchObject({ code: 'CP001' });
  });
});

describe('one PAN on several accounts', () => {
  it('is flagged in the KYC queue, and verifying it anyway raises an alert', async () => {
    const other = new PlayerClient(t.app, '203.0.113.42', true);
    expect((await other.register('9833333333')).statusCode).toBe(200);
    const otherId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9833333333'`)).rows[0]!.id;
    const firstId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9822222222'`)).rows[0]!.id;
    expect((await other.call('POST', '/api/kyc/submit', { fullName: 'Ravi Again', dateOfBirth: '1990-04-01', panNumber: 'ABCDE1234F', document: { base64: PNG.toString('base64') } })).statusCode).toBe(200);
    const third = new PlayerClient(t.app, '203.0.113.43', true);
    expect((await third.register('9844444444')).statusCode).toBe(200);
    expect((await third.call('POST', '/api/kyc/submit', { fullName: 'Someone Else', dateOfBirth: '1992-04-01', panNumber: 'ZZZZZ9999Z', document: { base64: PNG.toString('base64') } })).statusCode).toBe(200);

    const queue = (await support.call('GET', '/api/admin/kyc/pending')).json().data.items as Array<{ id: string; playerId: number; panSharedWith: unknown[] }>;
    const shared = queue.find((k) => k.playerId === otherId)!;
    expect(shared.panSharedWith).toEqual([{ playerId: firstId, status: 'verified' }]);
    expect(queue.find((k) => k.playerId !== otherId)!.panSharedWith).toEqual([]);
    expect((await support.call('POST', `/api/admin/kyc/${shared.id}/verify`)).statusCode).toBe(200);
    expect((await alerts())[0]).toMatchObject({ kind: 'pan_shared', target: `kyc:${shared.id}`, details: { playerId: otherId, panSharedWith: [{ playerId: firstId, status: 'verified' }] } });
    // A player never sees who else has the PAN.
    expect(JSON.stringify((await other.call('GET', '/api/kyc/status')).json())).not.toMatch(/panSharedWith/);
  });

  it('lists alerts to every role, and only to signed-in operators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/alerts' })).statusCode).toBe(401);
    expect((await farid.call('GET', '/api/admin/alerts')).statusCode).toBe(200);
  });
});

import { ADMIN_ENROL_PAGE } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { totpCode } from './totp';

/**
 * Decisions 195 and 395-397, operators: one admin must not be able to pass the two-person rule
 * alone. New operators enrol through a one-time link whose secrets the creator never sees, bound to
 * its first opener; an admin or finance operator made in the console moves no money until an
 * admin of another origin countersigned it; a second approver must be of another origin than the
 * first (neither made the other, nor one person made both) and created before the withdrawal was
 * requested, enforced by the database; each such attempt, a replayed enrolment link and a PAN
 * shared between accounts raise an alert in the console, audited. The history those rules read is
 * append-only.
 */
const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
let asha: OperatorClient; // admin
let bina: OperatorClient; // admin, another origin (the CLI made both): she countersigns asha's operators
let farid: OperatorClient; // finance, created before everything by the CLI (no creator)
let support: OperatorClient;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WITHDRAWAL_WAGERING_FACTOR: '0', WITHDRAWAL_SECOND_APPROVAL_MINOR: '50000', WITHDRAWAL_DAILY_COUNT: '20' } });
  asha = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  bina = await OperatorClient.create(t.app, clock, 'bina', 'admin');
  farid = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
  for (const o of [asha, bina, farid, support]) expect((await o.login()).statusCode).toBe(200);
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

type Offer = { totpSecret: string; openerKey?: string };
/** Opens a link as the new operator would: the offered secret and the key that binds the link to this opener. */
async function openLink(client: OperatorClient, token: string): Promise<Offer> {
  const offer = await client.call('POST', '/api/admin/enrolment/start', { token });
  expect(offer.statusCode, offer.body).toBe(200);
  return offer.json().data;
}
/** The completion body (the opener's key only when the server handed one out). */
const completion = (token: string, offer: Offer, password: string, code = totpCode(offer.totpSecret, clock.now().getTime())) => ({
  token,
  password,
  code,
  ...(offer.openerKey ? { openerKey: offer.openerKey } : {}),
});

/** What the new operator does with the link: open it, add the secret, confirm a code, choose a password. */
async function enrol(token: string, username: string, address = '192.0.2.50', opened?: Offer) {
  const newcomer = new OperatorClient(t.app, username, `Own-pass-${username}-0123`, '', clock, address);
  const offer = opened ?? (await openLink(newcomer, token));
  const secret = offer.totpSecret;
  const done = await newcomer.call('POST', '/api/admin/enrolment/complete', completion(token, offer, newcomer.password));
  expect(done.statusCode, done.body).toBe(200);
  await tick();
  const client = new OperatorClient(t.app, username, newcomer.password, secret, clock, address);
  expect((await client.login()).statusCode).toBe(200);
  return client;
}

/** An admin of another origin vouches for an enrolled operator (decision 395). */
async function countersign(by: OperatorClient, operator: OperatorClient) {
  const res = await by.call('POST', `/api/admin/operators/${await idOf(operator)}/countersign`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ awaitingCountersign: false, countersignedBy: await idOf(by) });
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
    const offer = await openLink(guess, invitation.enrolmentToken);
    expect(offer).toMatchObject({ username: 'nadia', role: 'finance', otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const wrong = await guess.call('POST', '/api/admin/enrolment/complete', completion(invitation.enrolmentToken, offer, 'Nadia-own-pass-1', '000000'));
    expect(wrong.statusCode).toBe(401);
    const nadia = await enrol(invitation.enrolmentToken, 'nadia', guess.address, offer);
    expect((await nadia.call('GET', '/api/admin/me')).json().data).toMatchObject({ operator: { username: 'nadia' }, mustChangePassword: false });
    expect((await auditRows('operator.enrol')).at(-1)).toMatchObject({ target: expect.stringMatching(/^operator:\d+$/), after: { enrolled: true, createdBy: await idOf(asha) } });
  });

  it('refuses a replayed link (start or complete), and raises an alert for it', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'omar', role: 'support' })).json().data;
    await enrol(invitation.enrolmentToken, 'omar');
    const replay = new OperatorClient(t.app, 'omar', 'x', '', clock, '192.0.2.99');
    const start = await replay.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken });
    expect([start.statusCode, start.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
    const complete = await replay.call('POST', '/api/admin/enrolment/complete', { token: invitation.enrolmentToken, openerKey: 'B'.repeat(43), password: 'Attacker-pass-123', code: '123456' });
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
    const offer = await openLink(c, invitation.enrolmentToken);
    const results = await Promise.all(
      ['Racer-one-pass-1', 'Racer-two-pass-2'].map((password) => c.call('POST', '/api/admin/enrolment/complete', completion(invitation.enrolmentToken, offer, password))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('binds a started link to its first opener: a second opening is refused and raises an alert, the first opener still completes', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'vijay', role: 'finance' })).json().data;
    const vijay = new OperatorClient(t.app, 'vijay', 'x', '', clock, '192.0.2.61');
    const offer = await openLink(vijay, invitation.enrolmentToken);
    // The creator (who was shown the link) opens it too: before, this replaced vijay's secret with
    // one the creator knows. Now it is refused, whoever asks, and the console is told.
    const creatorCopy = new OperatorClient(t.app, 'vijay', 'x', '', clock, asha.address);
    const second = await creatorCopy.call('POST', '/api/admin/enrolment/start', { token: invitation.enrolmentToken });
    expect(second.statusCode, second.body).toBe(404);
    expect(second.json().error.code).toBe('ENROLMENT_LINK_INVALID');
    expect(JSON.stringify(second.json())).not.toMatch(/totpSecret|otpauth/);
    expect((await alerts())[0]).toMatchObject({ kind: 'enrolment_link_reused', operatorId: expect.any(Number), target: expect.stringMatching(/^operator:\d+$/), details: { state: 'started', step: 'start' } });
    expect((await auditRows('alert.raise')).at(-1)!.after).toMatchObject({ kind: 'enrolment_link_reused', state: 'started' });
    // Completing needs the first opener's key: the link alone is not enough.
    const stolen = await creatorCopy.call('POST', '/api/admin/enrolment/complete', { ...completion(invitation.enrolmentToken, offer, 'Creator-pass-0123'), openerKey: 'C'.repeat(43) });
    expect([stolen.statusCode, stolen.json().error.code]).toEqual([404, 'ENROLMENT_LINK_INVALID']);
    expect((await alerts())[0]).toMatchObject({ kind: 'enrolment_link_reused', details: { state: 'started', step: 'complete' } });
    // The first opener's secret was kept: they complete with it.
    await enrol(invitation.enrolmentToken, 'vijay', vijay.address, offer);
  });

  it('refuses an expired link', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'priya', role: 'support' })).json().data;
    clock.advance(24 * 3600_000 + 1000);
    for (const o of [asha, bina, farid, support]) expect((await o.login()).statusCode).toBe(200);
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
    for (const o of [asha, bina, farid, support]) expect((await o.login()).statusCode).toBe(200);
    player = new PlayerClient(t.app, '203.0.113.41', true);
    expect((await player.register('9822222222')).statusCode).toBe(200);
    const kyc = await player.call('POST', '/api/kyc/submit', { fullName: 'Ravi Player', dateOfBirth: '1990-04-01', panNumber: 'ABCDE1234F', document: { base64: PNG.toString('base64') } });
    expect(kyc.statusCode, kyc.body).toBe(200);
    const [submission] = (await support.call('GET', '/api/admin/kyc/pending')).json().data.items;
    expect((await support.call('POST', `/api/admin/kyc/${submission.id}/verify`)).statusCode).toBe(200);
    await deposit(5000_00, '223412341234');
  });

  /** A UPI deposit the player reports and finance approves (the money the withdrawals draw on). */
  async function deposit(amountMinor: number, utr: string) {
    const order = (await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey: `ind-deposit-${utr}` })).json().data;
    await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr });
    expect((await farid.call('POST', `/api/admin/deposits/${order.id}/review`, { decision: 'approve', note: 'statement checked' })).statusCode).toBe(200);
  }
  const reviewItem = async (id: string) => (await support.call('GET', '/api/admin/withdrawals/review')).json().data.items.find((w: { id: string }) => w.id === id);

  it('refuses a lone admin who makes two operators, opens both links and approves as each, before any money moves', async () => {
    // The sequence: one admin (the CLI made dana, as it made the demo operator) creates X
    // and Y, opens both enrolment links itself, and approves a ₹25,000 withdrawal as X then Y.
    const dana = await OperatorClient.create(t.app, clock, 'dana', 'admin', '192.0.2.30');
    expect((await dana.login()).statusCode).toBe(200);
    const x = await enrol((await dana.call('POST', '/api/admin/operators', { username: 'op-x', role: 'finance' })).json().data.enrolmentToken, 'op-x', dana.address);
    const y = await enrol((await dana.call('POST', '/api/admin/operators', { username: 'op-y', role: 'admin' })).json().data.enrolmentToken, 'op-y', dana.address);
    await tick();
    for (const o of [dana, x, y]) expect((await o.login()).statusCode).toBe(200);
    await deposit(50_000_00, '223499990001');
    const id = await requestWithdrawal(25_000_00);
    expect(await reviewItem(id)).toMatchObject({ status: 'review', approvalsRequired: 2, approvals: [] });

    // Neither X nor Y may approve: no admin of another origin vouched for them.
    for (const o of [x, y]) {
      const res = await o.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'looks fine' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('OPERATOR_NOT_COUNTERSIGNED');
    }
    expect(await reviewItem(id)).toMatchObject({ status: 'review', approvals: [] });
    for (const o of [x, y]) {
      const me = (await o.call('GET', '/api/admin/me')).json().data;
      expect(me).toMatchObject({ operator: { awaitingCountersign: true } });
      expect(me.permissions).not.toContain('withdrawals.review');
    }
    // Below the console too: the database refuses an approval by an operator awaiting its countersignature.
    await expect(t.app.withdrawals.approve({ withdrawalId: id, operatorId: String(await idOf(x)), note: 'direct' })).rejects.toMatchObject({ code: 'CP001', hint: 'not_countersigned' });
    // Dana cannot countersign her own creations, and Y (her admin) cannot either.
    const own = await dana.call('POST', `/api/admin/operators/${await idOf(x)}/countersign`);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'COUNTERSIGN_NOT_INDEPENDENT']);
    const byY = await y.call('POST', `/api/admin/operators/${await idOf(x)}/countersign`);
    expect([byY.statusCode, byY.json().error.code]).toEqual([403, 'OPERATOR_NOT_COUNTERSIGNED']);
    // Nor by writing the row: the database checks the countersigner (not the creator's origin).
    await expect(t.db.query('UPDATE operators SET countersigned_by = $2, countersigned_at = now() WHERE id = $1', [await idOf(x), await idOf(dana)])).rejects.toMatchObject({
      code: 'CP002',
      hint: 'same_origin',
    });
    // Dana approving herself and then as X or Y fails too (X was refused above; Y is hers).
    expect((await dana.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).json().data.status).toBe('awaiting_second_approval');
    const asY = await y.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect(asY.json().error.code).toBe('OPERATOR_NOT_COUNTERSIGNED');
    expect(await reviewItem(id)).toMatchObject({ status: 'review', approvals: [{ operatorId: String(await idOf(dana)) }] });
    expect((await t.db.query(`SELECT 1 FROM withdrawals WHERE id = $1 AND status <> 'review'`, [id])).rows).toHaveLength(0);

    // Even once another admin countersigned both (tricked into it), X and Y are one origin: refused.
    await countersign(bina, x);
    await countersign(bina, y);
    const id2 = await requestWithdrawal(25_000_00 - 1);
    expect((await x.call('POST', `/api/admin/withdrawals/${id2}/approve`, { note: 'first' })).json().data.status).toBe('awaiting_second_approval');
    const again = await y.call('POST', `/api/admin/withdrawals/${id2}/approve`, { note: 'second' });
    expect([again.statusCode, again.json().error.code]).toEqual([403, 'SECOND_APPROVER_NOT_INDEPENDENT']);
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', target: `withdrawal:${id2}`, details: { reason: 'same_origin' } });
    expect(await reviewItem(id2)).toMatchObject({ status: 'review' });
    // Another origin's approver completes both: the rule blocks one person, not the team.
    for (const w of [id, id2]) expect((await bina.call('POST', `/api/admin/withdrawals/${w}/approve`, { note: 'independent' })).json().data.status).toBe('approved');
  });

  it('audits a countersignature and refuses a second one, or one before enrolment', async () => {
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'ela', role: 'finance' })).json().data;
    const early = await bina.call('POST', `/api/admin/operators/${invitation.operator.id}/countersign`);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'CONFLICT']);
    const ela = await enrol(invitation.enrolmentToken, 'ela');
    const pending = (await asha.call('GET', '/api/admin/operators')).json().data.items.find((o: { username: string }) => o.username === 'ela');
    expect(pending).toMatchObject({ createdBy: await idOf(asha), countersignedBy: null, awaitingCountersign: true });
    await countersign(bina, ela);
    expect((await auditRows('operator.countersign')).at(-1)).toMatchObject({
      operator_id: await idOf(bina),
      target: `operator:${await idOf(ela)}`,
      after: { awaitingCountersign: false, countersignedBy: await idOf(bina) },
    });
    expect((await bina.call('POST', `/api/admin/operators/${await idOf(ela)}/countersign`)).statusCode).toBe(409);
    // Support operators and CLI-made ones need none.
    expect((await bina.call('POST', `/api/admin/operators/${await idOf(farid)}/countersign`)).statusCode).toBe(409);
  });

  it("records the CLI's creation of an origin in the audit log, and makes it active once enrolled", async () => {
    // What `npm run operators -- create` calls: no operator behind it.
    const invited = await t.app.admin.inviteOperator({ username: 'owner-two', role: 'finance' });
    expect(invited.operator).toMatchObject({ createdBy: null, awaitingCountersign: false });
    expect((await auditRows('operator.create')).at(-1)).toMatchObject({ operator_id: null, target: `operator:${invited.operator.id}`, after: { via: 'cli', createdBy: null } });
    const ownerTwo = await enrol(invited.enrolmentToken, 'owner-two');
    expect((await ownerTwo.call('GET', '/api/admin/me')).json().data.permissions).toContain('withdrawals.review');
  });

  it('refuses, in the database, a second approver created by the first approver, and raises an alert', async () => {
    // Asha creates a finance operator and (reading the link herself) enrols it: a puppet.
    const invitation = (await asha.call('POST', '/api/admin/operators', { username: 'puppet', role: 'finance' })).json().data;
    const puppet = await enrol(invitation.enrolmentToken, 'puppet', asha.address);
    // An honest (or careless) admin of another origin vouches for it: the database still refuses.
    await countersign(bina, puppet);
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
    await countersign(bina, deputy);
    const grandchild = await enrol((await deputy.call('POST', '/api/admin/operators', { username: 'grandchild', role: 'finance' })).json().data.enrolmentToken, 'grandchild', asha.address);
    await countersign(bina, grandchild);
    await tick();
    for (const o of [asha, grandchild]) expect((await o.login()).statusCode).toBe(200);
    const id = await requestWithdrawal(700_00);
    expect((await asha.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).statusCode).toBe(200);
    const res = await grandchild.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect(res.json().error.code).toBe('SECOND_APPROVER_NOT_INDEPENDENT');
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', details: { reason: 'created_by_first_approver' } });
    expect((await farid.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'independent' })).json().data.status).toBe('approved');
  });

  // Decision 395 changed this case: two operators made by the same admin used to pass (with an
  // alert raised after the money moved). One person may stand behind both, so they are refused.
  it('refuses two operators made by the same third one (one origin), even countersigned, and raises an alert', async () => {
    const a = await enrol((await asha.call('POST', '/api/admin/operators', { username: 'sib-a', role: 'finance' })).json().data.enrolmentToken, 'sib-a');
    const b = await enrol((await asha.call('POST', '/api/admin/operators', { username: 'sib-b', role: 'finance' })).json().data.enrolmentToken, 'sib-b');
    await countersign(bina, a);
    await countersign(bina, b);
    await tick();
    for (const o of [a, b]) expect((await o.login()).statusCode).toBe(200);
    const id = await requestWithdrawal(600_00);
    expect((await a.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'first' })).statusCode).toBe(200);
    const second = await b.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'second' });
    expect([second.statusCode, second.json().error.code]).toEqual([403, 'SECOND_APPROVER_NOT_INDEPENDENT']);
    expect((await alerts())[0]).toMatchObject({ kind: 'approval_not_independent', operatorId: await idOf(b), target: `withdrawal:${id}`, details: { reason: 'same_origin' } });
    // An operator of another origin completes it.
    expect((await bina.call('POST', `/api/admin/withdrawals/${id}/approve`, { note: 'independent' })).json().data.status).toBe('approved');
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

describe('append-only history for the app (decision 397)', () => {
  // 42501: the trigger's refusal on one role, or the missing privilege on the app role of
  // scripts/with-postgres.mjs (before any trigger runs). Either way nothing changed.
  const REFUSED = { code: '42501' };

  it("never changes an operator's creator, creation time or role, nor re-activates a disabled one", async () => {
    const id = await idOf(support);
    const before = (await t.db.query('SELECT created_by, created_at, role FROM operators WHERE id = $1', [id])).rows[0];
    await expect(t.db.query('UPDATE operators SET created_by = $2 WHERE id = $1', [id, await idOf(asha)])).rejects.toMatchObject(REFUSED);
    await expect(t.db.query(`UPDATE operators SET created_at = created_at - interval '1 day' WHERE id = $1`, [id])).rejects.toMatchObject(REFUSED);
    await expect(t.db.query(`UPDATE operators SET role = 'finance' WHERE id = $1`, [id])).rejects.toMatchObject(REFUSED);
    await expect(t.db.query('DELETE FROM operators WHERE id = $1', [id])).rejects.toMatchObject(REFUSED);
    expect((await t.db.query('SELECT created_by, created_at, role FROM operators WHERE id = $1', [id])).rows[0]).toEqual(before);
    const gone = (await t.app.admin.createOperator({ username: 'gone', role: 'finance' })).operator.id;
    expect((await asha.call('POST', `/api/admin/operators/${gone}/disable`)).statusCode).toBe(200);
    await expect(t.db.query(`UPDATE operators SET disabled_at = NULL WHERE username = 'gone'`)).rejects.toMatchObject(REFUSED);
    // No reset of an enrolled operator's second factor, and a countersignature is never rewritten.
    await expect(t.db.query(`UPDATE operators SET totp_secret_sealed = totp_secret_sealed || 'x' WHERE id = $1`, [id])).rejects.toMatchObject(REFUSED);
    await expect(t.db.query(`UPDATE operators SET countersigned_by = $1 WHERE username = 'ela'`, [await idOf(asha)])).rejects.toMatchObject(REFUSED);
  });

  it("never updates or deletes a withdrawal's approvals or a player's responsible-gambling history", async () => {
    const approvals = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawal_approvals')).rows[0]!.n;
    expect(approvals).toBeGreaterThan(0);
    await expect(t.db.query('DELETE FROM withdrawal_approvals')).rejects.toMatchObject(REFUSED);
    await expect(t.db.query(`UPDATE withdrawal_approvals SET note = 'rewritten'`)).rejects.toMatchObject(REFUSED);
    expect((await t.db.query('SELECT count(*)::int AS n FROM withdrawal_approvals')).rows[0]).toEqual({ n: approvals });

    const playerId = (await t.db.query<{ id: number }>(`SELECT id::int AS id FROM players WHERE phone = '9822222222'`)).rows[0]!.id;
    await t.db.query(`INSERT INTO safety_changes (player_id, at, action, detail) VALUES ($1, now(), 'exclusion.start', '{}')`, [playerId]);
    await expect(t.db.query('DELETE FROM safety_changes WHERE player_id = $1', [playerId])).rejects.toMatchObject(REFUSED);
    await expect(t.db.query(`UPDATE safety_changes SET action = 'nothing' WHERE player_id = $1`, [playerId])).rejects.toMatchObject(REFUSED);
    expect((await t.db.query('SELECT action FROM safety_changes WHERE player_id = $1', [playerId])).rows).toEqual([{ action: 'exclusion.start' }]);
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

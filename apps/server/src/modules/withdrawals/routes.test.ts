import { API_PATHS, type PayoutCallbackEvent, SERVER_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CHANNELS_ENV, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { SIGNATURE_HEADER, signWebhook } from '../payments';
import { balanceOf, deposit, play, TINY_PNG_BASE64 } from './test-fixtures';

/**
 * Withdrawals (docs/payments.md) over HTTP: the player's withdrawal and KYC endpoints (contract-validated, errors in
 * the API shape), the signed payout callback (forged, stale, replayed, unknown withdrawal), the
 * sandbox payout page, and production mode (the sandbox's routes do not exist).
 */

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';
const clock = fakeClock(new Date('2026-11-23T06:00:00Z'));
let t: TestApp;
let player: PlayerClient;
let playerId: number;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { KYC_MAX_DOCUMENT_BYTES: '20000' } });
  player = new PlayerClient(t.app, '203.0.113.61');
  const reg = (await player.register('9812340001')).json().data;
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE uid = $1', [reg.user.uid]);
  playerId = Number(rows[0]!.id);
});
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
});

const kycBody = (over: Record<string, unknown> = {}) => ({
  fullName: 'Ravi Kumar',
  dateOfBirth: '1995-06-30',
  panNumber: 'ABCDE1234F',
  document: { base64: TINY_PNG_BASE64, fileName: 'pan.png' },
  ...over,
});

describe('KYC', () => {
  it('refuses under-age, a bad PAN, a document that is not JPEG/PNG/PDF by content, and one too large', async () => {
    expect((await player.call('GET', API_PATHS.kyc_status)).json().data).toMatchObject({ status: 'none', minAgeYears: 18, maxDocumentBytes: 20_000 });
    // 23 Nov 2026: born 24 Nov 2008 is one day short of 18.
    let res = await player.call('POST', API_PATHS.kyc_submit, kycBody({ dateOfBirth: '2008-11-24' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('KYC_UNDERAGE');
    res = await player.call('POST', API_PATHS.kyc_submit, kycBody({ panNumber: 'ABCD1234F' }));
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().error.issues[0].path).toBe('panNumber');
    const gif = Buffer.from('GIF89a-not-allowed').toString('base64');
    res = await player.call('POST', API_PATHS.kyc_submit, kycBody({ document: { base64: gif } }));
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'KYC_DOCUMENT_TYPE_INVALID']);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20_000)]).toString('base64');
    res = await player.call('POST', API_PATHS.kyc_submit, kycBody({ document: { base64: big } }));
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'KYC_DOCUMENT_TOO_LARGE']);
    expect((await t.db.query('SELECT 1 FROM kyc_submissions')).rows).toHaveLength(0);
  });

  it('stores a valid submission outside the database; operators verify it; a second one is refused', async () => {
    // Born exactly 18 years ago today (IST): allowed.
    const res = await player.call('POST', API_PATHS.kyc_submit, kycBody({ dateOfBirth: '2008-11-23' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', panMasked: 'ABCDE••••F', fullName: 'Ravi Kumar' });
    expect((await player.call('POST', API_PATHS.kyc_submit, kycBody())).json().error.code).toBe('KYC_ALREADY_SUBMITTED');

    const [pending] = await t.app.kyc.listPending();
    expect(pending).toMatchObject({ playerId, documentContentType: 'image/png', documentFileName: 'pan.png' });
    const doc = await t.app.kyc.readDocument(pending!.id);
    expect(doc.contentType).toBe('image/png');
    expect(doc.bytes.toString('base64')).toBe(TINY_PNG_BASE64);
    const { rows } = await t.db.query<{ document_key: string }>('SELECT document_key FROM kyc_submissions');
    expect(rows[0]!.document_key).toMatch(/^[0-9a-f]{32}$/);

    await t.app.kyc.reject({ submissionId: pending!.id, operatorId: 'op_support', reason: 'Photo is blurred' });
    expect((await player.call('GET', API_PATHS.kyc_status)).json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Photo is blurred' });
    await expect(t.app.kyc.verify({ submissionId: pending!.id, operatorId: 'op_x' })).rejects.toMatchObject({ code: 'KYC_STATE_CONFLICT' });

    expect((await player.call('POST', API_PATHS.kyc_submit, kycBody())).statusCode).toBe(200);
    const [again] = await t.app.kyc.listPending();
    const verified = await t.app.kyc.verify({ submissionId: again!.id, operatorId: 'op_kyc' });
    expect(verified).toMatchObject({ status: 'verified', decidedBy: 'op_kyc' });
    const mine = await t.app.kyc.getForPlayer(playerId);
    expect(mine.status.status).toBe('verified');
    expect(mine.submissions.map((s) => s.status)).toEqual(['verified', 'rejected']);
  });
});

describe('withdrawal endpoints and the payout callback', () => {
  let withdrawalId: string;

  it('adds methods (format checked), requests, lists and reads one', async () => {
    await deposit(t.db, playerId, 60_000);
    await play(t.db, playerId, 60_000, 60_000);
    let res = await player.call('POST', API_PATHS.payout_methods, { kind: 'bank', accountHolder: 'Ravi Kumar', accountNumber: '12345678', ifsc: 'HDFC0001234' });
    expect([res.statusCode, res.json().error.issues[0].path]).toEqual([400, 'accountNumber']);
    res = await player.call('POST', API_PATHS.payout_methods, { kind: 'bank', accountHolder: 'Ravi Kumar', accountNumber: '123456789', ifsc: 'HDFC1001234' });
    expect([res.statusCode, res.json().error.issues[0].path]).toEqual([400, 'ifsc']);
    res = await player.call('POST', API_PATHS.payout_methods, { kind: 'usdt', address: '0x123' });
    expect(res.statusCode).toBe(400);
    res = await player.call('POST', API_PATHS.payout_methods, { kind: 'upi', vpa: 'ravi@okhdfc' });
    expect(res.statusCode, res.body).toBe(200);
    const method = res.json().data;
    expect(method).toMatchObject({ kind: 'upi', summary: 'ravi@okhdfc', details: { vpa: 'ravi@okhdfc' } });
    // The same destination again is the same method.
    expect((await player.call('POST', API_PATHS.payout_methods, { kind: 'upi', vpa: 'RAVI@okhdfc' })).json().data.id).toBe(method.id);
    expect((await player.call('GET', API_PATHS.payout_methods)).json().data).toMatchObject({ items: [{ id: method.id }], maxMethods: 5 });

    const info = (await player.call('GET', API_PATHS.withdraw_info)).json().data;
    expect(info).toMatchObject({ balanceMinor: 60_000, withdrawableMinor: 60_000, kycStatus: 'verified', sandbox: true, methodKinds: ['upi', 'bank', 'usdt'] });

    res = await player.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 20_000, idempotencyKey: 'withdraw-key-0001' });
    expect(res.statusCode, res.body).toBe(200);
    withdrawalId = res.json().data.id;
    expect(res.json().data).toMatchObject({ status: 'review', method: { kind: 'upi', summary: 'ravi@okhdfc' } });
    res = await player.call('POST', API_PATHS.request_withdrawal, { methodId: method.id, amountMinor: 20.5, idempotencyKey: 'withdraw-key-0002' });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);

    const page = (await player.call('GET', `${API_PATHS.get_withdrawals}?limit=1`)).json().data;
    expect(page.items.map((w: { id: string }) => w.id)).toEqual([withdrawalId]);
    expect((await player.call('GET', `${API_PATHS.get_withdrawal}?withdrawalId=${withdrawalId}`)).json().data.status).toBe('review');
    const stranger = new PlayerClient(t.app, '203.0.113.62');
    await stranger.register('9812340002');
    res = await stranger.call('GET', `${API_PATHS.get_withdrawal}?withdrawalId=${withdrawalId}`);
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'WITHDRAWAL_NOT_FOUND']);
    res = await stranger.call('POST', API_PATHS.cancel_withdrawal, { withdrawalId });
    expect(res.statusCode).toBe(404);
  });

  it('the sandbox page shows the payout once sent; the callback refuses forged, stale and unknown, applies once', async () => {
    let page = await t.app.inject({ method: 'GET', url: `/sandbox/payouts/${withdrawalId}` });
    expect(page.statusCode).toBe(404);
    await t.app.withdrawals.approve({ withdrawalId, operatorId: 'op_f', note: 'ok' });
    await t.app.withdrawals.sendApproved();
    page = await t.app.inject({ method: 'GET', url: `/sandbox/payouts/${withdrawalId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mark paid');
    expect(page.body).toContain('Mark failed');
    expect(page.body).toContain('ravi@okhdfc');
    const { rows } = await t.db.query<{ payout_ref: string }>('SELECT payout_ref FROM sandbox_payouts WHERE withdrawal_id = $1', [withdrawalId]);
    const payoutRef = rows[0]!.payout_ref;

    const event: PayoutCallbackEvent = { eventId: 'evt_manual_1', payoutRef, withdrawalId, status: 'paid', amountMinor: 20_000, reference: 'UTR1', failureReason: null };
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>, payload = body) =>
      t.app.inject({ method: 'POST', url: SERVER_PATHS.payout_callback, headers: { 'content-type': 'application/json', ...headers }, payload });

    let res = await post({});
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'WEBHOOK_SIGNATURE_INVALID']);
    res = await post({ [SIGNATURE_HEADER]: signWebhook('another-secret-0123456789abcdef0123', body, clock.now()) });
    expect(res.statusCode).toBe(401);
    res = await post({ [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, body, new Date(clock.now().getTime() - 10 * 60_000)) });
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'Callback signature stale']);
    // Signed over other bytes than those sent.
    res = await post({ [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, body, clock.now()) }, body.replace('20000', '20001'));
    expect(res.statusCode).toBe(401);
    expect((await t.app.withdrawals.get(playerId, withdrawalId)).status).toBe('processing');

    const unknown = JSON.stringify({ ...event, eventId: 'evt_unknown', withdrawalId: 'wd_nosuchone1' });
    res = await post({ [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, unknown, clock.now()) }, unknown);
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'PAYOUT_NOT_FOUND']);

    res = await post({ [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, body, clock.now()) });
    expect(res.json().data).toEqual({ outcome: 'applied' });
    res = await post({ [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, body, clock.now()) });
    expect(res.json().data).toEqual({ outcome: 'duplicate' });
    expect(await balanceOf(t.db, playerId)).toBe(40_000);
    const paid = (await player.call('GET', `${API_PATHS.get_withdrawal}?withdrawalId=${withdrawalId}`)).json().data;
    expect(paid).toMatchObject({ status: 'paid', cancellable: false });
  });
});

describe('production mode', () => {
  it('has no sandbox payout routes, and the callback checks the provider signature', async () => {
    const prod = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV } });
    try {
      expect(prod.config.sandbox.payouts).toBe(false);
      expect((await prod.app.inject({ method: 'GET', url: '/sandbox/payouts/wd_abcdefgh' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: SERVER_PATHS.sandbox_payouts_css })).statusCode).toBe(404);
      const res = await prod.app.inject({
        method: 'POST',
        url: SERVER_PATHS.payout_callback,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, '{}', new Date()) },
        payload: '{}',
      });
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'WEBHOOK_SIGNATURE_INVALID']);
    } finally {
      await prod.app.close();
    }
  });
});

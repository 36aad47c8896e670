import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, postTransfer } from '../ledger';
import { NOTIFICATIONS_HANDLER } from './subscribers';

/**
 * The inbox hears of withdrawal outcomes and KYC decisions through their domain events, driven
 * here through the real use cases (operator decisions, the sandbox payout gateway): one message
 * per outcome, none for the steps between, and none again when an event is delivered twice.
 */

const HOUR = 3_600_000;
const clock = fakeClock(new Date('2026-11-23T06:00:00Z'));
let t: TestApp;
let phone = 9844440000;

beforeAll(async () => {
  // A fee, so the paid message shows what reached the account after it.
  // Every amount used here is above the automatic approval, so an operator decides each one.
  t = await buildTestApp({ clock, env: { WITHDRAWAL_FEE_FIXED_MINOR: '500', WITHDRAWAL_FEE_BPS: '100', WITHDRAWAL_AUTO_APPROVE_MAX_MINOR: '10000' } });
});
afterAll(async () => t.app.close());
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

/** The smallest PNG signature plus a few bytes: the KYC check reads magic bytes only. */
const TINY_PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
let keySeq = 0;
const key = (what: string) => `notify-test:${what}:${++keySeq}`;

async function newPlayer(): Promise<number> {
  const p = String(++phone);
  const player = new PlayerClient(t.app, '203.0.113.41');
  expect((await player.register(p)).statusCode).toBe(200);
  const playerId = Number((await t.db.query<{ id: string }>(`SELECT id FROM players WHERE phone = $1`, [p])).rows[0]!.id);
  await t.app.events.settled();
  return playerId;
}

/** Money the player may withdraw: a deposit staked in full and won back, so nothing is wagering-locked. */
async function fund(playerId: number, amountMinor: number) {
  const main = accountCodes.playerMain(playerId);
  const lottery = accountCodes.houseLottery('wingo');
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await ensureAccount(t.db, { code: lottery, kind: 'house' });
  const move = (kind: 'deposit' | 'lottery_bet' | 'lottery_payout', from: string, to: string) =>
    postTransfer(t.db, { idempotencyKey: key(kind), kind, entries: [{ accountCode: from, amountMinor: -amountMinor }, { accountCode: to, amountMinor }] });
  await move('deposit', HOUSE_ACCOUNTS.deposits, main);
  await move('lottery_bet', main, lottery);
  await move('lottery_payout', lottery, main);
}

async function submitKyc(playerId: number) {
  await t.app.kyc.submit(playerId, {
    fullName: 'Asha Verma',
    dateOfBirth: '1990-04-12',
    panNumber: 'ABCDE1234F',
    document: { base64: TINY_PNG_BASE64, fileName: 'pan.png' },
  });
  return (await t.app.kyc.listPending()).find((s) => s.playerId === playerId)!.id;
}

type Message = { key: string; params: Record<string, unknown> };
const inboxOf = async (playerId: number): Promise<Message[]> =>
  (await t.db.query<Message>(`SELECT message_key AS key, params FROM notifications WHERE player_id = $1 ORDER BY id`, [playerId])).rows;
/** The inbox after every recorded event was delivered, without the welcome message. */
const settledInbox = async (playerId: number) => {
  await t.app.events.settled();
  return (await inboxOf(playerId)).filter((m) => m.key !== 'welcome');
};

/** Forgets that the inbox saw this player's withdrawal and KYC events and delivers them all again. */
async function redeliver(playerId: number): Promise<number> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM domain_events WHERE name IN ('WithdrawalStatusChanged', 'KycStatusChanged') AND (payload->>'playerId')::bigint = $1`,
    [playerId],
  );
  const ids = rows.map((r) => r.id);
  await t.db.query('DELETE FROM domain_event_deliveries WHERE event_id = ANY($1) AND handler = $2', [ids, NOTIFICATIONS_HANDLER]);
  await t.db.query('UPDATE domain_events SET dispatched_at = NULL WHERE id = ANY($1)', [ids]);
  await t.app.events.dispatch();
  await t.app.events.settled();
  const delivered = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM domain_event_deliveries WHERE event_id = ANY($1) AND handler = $2 AND delivered_at IS NOT NULL',
    [ids, NOTIFICATIONS_HANDLER],
  );
  expect(delivered.rows[0]!.n).toBe(ids.length);
  return ids.length;
}

const sandboxDecide = async (withdrawalId: string, decision: 'paid' | 'failed' | 'reversed') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/payouts/${withdrawalId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  expect(res.statusCode, res.body).toBe(303);
};

describe('KYC decisions in the inbox', () => {
  it('says nothing of the submission, tells of a rejection with its reason and of the verification, once each', async () => {
    const playerId = await newPlayer();
    const first = await submitKyc(playerId);
    expect(await settledInbox(playerId)).toEqual([]);

    await t.app.kyc.reject({ submissionId: first, operatorId: 'op_support', reason: 'Photo is blurred' });
    // A second decision on the same submission changes nothing, so it tells nothing either.
    await expect(t.app.kyc.verify({ submissionId: first, operatorId: 'op_other' })).rejects.toMatchObject({ code: 'KYC_STATE_CONFLICT' });
    const second = await submitKyc(playerId);
    await t.app.kyc.verify({ submissionId: second, operatorId: 'op_kyc' });

    const expected = [
      { key: 'kycRejected', params: { reason: 'Photo is blurred' } },
      { key: 'kycVerified', params: {} },
    ];
    expect(await settledInbox(playerId)).toEqual(expected);
    // Two submissions and two decisions were recorded; delivered again, they write nothing new.
    expect(await redeliver(playerId)).toBe(4);
    expect(await settledInbox(playerId)).toEqual(expected);
  });
});

describe('withdrawal outcomes in the inbox', () => {
  it('approved and paid (after the fee), rejected with the reason, failed, returned by the bank; nothing for the steps between', async () => {
    const playerId = await newPlayer();
    await fund(playerId, 100_000);
    await t.app.kyc.verify({ submissionId: await submitKyc(playerId), operatorId: 'op_kyc' });
    const { id: methodId } = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `p${playerId}@okaxis` });
    clock.advance(25 * HOUR);
    const kycMessages = (await settledInbox(playerId)).length;
    const withdrawalInbox = async () => (await settledInbox(playerId)).slice(kycMessages);

    // Requested, then in review, then cancelled by the player: no message.
    const cancelled = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 10_000, idempotencyKey: key('wd') });
    expect(cancelled.status).toBe('review');
    await t.app.withdrawals.cancel(playerId, cancelled.id);
    expect(await withdrawalInbox()).toEqual([]);

    // Approved (a message), sent to the gateway (none), paid (a message).
    const paid = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key('wd') });
    await t.app.withdrawals.approve({ withdrawalId: paid.id, operatorId: 'op_finance', note: '' });
    expect(await t.app.withdrawals.sendApproved()).toMatchObject({ sent: 1 });
    expect((await t.app.withdrawals.get(playerId, paid.id)).status).toBe('processing');
    await sandboxDecide(paid.id, 'paid');

    // Rejected by an operator, with the reason the player reads.
    const rejected = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 15_000, idempotencyKey: key('wd') });
    await t.app.withdrawals.reject({ withdrawalId: rejected.id, operatorId: 'op_finance', note: 'Name does not match the bank account' });

    // Failed at the gateway: the hold comes back.
    clock.advance(25 * HOUR);
    const failed = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key('wd') });
    await t.app.withdrawals.approve({ withdrawalId: failed.id, operatorId: 'op_finance', note: '' });
    await t.app.withdrawals.sendApproved();
    await sandboxDecide(failed.id, 'failed');

    // Paid, then returned by the bank: approved, paid and returned, three messages.
    const reversed = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: key('wd') });
    await t.app.withdrawals.approve({ withdrawalId: reversed.id, operatorId: 'op_finance', note: '' });
    await t.app.withdrawals.sendApproved();
    await sandboxDecide(reversed.id, 'paid');
    await sandboxDecide(reversed.id, 'reversed');

    const approvedMessage = (withdrawalId: string) => ({ key: 'withdrawalApproved', params: { withdrawalId, amountMinor: 200_00 } });
    const paidMessage = (withdrawalId: string) => ({ key: 'withdrawalPaidAfterFee', params: { withdrawalId, amountMinor: 200_00, feeMinor: 7_00 } });
    const expected = [
      approvedMessage(paid.id),
      paidMessage(paid.id),
      { key: 'withdrawalRejected', params: { withdrawalId: rejected.id, amountMinor: 150_00, reason: 'Name does not match the bank account' } },
      approvedMessage(failed.id),
      { key: 'withdrawalFailed', params: { withdrawalId: failed.id, amountMinor: 200_00, reason: 'Sandbox: marked failed by the tester' } },
      approvedMessage(reversed.id),
      paidMessage(reversed.id),
      { key: 'withdrawalReturned', params: { withdrawalId: reversed.id, amountMinor: 200_00, reason: 'Sandbox: returned by the bank' } },
    ];
    expect(await withdrawalInbox()).toEqual(expected);

    // Every event of this player delivered once more writes nothing new: 17 withdrawal status
    // changes (a request's first event is its move to review), 1 KYC submission, 1 decision.
    expect(await redeliver(playerId)).toBe(19);
    expect(await withdrawalInbox()).toEqual(expected);
  });
});

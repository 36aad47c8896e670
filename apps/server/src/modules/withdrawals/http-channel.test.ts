import { SERVER_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { startPayoutProviderStub } from '../payouts';
import { balanceOf, deposit, newPlayer, play, verifiedKyc } from './test-fixtures';

/**
 * The whole payout path with PAYOUT_CHANNEL=http against the local provider stub: the approved
 * withdrawal is sent once (retries after an outage reuse the idempotency key), the provider's
 * signed webhook settles it, a reversal returns the money once.
 */

const creds = { merchantId: 'colorplay', keyId: 'key_it_1', keySecret: 'it-payout-secret-0123456789', callbackSecret: 'it-payout-callback-0123456789' };
const clock = fakeClock(new Date('2026-11-23T06:00:00Z'));
let stub: Awaited<ReturnType<typeof startPayoutProviderStub>>;
let t: TestApp;

beforeAll(async () => {
  stub = await startPayoutProviderStub(creds);
  t = await buildTestApp({
    clock,
    env: {
      PAYOUT_CHANNEL: 'http',
      PAYOUT_HTTP_BASE_URL: stub.baseUrl,
      PAYOUT_HTTP_MERCHANT_ID: creds.merchantId,
      PAYOUT_HTTP_KEY_ID: creds.keyId,
      PAYOUT_HTTP_KEY_SECRET: creds.keySecret,
      PAYOUT_HTTP_CALLBACK_SECRET: creds.callbackSecret,
      PAYOUT_HTTP_TIMEOUT_MS: '2000',
    },
  });
});
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
  await stub.close();
});

describe('PAYOUT_CHANNEL=http', () => {
  it('sends once, settles by the signed provider webhook, and a reversal returns the money once', async () => {
    const playerId = await newPlayer(t.db);
    await deposit(t.db, playerId, 50_000);
    await play(t.db, playerId, 50_000, 50_000);
    await verifiedKyc(t.app, playerId);
    const { id: methodId } = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: 'it@okaxis' });
    const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor: 20_000, idempotencyKey: 'it-key-000001' });
    await t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_it', note: '' });

    stub.failNext(503, 1);
    expect(await t.app.withdrawals.sendApproved()).toEqual({ sent: 0, failed: 0, unanswered: 1 });
    expect((await t.app.withdrawals.get(playerId, w.id)).status).toBe('approved');
    expect(await t.app.withdrawals.sendApproved()).toEqual({ sent: 1, failed: 0, unanswered: 0 });
    expect(await t.app.withdrawals.sendApproved()).toEqual({ sent: 0, failed: 0, unanswered: 0 });
    expect(stub.payouts).toHaveLength(1);
    expect((await t.app.withdrawals.get(playerId, w.id)).status).toBe('processing');

    const post = (hook: { body: string; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: SERVER_PATHS.payout_callback, headers: hook.headers, payload: hook.body });
    // The stub signs with the real time; our fake clock is moved there for the replay window.
    clock.advance(Date.now() - clock.now().getTime());
    const paid = stub.settle(w.id, 'processed', new Date());
    expect((await post(paid)).json().data).toEqual({ outcome: 'applied' });
    expect((await post(paid)).json().data).toEqual({ outcome: 'duplicate' });
    expect((await t.app.withdrawals.get(playerId, w.id)).status).toBe('paid');
    expect(await balanceOf(t.db, playerId)).toBe(30_000);

    const forged = { ...paid, headers: { ...paid.headers, 'x-po-signature': Buffer.alloc(32).toString('base64') } };
    expect((await post(forged)).statusCode).toBe(401);

    expect((await post(stub.settle(w.id, 'reversed', new Date()))).json().data).toEqual({ outcome: 'applied' });
    expect((await post(stub.settle(w.id, 'reversed', new Date()))).json().data).toEqual({ outcome: 'ignored' });
    expect((await t.app.withdrawals.get(playerId, w.id)).status).toBe('failed_after_paid');
    expect(await balanceOf(t.db, playerId)).toBe(50_000);
  });
});

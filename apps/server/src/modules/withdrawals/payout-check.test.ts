import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { fakeClock } from '../../lib/clock';
import { createSandboxPayoutGateway } from '../payouts';
import { checkInvariants } from '../ledger';
import { deposit, newPlayer, play, verifiedKyc } from './test-fixtures';

/**
 * Reconciliation of payouts (decision 417): our withdrawals sent to the gateway against the
 * gateway's own records. A payout the gateway paid whose callback never reached us is found.
 */
let t: TestApp;
const clock = fakeClock(new Date('2026-11-23T06:00:00Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WITHDRAWAL_SECOND_APPROVAL_MINOR: '1000000' } });
});
afterAll(async () => {
  await t.app.close();
});

describe('payout check', () => {
  it('agrees with the gateway on a settled payout and finds one paid there but not here', async () => {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 100_000);
    await play(t.db, playerId, 100_000, 100_000);
    await verifiedKyc(t.app, playerId);
    const { id: methodId } = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `p${playerId}@okaxis` });
    clock.advance(25 * 3600_000);
    const start = clock.now();
    const sent = [];
    for (const amountMinor of [20_000, 15_000]) {
      const w = await t.app.withdrawals.request(playerId, { methodId, amountMinor, idempotencyKey: `payout-check-${amountMinor}` });
      if (w.status === 'review') await t.app.withdrawals.approve({ withdrawalId: w.id, operatorId: 'op_finance_1', note: 'checked' });
      expect(await t.app.withdrawals.sendApproved()).toMatchObject({ sent: 1 });
      sent.push(w.id);
    }
    const [settled, unheard] = sent as [string, string];
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/payouts/${settled}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=paid' });
    expect(paid.statusCode).toBe(303);
    expect((await t.app.withdrawals.get(playerId, settled)).status).toBe('paid');
    const window = { from: start, to: new Date(clock.now().getTime() + 1) };
    expect(await t.app.withdrawals.payoutCheck(window)).toEqual({ checked: 2, differences: [] });

    // The gateway pays the second one, and its callback never arrives.
    const gateway = createSandboxPayoutGateway(t.db, { callbackSecret: 'unused: the callback is not sent' });
    expect(await gateway.decide(unheard, 'paid', clock.now())).toBeDefined();
    expect(await t.app.withdrawals.payoutCheck(window)).toEqual({
      checked: 2,
      differences: [{ withdrawalId: unheard, ours: { status: 'processing', netMinor: 15_000 }, gateway: { status: 'paid', amountMinor: 15_000 }, unavailable: false }],
    });
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});

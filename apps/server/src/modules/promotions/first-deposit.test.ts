import { PROMOTION_TERMS_VERSION, type FirstDepositOffer, type FirstDepositStatus } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { fund, playerFactory, type TestPlayer } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, findTransferByKey, getAccount, getBalance, postTransfer, summarizeEntries, withTransaction } from '../ledger';

/**
 * The first-deposit bonus (docs/promotions.md, decisions 540-542): the console's offer (one at a
 * time, audited), the player's opt-in with the recharge order, and the grant decided once by the
 * DepositSucceeded handler after the credit commits: min(percent × deposit, cap), the budget never
 * exceeded, nothing without the opt-in, on a later deposit or for a player no longer eligible.
 * The ledger's invariants are checked after every test.
 */
const clock = fakeClock(new Date('2026-11-22T08:00:00Z'));
const DAY = 86_400_000;
let t: TestApp;
let admin: OperatorClient;
let support: OperatorClient;
let keySeq = 0;
const key = () => `first-deposit-${++keySeq}`;
const newPlayer = playerFactory(() => t, '97');
const ledgerFacts = () => summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await OperatorClient.create(t.app, clock, 'fatima', 'admin');
  support = await OperatorClient.create(t.app, clock, 'sunil', 'support');
}, 180_000);
beforeEach(async () => {
  clock.advance(30_000);
  for (const o of [admin, support]) expect((await o.login()).statusCode).toBe(200);
  // Each test starts with no offer running: the one left by the previous test is paused.
  for (const o of (await admin.call('GET', '/api/admin/first-deposit-offers')).json().data.items as FirstDepositOffer[]) {
    if (!o.paused) expect((await admin.call('POST', `/api/admin/first-deposit-offers/${o.id}/pause`)).statusCode).toBe(200);
  }
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => t.app.close());

async function createOffer(over: Record<string, unknown> = {}): Promise<FirstDepositOffer> {
  const res = await admin.call('POST', '/api/admin/first-deposit-offers', {
    percent: 20,
    capMinor: 200_00,
    wageringMultiple: 5,
    bonusValidDays: 7,
    budgetMinor: 10_000_00,
    expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function consenting(): Promise<TestPlayer> {
  const p = await newPlayer();
  expect((await p.client.call('POST', '/api/account/marketing-consent', { given: true })).statusCode).toBe(200);
  return p;
}
const status = async (c: PlayerClient): Promise<FirstDepositStatus> => {
  const res = await c.call('GET', '/api/promotions/first-deposit');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const order = (c: PlayerClient, amountMinor: number, optIn: boolean, termsVersion = PROMOTION_TERMS_VERSION) =>
  c.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey: key(), ...(optIn ? { firstDepositBonus: { termsVersion } } : {}) });
/** Pays the order on the sandbox gateway's page (its credit commits), then waits for the handlers. */
async function pay(paymentUrl: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: paymentUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=paid' });
  expect(res.statusCode).toBe(303);
  await t.app.events.settled();
}
const bonusesOf = async (c: PlayerClient) => (await c.call('GET', '/api/promotions/bonuses')).json().data.items as Array<{ source: string; amountMinor: number; requiredMinor: number; termsVersion: string }>;
const offerById = async (id: number) => (await t.app.firstDeposit.offers()).find((o) => o.id === id)!;

describe('the console', () => {
  it('lets an admin create, list and pause an offer, one running at a time, each audited; others only read', async () => {
    const offer = await createOffer();
    expect(offer).toMatchObject({ percent: 20, capMinor: 200_00, wageringMultiple: 5, bonusValidDays: 7, budgetMinor: 10_000_00, spentMinor: 0, paused: false, termsVersion: PROMOTION_TERMS_VERSION });
    const second = await admin.call('POST', '/api/admin/first-deposit-offers', { percent: 10, capMinor: 100_00, wageringMultiple: 1, bonusValidDays: 1, budgetMinor: 100_00, expiresAt: new Date(clock.now().getTime() + DAY).toISOString() });
    expect(second.json().error).toMatchObject({ code: 'FIRST_DEPOSIT_OFFER_RUNNING', details: { offerId: offer.id } });
    for (const bad of [{ percent: 0 }, { percent: 101 }, { wageringMultiple: 6 }, { capMinor: 0 }, { budgetMinor: 100_00 }, { expiresAt: new Date(clock.now().getTime() - 1).toISOString() }]) {
      const res = await admin.call('POST', '/api/admin/first-deposit-offers', { percent: 10, capMinor: 200_00, wageringMultiple: 3, bonusValidDays: 7, budgetMinor: 1_000_00, expiresAt: new Date(clock.now().getTime() + DAY).toISOString(), ...bad });
      expect(res.json().error.code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await support.call('POST', '/api/admin/first-deposit-offers', { percent: 10 })).statusCode).toBe(403);
    expect((await support.call('POST', `/api/admin/first-deposit-offers/${offer.id}/pause`)).statusCode).toBe(403);
    expect((await support.call('GET', '/api/admin/first-deposit-offers')).json().data.items[0]).toMatchObject({ id: offer.id, budgetMinor: 10_000_00, spentMinor: 0 });
    const paused = (await admin.call('POST', `/api/admin/first-deposit-offers/${offer.id}/pause`)).json().data;
    expect(paused).toMatchObject({ paused: true, pausedAt: clock.now().toISOString() });
    expect((await admin.call('POST', '/api/admin/first-deposit-offers/999999/pause')).json().error.code).toBe('FIRST_DEPOSIT_OFFER_NOT_FOUND');
    const audit = await t.db.query<{ action: string }>('SELECT action FROM operator_audit_log WHERE target = $1 ORDER BY id', [`first_deposit_offer_${offer.id}`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['first_deposit_offer.create', 'first_deposit_offer.pause']);
    // Paused, the offer reaches no one, and a new one may run.
    const p = await consenting();
    expect(await status(p.client)).toMatchObject({ offer: null, unavailableReason: 'offer_paused', claim: null });
    await createOffer();
  });

  it('pauses an expired offer when the next one is created', async () => {
    const old = await createOffer({ expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(60_000);
    const p = await consenting();
    expect((await status(p.client)).unavailableReason).toBe('offer_expired');
    const next = await createOffer();
    expect(await offerById(old.id)).toMatchObject({ paused: true });
    expect((await status(p.client)).offer).toMatchObject({ id: next.id });
  });
});

describe('the player', () => {
  it('sees the offer only with consent and before a first deposit, opts in, and is granted min(20% × deposit, cap) once', async () => {
    const offer = await createOffer();
    const p = await newPlayer();
    expect(await status(p.client)).toMatchObject({ offer: null, unavailableReason: 'no_marketing_consent' });
    const refused = await order(p.client, 500_00, true);
    expect(refused.json().error).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', details: { reason: 'no_marketing_consent' } });
    expect((await p.client.call('GET', '/api/wallet/get-deposits')).json().data.items).toEqual([]);
    await p.client.call('POST', '/api/account/marketing-consent', { given: true });
    expect(await status(p.client)).toMatchObject({
      offer: { id: offer.id, percent: 20, capMinor: 200_00, wageringMultiple: 5, bonusValidDays: 7, termsVersion: PROMOTION_TERMS_VERSION },
      unavailableReason: null,
      claim: null,
    });
    expect((await order(p.client, 500_00, true, 'old-terms')).json().error.code).toBe('PROMOTION_TERMS_OUTDATED');
    // ₹2,000 at 20% is ₹400: the cap (₹200) applies.
    const created = await order(p.client, 2_000_00, true);
    expect(created.statusCode, created.body).toBe(200);
    const dep = created.json().data;
    expect((await status(p.client)).claim).toMatchObject({ orderId: dep.id, offerId: offer.id, termsVersion: PROMOTION_TERMS_VERSION, status: 'pending' });
    await pay(dep.paymentUrl);
    const after = await status(p.client);
    expect(after).toMatchObject({ offer: null, unavailableReason: 'not_first_deposit', claim: { orderId: dep.id, status: 'granted', bonusMinor: 200_00, refusedReason: null } });
    expect(await bonusesOf(p.client)).toMatchObject([{ source: 'first_deposit', amountMinor: 200_00, requiredMinor: 1_000_00, termsVersion: PROMOTION_TERMS_VERSION }]);
    expect(await p.balance()).toBe(2_000_00);
    expect((await offerById(offer.id)).spentMinor).toBe(200_00);
    // A redelivered event (the handler run again for the same credit) grants nothing more.
    const before = await ledgerFacts();
    const transferId = (await findTransferByKey(t.db, `deposit:${dep.id}`))!.id;
    await withTransaction(t.db, (tx) => t.app.firstDeposit.depositCredited(tx, { orderId: dep.id, playerId: p.playerId, amountMinor: 2_000_00, transferId }));
    expect(await ledgerFacts()).toEqual(before);
    expect((await offerById(offer.id)).spentMinor).toBe(200_00);
    // A second order cannot opt in any more.
    expect((await order(p.client, 500_00, true)).json().error).toMatchObject({ code: 'FIRST_DEPOSIT_OFFER_UNAVAILABLE', details: { reason: 'not_first_deposit' } });
  });

  it('grants 20% under the cap, and nothing for an order without the opt-in', async () => {
    const offer = await createOffer();
    const opted = await consenting();
    const dep = (await order(opted.client, 500_00, true)).json().data;
    await pay(dep.paymentUrl);
    expect((await status(opted.client)).claim).toMatchObject({ status: 'granted', bonusMinor: 100_00 });
    const plain = await consenting();
    const houseBefore = (await getAccount(t.db, HOUSE_ACCOUNTS.bonuses))?.balanceMinor ?? 0;
    await pay((await order(plain.client, 500_00, false)).json().data.paymentUrl);
    expect((await status(plain.client)).claim).toBeNull();
    expect(await bonusesOf(plain.client)).toEqual([]);
    expect(await plain.balance()).toBe(500_00);
    expect((await getAccount(t.db, HOUSE_ACCOUNTS.bonuses))?.balanceMinor ?? 0).toBe(houseBefore);
    expect((await offerById(offer.id)).spentMinor).toBe(100_00);
  });

  it('refuses the opt-in after a credited deposit, and grants nothing when another deposit was credited first', async () => {
    await createOffer();
    const funded = await consenting();
    await fund(t.db, funded.playerId, 100_00);
    expect(await status(funded.client)).toMatchObject({ offer: null, unavailableReason: 'not_first_deposit' });
    expect((await order(funded.client, 500_00, true)).json().error).toMatchObject({ code: 'FIRST_DEPOSIT_OFFER_UNAVAILABLE', details: { reason: 'not_first_deposit' } });

    const p = await consenting();
    const opted = (await order(p.client, 500_00, true)).json().data;
    // Another order (without the opt-in) is paid first: the opted-in one is then not the first deposit.
    await pay((await order(p.client, 300_00, false)).json().data.paymentUrl);
    expect((await status(p.client)).claim).toMatchObject({ orderId: opted.id, status: 'pending' });
    await pay(opted.paymentUrl);
    expect((await status(p.client)).claim).toMatchObject({ orderId: opted.id, status: 'refused', refusedReason: 'not_first_deposit', bonusMinor: null });
    expect(await bonusesOf(p.client)).toEqual([]);
  });

  it('refuses at credit time a player no longer eligible (consent withdrawn) or when the offer was paused, and says why', async () => {
    const offer = await createOffer();
    const p = await consenting();
    const dep = (await order(p.client, 500_00, true)).json().data;
    await p.client.call('POST', '/api/account/marketing-consent', { given: false });
    await pay(dep.paymentUrl);
    expect((await status(p.client)).claim).toMatchObject({ status: 'refused', refusedReason: 'no_marketing_consent' });
    expect(await bonusesOf(p.client)).toEqual([]);
    expect(await p.balance()).toBe(500_00);

    const q = await consenting();
    const dep2 = (await order(q.client, 500_00, true)).json().data;
    await admin.call('POST', `/api/admin/first-deposit-offers/${offer.id}/pause`);
    await pay(dep2.paymentUrl);
    expect((await status(q.client)).claim).toMatchObject({ status: 'refused', refusedReason: 'offer_paused' });
    expect((await offerById(offer.id)).spentMinor).toBe(0);
  });

  it('never spends past the budget when credits are decided concurrently (room for 3 of 8)', async () => {
    const offer = await createOffer({ percent: 10, capMinor: 50_00, budgetMinor: 170_00 });
    const players = await Promise.all(Array.from({ length: 8 }, () => consenting()));
    const houseBefore = (await getAccount(t.db, HOUSE_ACCOUNTS.bonuses))?.balanceMinor ?? 0;
    // Each player's opted-in order, credited the way the deposit's credit does (house:deposits to main,
    // its transfer as the event names it); then the eight handlers run at once.
    await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
    const credits = await Promise.all(
      players.map(async (p) => {
        const dep = (await order(p.client, 500_00, true)).json().data;
        const transfer = await postTransfer(t.db, {
          idempotencyKey: `test-credit:${dep.id}`,
          kind: 'deposit',
          reference: dep.id,
          entries: [
            { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -500_00 },
            { accountCode: accountCodes.playerMain(p.playerId), amountMinor: 500_00 },
          ],
        });
        return { orderId: dep.id as string, playerId: p.playerId, amountMinor: 500_00, transferId: transfer.id };
      }),
    );
    await Promise.all(credits.map((c) => withTransaction(t.db, (tx) => t.app.firstDeposit.depositCredited(tx, c))));
    const claims = await Promise.all(players.map((p) => status(p.client).then((s) => s.claim!)));
    expect(claims.filter((c) => c.status === 'granted')).toHaveLength(3);
    expect(new Set(claims.filter((c) => c.status !== 'granted').map((c) => c.refusedReason))).toEqual(new Set(['budget_spent']));
    expect((await offerById(offer.id)).spentMinor).toBe(150_00);
    expect(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses)).toBe(houseBefore - 150_00);
  });
});

import { PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { wingoRounds } from '../../../test/helpers/wingo-rounds';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, summarizeEntries, ensureAccount, findTransferByKey, getBalance, postTransfer, withTransaction } from '../ledger';
import { insertPlayer } from '../players';
import { SafetyRefusal } from '../safety';

/**
 * Promotions' money core (docs/promotions.md, decisions 490-491) against the real app: consent,
 * a grant's eligibility in its own transaction, bonus money kept out of what can be withdrawn,
 * wagering progress with hedges by net exposure, and conversion, forfeit and expiry each once.
 * The ledger's invariants are checked after every test.
 */

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const DAY = 86_400_000;
let t: TestApp;
let seq = 0;
/** Every ledger entry grouped (kind, account, day) with its count: any transfer posted changes it. */
const ledgerFacts = () => summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  await t.app.lottery.tick();
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
afterAll(async () => t.app.close());
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

const { nextRound, drawAndSettle, bet } = wingoRounds(() => t, clock, 'promo');

async function newPlayer(): Promise<number> {
  return (await insertPlayer(t.db, { phone: `97${String(++seq + 1_000_000).padStart(8, '0')}`, passwordHash: 'not-a-login', inviteCode: undefined, now: clock.now() })).id;
}
async function deposit(playerId: number, amountMinor: number): Promise<void> {
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(t.db, { idempotencyKey: `promo-dep:${++seq}`, kind: 'deposit', entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor }, { accountCode: main, amountMinor }] });
}
/** A player who consented to marketing, with cash on main. */
async function consenting(cashMinor = 1_000_00): Promise<number> {
  const id = await newPlayer();
  await deposit(id, cashMinor);
  await t.app.promotions.setConsent(id, true);
  return id;
}
const grant = (playerId: number, over: { amountMinor?: number; wageringMultiple?: number; validDays?: number; termsVersion?: string } = {}) =>
  withTransaction(t.db, (tx) =>
    t.app.promotions.grant(tx, { playerId, source: 'gift_code', sourceRef: 'TEST', amountMinor: 100_00, wageringMultiple: 2, validDays: 7, termsVersion: PROMOTION_TERMS_VERSION, ...over }),
  );
const codeOf = (p: Promise<unknown>) => p.then(() => 'resolved', (e: { code?: string; publicDetails?: Record<string, unknown> }) => ({ code: e.code, ...e.publicDetails }));

describe('marketing consent', () => {
  it('is off until given, and each change is kept with its time (append-only)', async () => {
    const player = new PlayerClient(t.app, '203.0.113.171');
    expect((await player.register('9855510001')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/marketing-consent' })).statusCode).toBe(401);
    expect((await player.call('GET', '/api/account/marketing-consent')).json().data).toEqual({ given: false, changedAt: null, history: [] });
    const given = (await player.call('POST', '/api/account/marketing-consent', { given: true })).json().data;
    expect(given).toMatchObject({ given: true, changedAt: clock.now().toISOString(), history: [{ given: true, at: clock.now().toISOString() }] });
    // Saying it again records nothing new; withdrawing it does.
    expect((await player.call('POST', '/api/account/marketing-consent', { given: true })).json().data.history).toHaveLength(1);
    clock.advance(60_000);
    const withdrawn = (await player.call('POST', '/api/account/marketing-consent', { given: false })).json().data;
    expect(withdrawn.given).toBe(false);
    expect(withdrawn.history.map((h: { given: boolean }) => h.given)).toEqual([false, true]);
    const bad = await player.call('POST', '/api/account/marketing-consent', { given: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    await expect(t.db.query('UPDATE marketing_consent_events SET given = true')).rejects.toThrow(/append-only|permission denied/);
  });
});

describe('who a bonus may reach, checked in the grant’s own transaction', () => {
  it('grants nothing without consent, on a break, self-excluded, or within 30 days of a limit hit', async () => {
    const noConsent = await newPlayer();
    const onBreak = await consenting();
    await t.app.safety.takeBreak(onBreak, { days: 1 });
    const excluded = await consenting();
    await t.app.safety.selfExclude(excluded, { months: 6 });
    const limited = await consenting();
    await t.app.safety.noteRefusal(t.db, new SafetyRefusal(limited, 'LOSS_LIMIT_EXCEEDED', 'Loss limit reached'));
    const before = await ledgerFacts();
    expect(await codeOf(grant(noConsent))).toEqual({ code: 'PROMOTION_NOT_ELIGIBLE', reason: 'no_marketing_consent' });
    expect(await codeOf(grant(onBreak))).toEqual({ code: 'PROMOTION_NOT_ELIGIBLE', reason: 'on_break' });
    expect(await codeOf(grant(excluded))).toEqual({ code: 'PROMOTION_NOT_ELIGIBLE', reason: 'self_excluded' });
    expect(await codeOf(grant(limited))).toEqual({ code: 'PROMOTION_NOT_ELIGIBLE', reason: 'limit_hit_recently' });
    expect(await codeOf(grant(limited, { termsVersion: 'old' }))).toMatchObject({ code: 'PROMOTION_TERMS_OUTDATED' });
    expect(await ledgerFacts()).toEqual(before);
    // 30 days after the limit hit (and past the break), the offer may reach them again.
    clock.advance(30 * DAY);
    await expect(grant(limited)).resolves.toMatchObject({ status: 'active' });
    await expect(grant(onBreak)).resolves.toMatchObject({ status: 'active' });
  });
});

describe('bonus money', () => {
  it('lives in its own account: never withdrawable before conversion, one bonus at a time', async () => {
    const playerId = await consenting(500_00);
    const g = await grant(playerId);
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, g.id))).toBe(100_00);
    expect(await getBalance(t.db, accountCodes.playerMain(playerId))).toBe(500_00);
    expect(await findTransferByKey(t.db, `bonus:grant:${g.id}`)).toMatchObject({ kind: 'bonus_grant' });
    const info = await t.app.withdrawals.info(playerId);
    expect(info.balanceMinor).toBe(500_00);
    expect(info.withdrawableMinor + info.wageringLockedMinor).toBe(500_00);
    expect(await codeOf(grant(playerId))).toEqual({ code: 'BONUS_ALREADY_ACTIVE', grantId: g.id });
  });

  it('counts play after the grant only, hedged rounds by net exposure, and converts once when complete', async () => {
    const playerId = await consenting(2_000_00);
    // A stake before the grant does not count toward it.
    await bet(playerId, await nextRound(), 'big', 100);
    await drawAndSettle();
    const g = await grant(playerId, { amountMinor: 100_00, wageringMultiple: 2 });
    let [view] = await t.app.promotions.bonuses(playerId);
    expect(view).toMatchObject({ id: g.id, status: 'active', balanceMinor: 100_00, requiredMinor: 200_00, wageredMinor: 0 });
    // Big and Small ₹250 each: ₹490 comes back whatever the digit, ₹10 was at risk.
    const period = await nextRound();
    await bet(playerId, period, 'big', 250);
    await bet(playerId, period, 'small', 250);
    [view] = await t.app.promotions.bonuses(playerId);
    expect(view).toMatchObject({ status: 'active', wageredMinor: 10_00 });
    await drawAndSettle();
    // A single-side ₹150 stake counts in full: ₹160 of ₹200.
    await bet(playerId, await nextRound(), 'red', 150);
    [view] = await t.app.promotions.bonuses(playerId);
    expect(view).toMatchObject({ status: 'active', wageredMinor: 160_00 });
    await drawAndSettle();
    await bet(playerId, await nextRound(), 'green', 40);
    await drawAndSettle();
    const mainAfterBet = await getBalance(t.db, accountCodes.playerMain(playerId));
    // Complete: the read converts it, exactly once, however often it is read or the job runs.
    [view] = await t.app.promotions.bonuses(playerId);
    expect(view).toMatchObject({ status: 'converted', balanceMinor: 0, wageredMinor: 200_00 });
    await t.app.promotions.bonuses(playerId);
    await Promise.all([t.app.promotions.settleDue(), t.app.promotions.settleDue()]);
    expect(await getBalance(t.db, accountCodes.playerMain(playerId))).toBe(mainAfterBet + 100_00);
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, g.id))).toBe(0);
    expect(await findTransferByKey(t.db, `bonus:convert:${g.id}`)).toMatchObject({ kind: 'bonus_convert', entries: [{ amountMinor: -100_00 }, { amountMinor: 100_00 }] });
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1`, [g.id]);
    expect(rows[0]!.n).toBe(2);
    // Five rounds drawn and settled: generous on a loaded machine (it waits for states, not time).
  }, 180_000);
});

describe('a withdrawal while a bonus is active', () => {
  it('is refused naming the bonus unless the player confirms forfeiting it, then forfeits it once', async () => {
    const playerId = await consenting(800_00);
    const method = await readyToWithdraw(t, playerId);
    const g = await grant(playerId, { amountMinor: 50_00 });
    const before = await ledgerFacts();
    const request = { methodId: method.id, amountMinor: 300_00, idempotencyKey: `promo-wd-${++seq}` };
    expect(await codeOf(t.app.withdrawals.request(playerId, request))).toEqual({ code: 'BONUS_FORFEIT_REQUIRED', bonusMinor: 50_00, grantId: g.id });
    expect(await ledgerFacts()).toEqual(before);
    const w = await t.app.withdrawals.request(playerId, { ...request, forfeitBonus: true });
    expect(w.amountMinor).toBe(300_00);
    // A retry of the same request answers the same withdrawal and forfeits nothing more.
    expect((await t.app.withdrawals.request(playerId, { ...request, forfeitBonus: true })).id).toBe(w.id);
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, g.id))).toBe(0);
    expect(await findTransferByKey(t.db, `bonus:forfeit:${g.id}`)).toMatchObject({ kind: 'bonus_forfeit' });
    const [view] = await t.app.promotions.bonuses(playerId);
    expect(view).toMatchObject({ status: 'forfeited', balanceMinor: 0 });
    // Nothing left to forfeit: the next request needs no confirmation.
    await expect(t.app.withdrawals.request(playerId, { methodId: method.id, amountMinor: 100_00, idempotencyKey: `promo-wd-${++seq}` })).resolves.toMatchObject({ amountMinor: 100_00 });
  });
});

describe('expiry', () => {
  it('returns an unfinished bonus to the house once, when the job runs after its time', async () => {
    const playerId = await consenting();
    const g = await grant(playerId, { validDays: 1 });
    await t.app.jobs.runOnce('promotions.settle');
    expect((await t.app.promotions.bonuses(playerId))[0]).toMatchObject({ status: 'active', balanceMinor: 100_00 });
    clock.advance(DAY);
    const houseBefore = await getBalance(t.db, HOUSE_ACCOUNTS.bonuses);
    await Promise.all([t.app.jobs.runOnce('promotions.settle'), t.app.promotions.settleDue(), t.app.promotions.bonuses(playerId)]);
    await t.app.jobs.runOnce('promotions.settle');
    expect(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses)).toBe(houseBefore + 100_00);
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, g.id))).toBe(0);
    expect(await findTransferByKey(t.db, `bonus:expire:${g.id}`)).toMatchObject({ kind: 'bonus_expire' });
    expect((await t.app.promotions.bonuses(playerId))[0]).toMatchObject({ status: 'expired', balanceMinor: 0 });
  });
});

import { PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { playerFactory, type TestPlayer } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, ensureAccount, findTransferByKey, getBalance, postTransfer, summarizeEntries } from '../ledger';
import { SafetyRefusal } from '../safety';
import { istDay } from './check-in-rules';

/**
 * The daily check-in (docs/promotions.md, decision 545) against the real app: once per IST
 * calendar day under concurrency, the day boundary on a fake clock, players who may not receive
 * offers refused with nothing written, the daily budget, and the console's settings (decision
 * 565: amount, pause and budget set by an admin apply to the next check-in, audited). The ledger's
 * invariants are checked after every test.
 */

// 10:00 UTC is 15:30 IST.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const DAY = 86_400_000;
const BONUS = 5_00;
let t: TestApp;
let admin: OperatorClient;
let support: OperatorClient;
/** The environment's values: only the defaults of the settings the console edits. */
const DEFAULTS = { bonusMinor: BONUS, wageringMultiple: 1, validDays: 2, dailyBudgetMinor: 3 * BONUS, paused: false };

beforeAll(async () => {
  // A budget of three check-ins a day, so the budget test can spend it.
  t = await buildTestApp({ clock, env: { CHECK_IN_BONUS_MINOR: String(BONUS), CHECK_IN_WAGERING_MULTIPLE: '1', CHECK_IN_VALID_DAYS: '2', CHECK_IN_DAILY_BUDGET_MINOR: String(3 * BONUS) } });
  admin = await OperatorClient.create(t.app, clock, 'meera', 'admin');
  support = await OperatorClient.create(t.app, clock, 'ravi', 'support');
}, 180_000);
afterAll(async () => t.app.close());
// Each test runs on a day of its own, so no test spends another's budget.
beforeEach(async () => {
  clock.advance(DAY);
  await signIn();
});
afterEach(async () => {
  // The console's settings back to the defaults for the next test (a test may have moved the clock past the session's idle expiry).
  await signIn();
  if ((await settingsNow()).updatedBy !== null) expect((await setSettings(DEFAULTS)).statusCode).toBe(200);
  expect(await checkInvariants(t.db)).toEqual([]);
});

/** Both operators signed in, each with a code of a new 30-second step (a code is used once). */
async function signIn() {
  clock.advance(30_000);
  for (const o of [admin, support]) expect((await o.login()).statusCode).toBe(200);
}
const settingsNow = async (by = admin) => (await by.call('GET', '/api/admin/check-in-settings')).json().data;
const setSettings = (values: Record<string, unknown>, by = admin) => by.call('POST', '/api/admin/check-in-settings', values);

const newPlayer = playerFactory(() => t, '96');
/** A registered player who gave marketing consent, with cash on main. */
async function consenting(): Promise<TestPlayer> {
  const p = await newPlayer(100_00);
  expect((await p.client.call('POST', '/api/account/marketing-consent', { given: true })).statusCode).toBe(200);
  return p;
}
const state = async (p: TestPlayer) => (await p.client.call('GET', '/api/promotions/check-in')).json().data;
const checkIn = (p: TestPlayer, termsVersion = PROMOTION_TERMS_VERSION) => p.client.call('POST', '/api/promotions/check-in', { termsVersion });
const errorOf = (res: { statusCode: number; json: () => { error?: { code: string; details?: Record<string, unknown> } } }) => ({ status: res.statusCode, code: res.json().error?.code, ...res.json().error?.details });
const ledgerFacts = () => summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });
const checkInRows = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM check_ins')).rows[0]!.n);
const daySpent = async () => Number((await t.db.query<{ s: number }>('SELECT coalesce(sum(spent_minor), 0)::float8 AS s FROM check_in_days')).rows[0]!.s);

let playSeq = 0;
/** Stakes `amountMinor` from main the way a Wingo bet does (counts toward wagering). */
async function play(playerId: number, amountMinor: number) {
  const house = accountCodes.houseLottery('wingo');
  await ensureAccount(t.db, { code: house, kind: 'house' });
  await postTransfer(t.db, { idempotencyKey: `check-in-play:${++playSeq}`, kind: 'lottery_bet', entries: [{ accountCode: accountCodes.playerMain(playerId), amountMinor: -amountMinor }, { accountCode: house, amountMinor }] });
}

describe('the daily check-in', () => {
  // First in the file: no test has changed the settings yet.
  it('takes its settings from the environment until the console sets them; every operator reads them', async () => {
    expect(await settingsNow()).toEqual({ ...DEFAULTS, updatedBy: null, updatedAt: null });
    expect(await settingsNow(support)).toEqual({ ...DEFAULTS, updatedBy: null, updatedAt: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/check-in-settings' })).statusCode).toBe(401);
  });

  it('needs the player’s token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/promotions/check-in' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/promotions/check-in', payload: { termsVersion: PROMOTION_TERMS_VERSION } })).statusCode).toBe(401);
  });

  it('gives one bonus a day under 10 concurrent check-ins, through the grant with its fixed key', async () => {
    const p = await consenting();
    const before = await state(p);
    expect(before).toMatchObject({ day: istDay(clock.now()), state: 'available', reason: null, grant: null });
    expect(before.offer).toEqual({ amountMinor: BONUS, wageringMultiple: 1, validDays: 2, termsVersion: PROMOTION_TERMS_VERSION });
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(p)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).map(errorOf)).toEqual(Array.from({ length: 9 }, () => ({ status: 409, code: 'CHECK_IN_DONE' })));
    const done = ok[0]!.json().data;
    expect(done).toMatchObject({ state: 'done', offer: null, grant: { source: 'check_in', status: 'active', amountMinor: BONUS, wageringMultiple: 1, termsVersion: PROMOTION_TERMS_VERSION } });
    expect(await getBalance(t.db, accountCodes.playerBonus(p.playerId, done.grant.id))).toBe(BONUS);
    expect(await findTransferByKey(t.db, `bonus:grant:${done.grant.id}`)).toMatchObject({ kind: 'bonus_grant' });
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bonus_grants WHERE player_id = $1 AND source = 'check_in'", [p.playerId]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await state(p)).toMatchObject({ state: 'done', grant: { id: done.grant.id } });
  });

  it('runs on the IST calendar day: a second check-in at 23:59:59.999 IST is refused, at 00:00 IST it is a new day', async () => {
    const p = await consenting();
    // 18:29:59.999 UTC is 23:59:59.999 IST.
    const lastMs = Date.parse(`${clock.now().toISOString().slice(0, 10)}T18:29:59.999Z`);
    clock.advance(lastMs - clock.now().getTime());
    expect((await checkIn(p)).statusCode).toBe(200);
    // The bonus is played through, so "one bonus at a time" does not hide the day rule.
    await play(p.playerId, BONUS);
    expect(errorOf(await checkIn(p))).toEqual({ status: 409, code: 'CHECK_IN_DONE' });
    const today = (await state(p)).day;
    clock.advance(1);
    const next = await state(p);
    expect(next).toMatchObject({ state: 'available' });
    expect(next.day).not.toBe(today);
    expect(next.day).toBe(istDay(clock.now()));
    const second = await checkIn(p);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ state: 'done', day: next.day });
    // The first bonus converted (its wagering complete) before the second was granted.
    const sources = (await p.client.call('GET', '/api/promotions/bonuses')).json().data.items.map((b: { status: string }) => b.status);
    expect(sources).toEqual(['active', 'converted']);
  });

  it('is unavailable while another bonus is in play, and says so (decision 545)', async () => {
    const p = await consenting();
    expect((await checkIn(p)).statusCode).toBe(200);
    clock.advance(DAY);
    expect(await state(p)).toMatchObject({ state: 'unavailable', reason: 'bonus_active', offer: null, grant: null });
    const before = await ledgerFacts();
    expect(errorOf(await checkIn(p))).toMatchObject({ status: 409, code: 'BONUS_ALREADY_ACTIVE' });
    expect(await ledgerFacts()).toEqual(before);
    // Once it ends (expired after its 2 days), the next day's check-in is available again: no streak to lose.
    clock.advance(DAY);
    expect(await state(p)).toMatchObject({ state: 'available' });
  });

  it('refuses a player who may not receive offers, or under old terms, and writes nothing', async () => {
    const noConsent = await newPlayer(100_00);
    const onBreak = await consenting();
    await t.app.safety.takeBreak(onBreak.playerId, { days: 1 });
    const excluded = await consenting();
    await t.app.safety.selfExclude(excluded.playerId, { months: 6 });
    const limited = await consenting();
    await t.app.safety.noteRefusal(t.db, new SafetyRefusal(limited.playerId, 'LOSS_LIMIT_EXCEEDED', 'Loss limit reached'));
    const fine = await consenting();
    const before = { ledger: await ledgerFacts(), rows: await checkInRows(), spent: await daySpent() };
    for (const [p, reason] of [
      [noConsent, 'no_marketing_consent'],
      [onBreak, 'on_break'],
      [excluded, 'self_excluded'],
      [limited, 'limit_hit_recently'],
    ] as const) {
      // The offer is not shown to them, only why it is unavailable.
      expect(await state(p)).toMatchObject({ state: 'unavailable', reason, offer: null });
      expect(errorOf(await checkIn(p))).toEqual({ status: 403, code: 'PROMOTION_NOT_ELIGIBLE', reason });
    }
    expect(errorOf(await checkIn(fine, '2020-01-1'))).toMatchObject({ status: 409, code: 'PROMOTION_TERMS_OUTDATED', termsVersion: PROMOTION_TERMS_VERSION });
    expect(errorOf(await fine.client.call('POST', '/api/promotions/check-in', { termsVersion: '' }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect({ ledger: await ledgerFacts(), rows: await checkInRows(), spent: await daySpent() }).toEqual(before);
  });

  it('spends at most the day’s budget under concurrency, and starts afresh the next day', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => consenting()));
    const spentBefore = await daySpent();
    const answers = await Promise.all(players.map((p) => checkIn(p)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 200).map(errorOf)).toEqual([
      { status: 409, code: 'CHECK_IN_UNAVAILABLE', reason: 'budget_spent' },
      { status: 409, code: 'CHECK_IN_UNAVAILABLE', reason: 'budget_spent' },
    ]);
    expect((await daySpent()) - spentBefore).toBe(3 * BONUS);
    const late = players[answers.findIndex((r) => r.statusCode !== 200)]!;
    expect(await state(late)).toMatchObject({ state: 'unavailable', reason: 'budget_spent', offer: null });
    clock.advance(DAY);
    expect(await state(late)).toMatchObject({ state: 'available' });
  });

  it('is paused by the console: unavailable, and nothing granted until it resumes', async () => {
    const p = await consenting();
    expect((await setSettings({ ...DEFAULTS, paused: true })).json().data).toMatchObject({ paused: true });
    expect(await state(p)).toMatchObject({ state: 'unavailable', reason: 'paused', offer: null });
    const before = await ledgerFacts();
    expect(errorOf(await checkIn(p))).toEqual({ status: 409, code: 'CHECK_IN_UNAVAILABLE', reason: 'paused' });
    expect(await ledgerFacts()).toEqual(before);
    expect((await setSettings(DEFAULTS)).statusCode).toBe(200);
    expect((await checkIn(p)).statusCode).toBe(200);
  });
});

describe('the check-in settings in the console (decision 565)', () => {
  const auditRows = async () =>
    (await t.db.query<{ username: string; before: unknown; after: unknown }>("SELECT username, before, after FROM operator_audit_log WHERE action = 'check_in_settings.update' ORDER BY id")).rows;

  it('applies an admin’s amount, wagering and validity to the next check-in, audited with before and after', async () => {
    const p = await consenting();
    const audited = (await auditRows()).length;
    const set = await setSettings({ ...DEFAULTS, bonusMinor: 7_00, wageringMultiple: 3, validDays: 5, dailyBudgetMinor: 100_00 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ bonusMinor: 7_00, wageringMultiple: 3, validDays: 5, dailyBudgetMinor: 100_00, paused: false, updatedAt: clock.now().toISOString() });
    expect((await state(p)).offer).toEqual({ amountMinor: 7_00, wageringMultiple: 3, validDays: 5, termsVersion: PROMOTION_TERMS_VERSION });
    const done = (await checkIn(p)).json().data;
    expect(done.grant).toMatchObject({ amountMinor: 7_00, wageringMultiple: 3 });
    expect(await getBalance(t.db, accountCodes.playerBonus(p.playerId, done.grant.id))).toBe(7_00);
    expect(await daySpent()).toBeGreaterThanOrEqual(7_00);
    const rows = await auditRows();
    expect(rows).toHaveLength(audited + 1);
    expect(rows.at(-1)).toEqual({
      username: 'meera',
      before: DEFAULTS,
      after: { bonusMinor: 7_00, wageringMultiple: 3, validDays: 5, dailyBudgetMinor: 100_00, paused: false },
    });
  });

  it('applies a budget lowered below today’s spending to the next check-in', async () => {
    const [a, b] = [await consenting(), await consenting()];
    expect((await checkIn(a)).statusCode).toBe(200);
    // One check-in spent ₹5 today: a budget of ₹8 leaves less than one more bonus.
    expect((await setSettings({ ...DEFAULTS, dailyBudgetMinor: 8_00 })).statusCode).toBe(200);
    expect(await state(b)).toMatchObject({ state: 'unavailable', reason: 'budget_spent' });
    const before = await ledgerFacts();
    expect(errorOf(await checkIn(b))).toEqual({ status: 409, code: 'CHECK_IN_UNAVAILABLE', reason: 'budget_spent' });
    expect(await ledgerFacts()).toEqual(before);
    expect((await setSettings({ ...DEFAULTS, dailyBudgetMinor: 10_00 })).statusCode).toBe(200);
    expect((await checkIn(b)).statusCode).toBe(200);
  });

  it('a change racing 6 check-ins: each check-in used one version whole, and the day’s spending matches the grants', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => consenting()));
    expect((await setSettings({ ...DEFAULTS, dailyBudgetMinor: 100_00 })).statusCode).toBe(200);
    const [answers, change] = await Promise.all([
      Promise.all(players.map((p) => checkIn(p))),
      setSettings({ ...DEFAULTS, bonusMinor: 9_00, wageringMultiple: 4, dailyBudgetMinor: 100_00 }),
    ]);
    expect(change.statusCode).toBe(200);
    expect(answers.map((r) => r.statusCode)).toEqual(players.map(() => 200));
    const { rows } = await t.db.query<{ amount_minor: number; wagering_multiple: number; granted: number; spent: number }>(
      `SELECT c.amount_minor::float8 AS amount_minor, g.wagering_multiple, g.amount_minor::float8 AS granted, d.spent_minor::float8 AS spent
         FROM check_ins c JOIN bonus_grants g ON g.id = c.grant_id JOIN check_in_days d ON d.day = c.day WHERE c.day = $1::date`,
      [istDay(clock.now())],
    );
    expect(rows).toHaveLength(6);
    // Old values (₹5, 1×) or new ones (₹9, 4×), never a mix; the row and the grant agree.
    for (const r of rows) {
      expect([`${BONUS}:1`, '900:4']).toContain(`${r.granted}:${r.wagering_multiple}`);
      expect(r.amount_minor).toBe(r.granted);
    }
    expect(rows[0]!.spent).toBe(rows.reduce((s, r) => s + r.granted, 0));
    // After the change answered, the next check-in uses the new values.
    const late = await consenting();
    expect((await checkIn(late)).json().data.grant).toMatchObject({ amountMinor: 9_00, wageringMultiple: 4 });
  });

  it('refuses a non-admin and bad input, changing nothing', async () => {
    const before = { settings: await settingsNow(), audit: (await auditRows()).length };
    expect(errorOf(await setSettings({ ...DEFAULTS, bonusMinor: 9_00 }, support))).toMatchObject({ status: 403 });
    for (const bad of [
      { bonusMinor: 0 },
      { bonusMinor: 100_01 },
      { wageringMultiple: 6 },
      { wageringMultiple: 0 },
      { validDays: 0 },
      { dailyBudgetMinor: -1 },
      { bonusMinor: 1.5 },
      { paused: 'yes' },
      { extra: 1 },
    ]) {
      const res = await setSettings({ ...DEFAULTS, ...bad });
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    const { paused: _p, ...missing } = DEFAULTS;
    expect(errorOf(await setSettings(missing))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect({ settings: await settingsNow(), audit: (await auditRows()).length }).toEqual(before);
  });
});

import { PROMOTION_TERMS_VERSION, type GiftCode } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, summarizeEntries, getAccount, getBalance } from '../ledger';
import { insertPlayer } from '../players';

/**
 * Gift codes (docs/promotions.md, decision 492): created and paused in the console by an admin
 * (audited), redeemed by players within the per-player cap and the budget even under 20
 * concurrent requests, each redemption a bonus grant whose eligibility is checked in its own
 * transaction. The ledger's invariants are checked after every test.
 */
const clock = fakeClock(new Date('2026-11-20T08:00:00Z'));
const DAY = 86_400_000;
let t: TestApp;
let admin: OperatorClient;
let support: OperatorClient;
let seq = 0;
/** Every ledger entry grouped (kind, account, day) with its count: any transfer posted changes it. */
const ledgerFacts = () => summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await OperatorClient.create(t.app, clock, 'gita', 'admin');
  support = await OperatorClient.create(t.app, clock, 'suri', 'support');
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
beforeEach(async () => {
  // A TOTP code signs in once: each test signs in with the next one.
  clock.advance(30_000);
  for (const o of [admin, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => t.app.close());

async function consentingPlayer(): Promise<number> {
  const id = (await insertPlayer(t.db, { phone: `96${String(++seq + 2_000_000).padStart(8, '0')}`, passwordHash: 'not-a-login', inviteCode: undefined, now: clock.now() })).id;
  await t.app.promotions.setConsent(id, true);
  return id;
}
async function createCode(over: Record<string, unknown> = {}): Promise<GiftCode> {
  const res = await admin.call('POST', '/api/admin/gift-codes', {
    code: `DIWALI${++seq}`,
    bonusMinor: 50_00,
    wageringMultiple: 3,
    bonusValidDays: 7,
    budgetMinor: 500_00,
    perPlayerCap: 1,
    expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const redeem = (playerId: number, code: string) =>
  t.app.promotions.redeem(playerId, { code, termsVersion: PROMOTION_TERMS_VERSION }).then(
    (g) => ({ ok: true as const, grantId: g.id }),
    (e: { code?: string }) => ({ ok: false as const, code: e.code }),
  );
const spentOf = async (id: number) => (await t.app.promotions.giftCodes()).find((c) => c.id === id)!.spentMinor;

describe('the console', () => {
  it('lets an admin create and pause a code, each audited, and refuses bad input, a duplicate and other roles', async () => {
    const code = await createCode({ code: 'WELCOME5' });
    expect(code).toMatchObject({ code: 'WELCOME5', bonusMinor: 50_00, wageringMultiple: 3, budgetMinor: 500_00, spentMinor: 0, perPlayerCap: 1, paused: false, termsVersion: PROMOTION_TERMS_VERSION });
    const again = await admin.call('POST', '/api/admin/gift-codes', { ...code, id: undefined });
    expect(again.statusCode).toBe(400);
    const duplicate = await admin.call('POST', '/api/admin/gift-codes', { code: 'WELCOME5', bonusMinor: 1_00, wageringMultiple: 1, bonusValidDays: 1, budgetMinor: 1_00, perPlayerCap: 1, expiresAt: new Date(clock.now().getTime() + DAY).toISOString() });
    expect(duplicate.json().error.code).toBe('GIFT_CODE_EXISTS');
    for (const bad of [{ wageringMultiple: 6 }, { expiresAt: new Date(clock.now().getTime() - 1).toISOString() }, { budgetMinor: 10_00 }]) {
      const res = await admin.call('POST', '/api/admin/gift-codes', { code: `BAD${++seq}`, bonusMinor: 50_00, wageringMultiple: 3, bonusValidDays: 7, budgetMinor: 500_00, perPlayerCap: 1, expiresAt: new Date(clock.now().getTime() + DAY).toISOString(), ...bad });
      expect(res.json().error.code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await support.call('POST', '/api/admin/gift-codes', { code: 'SUPPORT1' })).statusCode).toBe(403);
    expect((await support.call('GET', '/api/admin/gift-codes')).json().data.items.map((c: GiftCode) => c.code)).toContain('WELCOME5');
    const paused = await admin.call('POST', `/api/admin/gift-codes/${code.id}/pause`);
    expect(paused.json().data.paused).toBe(true);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM operator_audit_log WHERE target = $1 ORDER BY id`, [`gift_code_${code.id}`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['gift_code.create', 'gift_code.pause']);
    // Paused, it cannot be redeemed.
    expect(await redeem(await consentingPlayer(), 'WELCOME5')).toEqual({ ok: false, code: 'GIFT_CODE_UNAVAILABLE' });
  });
});

describe('redeeming', () => {
  it('over HTTP: the player types it in any case, gets a bonus in its own account, and cannot redeem it twice', async () => {
    const code = await createCode();
    const player = new PlayerClient(t.app, '203.0.113.181');
    expect((await player.register('9866610001')).statusCode).toBe(200);
    const body = { code: ` ${code.code.toLowerCase()} `, termsVersion: PROMOTION_TERMS_VERSION };
    const refused = await player.call('POST', '/api/promotions/gift-codes/redeem', body);
    expect(refused.json().error).toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE', details: { reason: 'no_marketing_consent' } });
    expect((await player.call('POST', '/api/account/marketing-consent', { given: true })).statusCode).toBe(200);
    const res = await player.call('POST', '/api/promotions/gift-codes/redeem', body);
    expect(res.statusCode, res.body).toBe(200);
    const bonus = res.json().data;
    expect(bonus).toMatchObject({ status: 'active', amountMinor: 50_00, balanceMinor: 50_00, requiredMinor: 150_00, wageredMinor: 0, termsVersion: PROMOTION_TERMS_VERSION });
    expect((await player.call('GET', '/api/promotions/bonuses')).json().data.items).toMatchObject([{ id: bonus.id }]);
    expect((await player.call('POST', '/api/promotions/gift-codes/redeem', body)).json().error.code).toBe('GIFT_CODE_CAP_REACHED');
    expect((await player.call('POST', '/api/promotions/gift-codes/redeem', { ...body, code: 'NOSUCHCODE' })).json().error.code).toBe('GIFT_CODE_NOT_FOUND');
    expect((await player.call('POST', '/api/promotions/gift-codes/redeem', { ...body, code: 'no!' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await t.app.inject({ method: 'POST', url: '/api/promotions/gift-codes/redeem', payload: body })).statusCode).toBe(401);
    expect(await spentOf(code.id)).toBe(50_00);
  });

  it('refuses an expired code and changes nothing', async () => {
    const code = await createCode({ expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    const playerId = await consentingPlayer();
    clock.advance(60_000);
    const before = await ledgerFacts();
    expect(await redeem(playerId, code.code)).toEqual({ ok: false, code: 'GIFT_CODE_UNAVAILABLE' });
    expect(await ledgerFacts()).toEqual(before);
    expect(await spentOf(code.id)).toBe(0);
  });

  it('20 concurrent redemptions by one player grant once (cap 1)', async () => {
    const code = await createCode();
    const playerId = await consentingPlayer();
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(playerId, code.code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.ok).map((r) => r.code))).toEqual(new Set(['GIFT_CODE_CAP_REACHED']));
    expect(await spentOf(code.id)).toBe(50_00);
    const accounts = (await t.app.promotions.bonuses(playerId)).map((b) => b.id);
    expect(accounts).toHaveLength(1);
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, accounts[0]!))).toBe(50_00);
  });

  it('20 concurrent redemptions by 20 players never exceed the budget (room for 7)', async () => {
    const code = await createCode({ budgetMinor: 375_00 });
    const players = await Promise.all(Array.from({ length: 20 }, () => consentingPlayer()));
    const houseBefore = (await getAccount(t.db, HOUSE_ACCOUNTS.bonuses))?.balanceMinor ?? 0;
    const results = await Promise.all(players.map((p) => redeem(p, code.code)));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect(new Set(results.filter((r) => !r.ok).map((r) => r.code))).toEqual(new Set(['GIFT_CODE_UNAVAILABLE']));
    expect(await spentOf(code.id)).toBe(350_00);
    expect(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses)).toBe(houseBefore - 350_00);
  });
});

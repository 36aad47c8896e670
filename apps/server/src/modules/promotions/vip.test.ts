import { LAZY_API_PATHS, VIP_LEVELS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { playerFactory, type TestPlayer } from '../../../test/helpers/players';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

/**
 * VIP levels against the real app (docs/promotions.md, decisions 546-547): the player's level from
 * tenure, a verified identity and verified play (never deposits), the published table in full, and
 * the two service benefits: a support ticket due sooner (so earlier in the console's queue) and a
 * withdrawal reviewed before a lower level's, even when requested later.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fakeClock(new Date('2026-11-28T06:00:00Z'));
let t: TestApp;
let support: OperatorClient;
let veteran: TestPlayer;
let newcomer: TestPlayer;
let depositor: TestPlayer;
const newPlayer = playerFactory(() => t, '95');
const vipOf = async (p: TestPlayer) => (await p.client.call('GET', LAZY_API_PATHS.promotions_vip)).json().data;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SUPPORT_RESPONSE_HOURS: '24' } });
  support = await OperatorClient.create(t.app, clock, 'vera', 'support');
  // The veteran registers 30 days before the others; both then verify their identity and play
  // ₹1,000 (staked and won back). The depositor only deposits: money paid in is not play.
  veteran = await newPlayer(1_000_00);
  clock.advance(30 * DAY);
  // Its session ended in those 30 days: it signs in again, as a returning player does.
  expect((await veteran.client.login(veteran.phone)).statusCode).toBe(200);
  newcomer = await newPlayer(1_000_00);
  depositor = await newPlayer(50_000_00);
  for (const p of [veteran, newcomer]) await readyToWithdraw(t, p.playerId);
}, 240_000);
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
});

describe('the VIP page’s data', () => {
  it('answers the level, what counts so far, the next level and the whole published table', async () => {
    expect((await t.app.inject({ method: 'GET', url: LAZY_API_PATHS.promotions_vip })).statusCode).toBe(401);
    expect(await vipOf(veteran)).toEqual({
      level: 1,
      counts: { tenureDays: 30, kycVerified: true, verifiedPlayMinor: 1_000_00 },
      next: VIP_LEVELS[2],
      levels: VIP_LEVELS,
    });
    // Verified and played as much, but registered today: tenure holds the level back.
    expect(await vipOf(newcomer)).toMatchObject({ level: 0, counts: { tenureDays: 0, kycVerified: true, verifiedPlayMinor: 1_000_00 }, next: VIP_LEVELS[1] });
    // A large deposit counts for nothing: only play does.
    expect(await vipOf(depositor)).toMatchObject({ level: 0, counts: { kycVerified: false, verifiedPlayMinor: 0 } });
  });
});

describe('the non-cash benefits', () => {
  it('a higher level’s support ticket is due sooner, so it comes first in the console’s queue', async () => {
    const open = (p: TestPlayer) => p.client.call('POST', LAZY_API_PATHS.support_tickets, { category: 'other', message: 'A question about my account' });
    const first = await open(newcomer);
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(HOUR);
    const later = await open(veteran);
    expect(later.statusCode, later.body).toBe(200);
    expect(first.json().data).toMatchObject({ expectedResponseHours: 24, responseDueAt: new Date(clock.now().getTime() - HOUR + 24 * HOUR).toISOString() });
    expect(later.json().data).toMatchObject({ expectedResponseHours: VIP_LEVELS[1].supportResponseHours, responseDueAt: new Date(clock.now().getTime() + 18 * HOUR).toISOString() });
    // The operator signs in now (a console session ends after an idle hour; a TOTP code signs in once).
    clock.advance(30_000);
    expect((await support.login()).statusCode).toBe(200);
    const queue = (await support.call('GET', LAZY_API_PATHS.admin_support_tickets)).json().data.items as Array<{ id: string }>;
    expect(queue.map((i) => i.id)).toEqual([later.json().data.id, first.json().data.id]);
  });

  it('a higher level’s withdrawal is reviewed first, even when requested later', async () => {
    const request = async (p: TestPlayer, key: string) => {
      const methodId = (await t.app.withdrawals.listMethods(p.playerId)).items[0]!.id;
      const res = await p.client.call('POST', '/api/wallet/withdraw/request', { methodId, amountMinor: 500_00, idempotencyKey: key });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    const first = await request(newcomer, 'vip-wd-newcomer');
    clock.advance(HOUR);
    const later = await request(veteran, 'vip-wd-veteran');
    const all = await t.app.withdrawals.listForReview();
    expect(all.items.map((i) => i.id)).toEqual([later, first]);
    // Paging keeps the same order.
    const page1 = await t.app.withdrawals.listForReview({ limit: 1 });
    const page2 = await t.app.withdrawals.listForReview({ limit: 1, cursor: page1.nextCursor ?? undefined });
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual([later, first]);
  });
});

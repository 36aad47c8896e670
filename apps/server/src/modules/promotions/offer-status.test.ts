import { LAZY_API_PATHS, PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { playerFactory } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { checkInvariants, summarizeEntries, withTransaction } from '../ledger';
import { SafetyRefusal } from '../safety';

/**
 * The Activity tab's offer status (docs/promotions.md, "Offer status"): whether offers are paused
 * for the player and why, by the grant's own rule evaluated read-only, when the reason ends by
 * itself, and the terms version in force against the one on the player's newest bonus.
 */

const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
afterAll(async () => t.app.close());
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

const newPlayer = playerFactory(() => t, '96410');
const statusOf = async (client: { call: (m: 'GET', url: string) => Promise<{ statusCode: number; json: () => { data: unknown } }> }) => {
  const res = await client.call('GET', LAZY_API_PATHS.promotions_status);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
/** A player with marketing consent given, so only the safety reasons can pause their offers. */
async function consenting() {
  const p = await newPlayer();
  await t.app.promotions.setConsent(p.playerId, true);
  return p;
}
const paused = (reason: string, until: string | null) => ({ offersPaused: true, reason, until, termsVersion: PROMOTION_TERMS_VERSION, acceptedTermsVersion: null });

describe('GET /api/promotions/status', () => {
  it('needs the player’s token, and says no consent until it is given, then that offers may reach them', async () => {
    expect((await t.app.inject({ method: 'GET', url: LAZY_API_PATHS.promotions_status })).statusCode).toBe(401);
    const p = await newPlayer();
    expect(await statusOf(p.client)).toEqual(paused('no_marketing_consent', null));
    await t.app.promotions.setConsent(p.playerId, true);
    expect(await statusOf(p.client)).toEqual({ offersPaused: false, reason: null, until: null, termsVersion: PROMOTION_TERMS_VERSION, acceptedTermsVersion: null });
  });

  it('says a break, an exclusion and a recent limit hit with when each ends, before a missing consent', async () => {
    const onBreak = await newPlayer();
    await t.app.safety.takeBreak(onBreak.playerId, { days: 2 });
    // Safer gambling first: no consent either, but the break is what the player is told.
    expect(await statusOf(onBreak.client)).toEqual(paused('on_break', new Date(clock.now().getTime() + 2 * DAY).toISOString()));

    const excluded = await consenting();
    const exclusion = await t.app.safety.selfExclude(excluded.playerId, { months: 6 });
    const status = (await statusOf(excluded.client)) as { reason: string; until: string };
    expect(status).toMatchObject({ offersPaused: true, reason: 'self_excluded' });
    expect(status.until).toBe(exclusion.block.until);

    const limited = await consenting();
    const hitAt = clock.now().getTime();
    await t.app.safety.noteRefusal(t.db, new SafetyRefusal(limited.playerId, 'LOSS_LIMIT_EXCEEDED', 'Loss limit reached'));
    expect(await statusOf(limited.client)).toEqual(paused('limit_hit_recently', new Date(hitAt + 30 * DAY).toISOString()));

    // 30 days on, the limit hit and the break are over: offers may reach them again (or need consent).
    clock.advance(30 * DAY);
    // Their sessions have expired by then: they log in again.
    for (const p of [limited, onBreak]) expect((await p.client.login(p.phone)).statusCode).toBe(200);
    expect(await statusOf(limited.client)).toMatchObject({ offersPaused: false, reason: null, until: null });
    expect(await statusOf(onBreak.client)).toMatchObject({ offersPaused: true, reason: 'no_marketing_consent' });
  });

  it('says an operator’s suspension and a closure, which end only by an operator (no date)', async () => {
    const { operator } = await t.app.admin.createOperator({ username: 'offers-admin', role: 'admin', password: 'Pw-offers-admin-0123456789' });
    const suspended = await consenting();
    await t.app.safety.suspend(suspended.playerId, { reason: 'other', note: 'Checking the offers notice' }, operator.id);
    expect(await t.app.promotions.status(suspended.playerId)).toEqual(paused('account_suspended', null));
    const closed = await consenting();
    await t.app.safety.close(closed.playerId, { reason: 'player_request' }, operator.id);
    expect(await t.app.promotions.status(closed.playerId)).toEqual(paused('account_closed', null));
  });

  it('answers the version on the newest bonus as the one accepted, and reads without changing anything', async () => {
    const p = await consenting();
    const grant = () =>
      withTransaction(t.db, (tx) =>
        t.app.promotions.grant(tx, { playerId: p.playerId, source: 'gift_code', sourceRef: 'STATUS', amountMinor: 10_00, wageringMultiple: 1, validDays: 7, termsVersion: PROMOTION_TERMS_VERSION }),
      );
    await grant();
    const before = await summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });
    const consentBefore = await t.app.promotions.consent(p.playerId);
    expect(await statusOf(p.client)).toEqual({ offersPaused: false, reason: null, until: null, termsVersion: PROMOTION_TERMS_VERSION, acceptedTermsVersion: PROMOTION_TERMS_VERSION });
    expect(await summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null })).toEqual(before);
    expect(await t.app.promotions.consent(p.playerId)).toEqual(consentBefore);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { playerFactory, type TestPlayer } from '../../../test/helpers/players';
import { wingoRounds } from '../../../test/helpers/wingo-rounds';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, findTransferByKey, getBalance } from '../ledger';
import { DEFAULT_INVITE_SETTINGS } from './invite-rules';
import { createInvitesService } from './invites';

/**
 * Invite a friend (docs/promotions.md; decisions 550-552) against the real app: the registration
 * links the friend, and the inviter is rewarded once, only after the friend passed KYC and played
 * (hedged play excluded), within the cap, if the inviter may receive an offer then, one level only.
 * The ledger's invariants are checked after every test.
 */

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const DAY = 86_400_000;
let t: TestApp;
let panSeq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  await t.app.lottery.tick();
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
afterAll(async () => t.app.close());
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

const newPlayer = playerFactory(() => t, '95');
const { nextRound, drawAndSettle, bet } = wingoRounds(() => t, clock, 'invite');

const uidOf = async (p: TestPlayer): Promise<string> => String((await p.client.call('GET', '/api/promotions/invites')).json().data.code);
const summary = async (p: TestPlayer) => (await p.client.call('GET', '/api/promotions/invites')).json().data;
/** A player registered with `inviter`'s code, the registration's event delivered. */
async function invitedBy(inviter: TestPlayer, fundMinor = 1_000_00): Promise<TestPlayer> {
  const friend = await newPlayer(fundMinor, { inviteCode: await uidOf(inviter) });
  await t.app.events.dispatch();
  return friend;
}
/** A player who may receive offers (marketing consent given). */
async function consentingInviter(): Promise<TestPlayer> {
  const p = await newPlayer();
  await t.app.promotions.setConsent(p.playerId, true);
  return p;
}
/** The friend's identity verified, with a PAN of their own (a shared PAN links two accounts). */
async function passKyc(p: TestPlayer): Promise<void> {
  const pan = `INVTE${String(++panSeq).padStart(4, '0')}F`;
  await t.app.kyc.submit(p.playerId, {
    fullName: 'Ravi Kumar',
    dateOfBirth: '1991-02-03',
    panNumber: pan,
    document: { base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', fileName: 'pan.png' },
  });
  const [pending] = (await t.app.kyc.listPending()).filter((s) => s.playerId === p.playerId);
  await t.app.kyc.verify({ submissionId: pending!.id, operatorId: 'op_kyc' });
}
/** One settled Wingo round in which each friend stakes on one side only (counts in full). */
async function playOneSide(players: TestPlayer[], rupees = 200): Promise<void> {
  const period = await nextRound();
  for (const p of players) await bet(p.playerId, period, 'red', rupees);
  await drawAndSettle();
}
const grantsOf = async (playerId: number) => (await t.db.query<{ id: string; source: string; source_ref: string }>('SELECT id, source, source_ref FROM bonus_grants WHERE player_id = $1', [playerId])).rows;
const inviteOf = async (inviteeId: number) => (await t.db.query('SELECT inviter_id::int AS inviter_id, outcome, reason FROM invites WHERE invitee_id = $1', [inviteeId])).rows[0];

describe('the invite code and what a typed code means', () => {
  it('is the player\'s UID; a friend registering with it is linked once, an unknown code or one\'s own links nothing', async () => {
    const inviter = await newPlayer();
    const me = (await inviter.client.call('GET', '/api/get-user-info')).json().data;
    const mine = await summary(inviter);
    expect(mine).toMatchObject({ code: String(me.uid), currency: 'INR', linkPath: `/register?invite=${me.uid}`, joined: 0, qualified: 0, rewarded: 0, friends: [] });
    expect(mine.cap).toEqual({ rewards: DEFAULT_INVITE_SETTINGS.capRewards, periodDays: DEFAULT_INVITE_SETTINGS.capPeriodDays, usedInPeriod: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/promotions/invites' })).statusCode).toBe(401);

    const friend = await invitedBy(inviter);
    // Redelivery of the registration links nothing more.
    await t.app.invites.linkRegistration(t.db, friend.playerId);
    expect(await inviteOf(friend.playerId)).toEqual({ inviter_id: inviter.playerId, outcome: 'pending', reason: null });
    const after = await summary(inviter);
    expect(after).toMatchObject({ joined: 1, qualified: 0, rewarded: 0 });
    expect(after.friends).toEqual([{ nickname: expect.any(String), phoneEnding: friend.phone.slice(-2), joinedAt: expect.any(String), step: 'joined', outcome: 'pending', reason: null }]);
    // The friend's number never leaves the server whole.
    expect(JSON.stringify(after)).not.toContain(friend.phone);

    // An unknown code (letters, or no such UID) registers as today and links nothing.
    const stranger = await newPlayer(0, { inviteCode: 'PROMO2026' });
    const noSuchUid = await newPlayer(0, { inviteCode: '10000000' });
    await t.app.events.dispatch();
    expect(await inviteOf(stranger.playerId)).toBeUndefined();
    expect(await inviteOf(noSuchUid.playerId)).toBeUndefined();
    // A player whose code is their own UID links nothing, and the table refuses it too.
    await t.db.query('UPDATE players SET invite_code = uid::text WHERE id = $1', [stranger.playerId]);
    await t.app.invites.linkRegistration(t.db, stranger.playerId);
    expect(await inviteOf(stranger.playerId)).toBeUndefined();
    await expect(t.db.query('INSERT INTO invites (invitee_id, inviter_id, registered_at) VALUES ($1, $1, now())', [stranger.playerId])).rejects.toThrow(/check/i);
  });
});

describe('the reward', () => {
  it('is capped per inviter in a rolling window: friends qualifying at once past the cap are missed', async () => {
    const capped = createInvitesService({ db: t.db, clock, grant: t.app.promotions.grant, kycVerified: (q, id) => t.app.kyc.isVerified(q, id), settings: { capRewards: 1 }, currency: 'INR' });
    const inviter = await consentingInviter();
    const friends = [await invitedBy(inviter), await invitedBy(inviter), await invitedBy(inviter)];
    for (const f of friends) await passKyc(f);
    await playOneSide(friends);
    const outcomes = await Promise.all(friends.map((f) => capped.evaluate(f.playerId)));
    expect(outcomes.filter((o) => o === 'rewarded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'missed')).toHaveLength(2);
    expect(await grantsOf(inviter.playerId)).toHaveLength(1);
    for (const f of friends.filter((_, i) => outcomes[i] === 'missed')) expect(await inviteOf(f.playerId)).toMatchObject({ outcome: 'missed', reason: 'cap_reached' });
  }, 240_000);

  it('is missed when the inviter may not receive an offer then (no consent, on a break), and granted to nobody else', async () => {
    const noConsent = await newPlayer();
    const onBreak = await consentingInviter();
    await t.app.safety.takeBreak(onBreak.playerId, { days: 1 });
    const a = await invitedBy(noConsent);
    const b = await invitedBy(onBreak);
    await passKyc(a);
    await passKyc(b);
    await playOneSide([a, b]);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await inviteOf(a.playerId)).toMatchObject({ outcome: 'missed', reason: 'no_marketing_consent' });
    expect(await inviteOf(b.playerId)).toMatchObject({ outcome: 'missed', reason: 'on_break' });
    for (const p of [noConsent, onBreak, a, b]) expect(await grantsOf(p.playerId)).toEqual([]);
    // A missed invite is decided: consent given later grants nothing for it.
    await t.app.promotions.setConsent(noConsent.playerId, true);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await grantsOf(noConsent.playerId)).toEqual([]);
  }, 240_000);

  it('goes one level only: a friend\'s own friend rewards the friend, never the first inviter', async () => {
    const first = await consentingInviter();
    const middle = await invitedBy(first);
    await t.app.promotions.setConsent(middle.playerId, true);
    const last = await invitedBy(middle);
    await passKyc(last);
    await playOneSide([last]);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await grantsOf(middle.playerId)).toEqual([{ id: `bon_inv${last.playerId}`, source: 'invite', source_ref: `invite:${last.playerId}` }]);
    expect(await grantsOf(first.playerId)).toEqual([]);
    expect(await inviteOf(middle.playerId)).toMatchObject({ inviter_id: first.playerId, outcome: 'pending' });
  }, 240_000);

  it('is refused when the two accounts are linked (the same registration address): the same person inviting themselves', async () => {
    const sameAddress = playerFactory(() => t, '94', { address: () => '198.51.100.77' });
    const inviter = await sameAddress();
    await t.app.promotions.setConsent(inviter.playerId, true);
    const second = await sameAddress(1_000_00, { inviteCode: await uidOf(inviter) });
    await t.app.events.dispatch();
    await passKyc(second);
    await playOneSide([second]);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await inviteOf(second.playerId)).toMatchObject({ outcome: 'refused', reason: 'linked_account' });
    expect(await grantsOf(inviter.playerId)).toEqual([]);
    expect((await summary(inviter)).friends[0]).toMatchObject({ step: 'played', outcome: 'refused', reason: 'linked_account' });
  }, 240_000);
});

// Last in the file: it moves the clock a week on (the first bonus expires), which the other tests' rounds need not follow.
describe('the reward, step by step', () => {
  it('comes only after KYC and play (hedged play excluded), once under concurrency and redelivery; a second waits for the first bonus to end', async () => {
    const inviter = await consentingInviter();
    const playsFirst = await invitedBy(inviter);
    const hedges = await invitedBy(inviter);
    // Played but no KYC yet: nothing.
    await playOneSide([playsFirst]);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await grantsOf(inviter.playerId)).toEqual([]);
    // KYC passed, but only hedged play (Big and Small ₹250 each: ₹10 at risk): nothing.
    await passKyc(hedges);
    const period = await nextRound();
    await bet(hedges.playerId, period, 'big', 250);
    await bet(hedges.playerId, period, 'small', 250);
    await drawAndSettle();
    await t.app.jobs.runOnce('promotions.invites');
    expect(await grantsOf(inviter.playerId)).toEqual([]);
    expect((await summary(inviter)).friends.map((f: { step: string }) => f.step)).toEqual(['kyc_passed', 'joined']);

    // Now both steps: many evaluations at once grant one bonus, under its fixed key.
    await passKyc(playsFirst);
    const house = await getBalance(t.db, 'house:bonuses').catch(() => 0);
    await Promise.all([t.app.invites.rewardDue(), t.app.invites.rewardDue(), ...Array.from({ length: 5 }, () => t.app.invites.evaluate(playsFirst.playerId))]);
    await t.app.jobs.runOnce('promotions.invites');
    const grants = await grantsOf(inviter.playerId);
    expect(grants).toEqual([{ id: `bon_inv${playsFirst.playerId}`, source: 'invite', source_ref: `invite:${playsFirst.playerId}` }]);
    expect(await getBalance(t.db, accountCodes.playerBonus(inviter.playerId, grants[0]!.id))).toBe(DEFAULT_INVITE_SETTINGS.rewardMinor);
    expect(await getBalance(t.db, 'house:bonuses')).toBe(house - DEFAULT_INVITE_SETTINGS.rewardMinor);
    expect(await findTransferByKey(t.db, `bonus:grant:bon_inv${playsFirst.playerId}`)).toMatchObject({ kind: 'bonus_grant' });
    // Nothing went to the friend.
    expect(await grantsOf(playsFirst.playerId)).toEqual([]);

    // The hedging friend now plays for real: the reward waits, as one bonus is active.
    await playOneSide([hedges]);
    await t.app.jobs.runOnce('promotions.invites');
    expect(await inviteOf(hedges.playerId)).toMatchObject({ outcome: 'pending', reason: 'bonus_active' });
    let s = await summary(inviter);
    expect(s).toMatchObject({ joined: 2, qualified: 2, rewarded: 1, cap: { usedInPeriod: 1 } });
    expect(s.friends.map((f: { step: string; reason: string | null }) => [f.step, f.reason])).toEqual([
      ['played', 'bonus_active'],
      ['rewarded', null],
    ]);
    // Once the first bonus has expired, the next run grants the second.
    clock.advance(DEFAULT_INVITE_SETTINGS.validDays * DAY);
    await t.app.jobs.runOnce('promotions.settle');
    await t.app.jobs.runOnce('promotions.invites');
    expect(await inviteOf(hedges.playerId)).toMatchObject({ outcome: 'rewarded', reason: null });
    s = await summary(inviter);
    expect(s).toMatchObject({ rewarded: 2, cap: { usedInPeriod: 2 } });
  }, 240_000);
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
let t: TestApp;
let admin: OperatorClient;
let finance: OperatorClient;
let support: OperatorClient;
let phoneSeq = 0;
let addressSeq = 0;

type Link = { playerId: number; uid: number; reasons: { reason: string; detail: string | null; since: string }[]; decision: { decision: string; note: string } | null };

/** A new player registered from its own address (or `address`), with its browser. */
async function newPlayer(address = `203.0.113.${++addressSeq}`): Promise<{ client: PlayerClient; id: number; phone: string }> {
  const client = new PlayerClient(t.app, address);
  const phone = `97${String(++phoneSeq).padStart(8, '0')}`;
  const res = await client.register(phone);
  expect(res.statusCode, res.body).toBe(200);
  const id = (await t.db.query<{ id: string }>('SELECT id FROM players WHERE phone = $1', [phone])).rows[0]!.id;
  return { client, id: Number(id), phone };
}

async function linksOf(playerId: number, by = support): Promise<Link[]> {
  const res = await by.call('GET', `/api/admin/players/${playerId}/links`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  finance = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
});
beforeEach(async () => {
  clock.advance(30_000);
  for (const o of [admin, finance, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

describe('linked accounts, one kind at a time', () => {
  it('links two accounts that saved the same UPI ID, on both pages, with the reason', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const c = await newPlayer();
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'ravi.shared@okaxis' })).statusCode).toBe(200);
    expect((await c.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'someone.else@okaxis' })).statusCode).toBe(200);
    const ofA = await linksOf(a.id);
    expect(ofA).toEqual([expect.objectContaining({ playerId: b.id, reasons: [expect.objectContaining({ reason: 'payout_upi' })], decision: null })]);
    expect(ofA[0]!.reasons[0]!.detail).toBeTruthy();
    expect((await linksOf(b.id)).map((l) => l.playerId)).toEqual([a.id]);
    expect(await linksOf(c.id)).toEqual([]);
  });

  it('links two accounts that saved the same bank account', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const bank = { kind: 'bank', accountHolder: 'Ravi Kumar', accountNumber: '123456789012', ifsc: 'HDFC0001234' };
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', bank)).statusCode).toBe(200);
    expect((await linksOf(a.id)).map((l) => [l.playerId, l.reasons.map((r) => r.reason)])).toEqual([[b.id, ['payout_bank']]]);
  });

  it('links two accounts whose identities carry the same PAN', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    for (const [p, name] of [[a, 'Ravi Player'], [b, 'Ravi Again']] as const) {
      const res = await p.client.call('POST', '/api/kyc/submit', { fullName: name, dateOfBirth: '1990-04-01', panNumber: 'LINKS1234P', document: { base64: PNG.toString('base64') } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await linksOf(b.id)).map((l) => [l.playerId, l.reasons.map((r) => r.reason)])).toEqual([[a.id, ['pan']]]);
  });

  it('links two accounts signed in from one browser (its device cookie), never a player to itself', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    // A's browser signs in as A again (its own cookie), then as B: it presents A's cookie.
    expect((await a.client.login(a.phone)).statusCode).toBe(200);
    expect(await linksOf(a.id)).toEqual([]);
    expect((await a.client.login(b.phone)).statusCode).toBe(200);
    expect((await linksOf(a.id)).map((l) => [l.playerId, l.reasons.map((r) => r.reason)])).toEqual([[b.id, ['device']]]);
    expect((await linksOf(b.id)).map((l) => l.playerId)).toEqual([a.id]);
    // The browser now holds B's cookie; signing in as B again links nothing new.
    expect((await a.client.login(b.phone)).statusCode).toBe(200);
    expect((await linksOf(b.id)).map((l) => l.playerId)).toEqual([a.id]);
  });

  it('links accounts registered from one address within 72 hours, and not outside the window', async () => {
    const address = '198.51.100.77';
    const first = await newPlayer(address);
    clock.advance(71 * 3600_000);
    const second = await newPlayer(address);
    clock.advance(2 * 3600_000);
    const third = await newPlayer(address);
    // The console session ended while the clock moved on: sign in again.
    expect((await support.login()).statusCode).toBe(200);
    expect((await linksOf(first.id)).map((l) => [l.playerId, l.reasons.map((r) => r.reason)])).toEqual([[second.id, ['registration_ip']]]);
    expect((await linksOf(second.id)).map((l) => l.playerId)).toEqual([first.id, third.id]);
    expect((await linksOf(third.id)).map((l) => l.playerId)).toEqual([second.id]);
    const stored = (await t.db.query<{ registration_ip: string }>('SELECT registration_ip FROM players WHERE id = $1', [first.id])).rows[0]!;
    expect(stored.registration_ip).toBe(address);
  });

  it('lists every reason of one link once', async () => {
    const address = '198.51.100.88';
    const a = await newPlayer(address);
    const b = await newPlayer(address);
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'both.reasons@okicici' })).statusCode).toBe(200);
    expect((await linksOf(a.id)).map((l) => [l.playerId, l.reasons.map((r) => r.reason)])).toEqual([[b.id, ['payout_upi', 'registration_ip']]]);
  });
});

describe('operators and links', () => {
  it('records a decision on a link, audited, without suspending anyone; finance reads but may not decide', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'decided.link@okaxis' })).statusCode).toBe(200);
    const url = `/api/admin/players/${a.id}/links/${b.id}/decision`;
    expect((await finance.call('POST', url, { decision: 'not_related', note: 'Family members' })).statusCode).toBe(403);
    expect((await linksOf(a.id, finance))[0]!.decision).toBeNull();

    const res = await support.call('POST', url, { decision: 'same_person', note: 'Same face on both documents' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.decision).toMatchObject({ decision: 'same_person', note: 'Same face on both documents' });
    // The decision shows from either side; the newest is in force.
    expect((await linksOf(b.id))[0]!.decision).toMatchObject({ decision: 'same_person' });
    clock.advance(60_000);
    expect((await admin.call('POST', `/api/admin/players/${b.id}/links/${a.id}/decision`, { decision: 'not_related', note: 'Checked again: brothers' })).statusCode).toBe(200);
    expect((await linksOf(a.id))[0]!.decision).toMatchObject({ decision: 'not_related', note: 'Checked again: brothers' });

    const audit = (await t.db.query<{ username: string; target: string; after: Record<string, unknown> }>(`SELECT username, target, after FROM operator_audit_log WHERE action = 'player.link_decision' ORDER BY id`)).rows;
    expect(audit).toEqual([
      expect.objectContaining({ username: 'sam', target: `player:${a.id}`, after: expect.objectContaining({ otherPlayerId: b.id, decision: 'same_person', reasons: ['payout_upi'] }) }),
      expect.objectContaining({ username: 'asha', target: `player:${b.id}`, after: expect.objectContaining({ otherPlayerId: a.id, decision: 'not_related' }) }),
    ]);
    // No automatic ban: a decision suspends nobody.
    const context = (await finance.call('GET', `/api/admin/players/${a.id}/review-context`)).json().data;
    expect(context.suspended).toBe(false);
    // Decisions are kept as written.
    await expect(t.db.query(`UPDATE account_link_decisions SET decision = 'same_person'`)).rejects.toThrow();
  });

  it('refuses a decision on two accounts that are not linked, or on a player with itself, and writes nothing', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const before = (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM account_link_decisions')).rows[0]!.n;
    const res = await support.call('POST', `/api/admin/players/${a.id}/links/${b.id}/decision`, { decision: 'not_related', note: 'Not linked at all' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await support.call('POST', `/api/admin/players/${a.id}/links/${a.id}/decision`, { decision: 'not_related', note: 'Self' })).statusCode).toBe(404);
    expect((await support.call('POST', `/api/admin/players/${a.id}/links/${b.id}/decision`, { decision: 'banned', note: 'Bad input' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM account_link_decisions')).rows[0]!.n).toBe(before);
  });

  it('shows the linked accounts on the review card', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'review.card@okaxis' })).statusCode).toBe(200);
    const context = (await finance.call('GET', `/api/admin/players/${a.id}/review-context`)).json().data;
    expect(context.linkedAccounts).toEqual([expect.objectContaining({ playerId: b.id, reasons: [expect.objectContaining({ reason: 'payout_upi' })] })]);
  });

  it('raises one alert per new link from the leader job, never twice, listed for every operator', async () => {
    const linkAlerts = async () =>
      ((await finance.call('GET', '/api/admin/alerts')).json().data.items as Array<{ kind: string; target: string; details: { playerId: number; linkedPlayerId: number; reasons: string[] } }>).filter(
        (a) => a.kind === 'accounts_linked',
      );
    await t.app.jobs.runOnce('admin.link-alerts');
    const before = (await linkAlerts()).length;
    expect(before).toBeGreaterThan(0);
    await t.app.jobs.runOnce('admin.link-alerts');
    expect(await linkAlerts()).toHaveLength(before);

    const a = await newPlayer();
    const b = await newPlayer();
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'alert.once@okaxis' })).statusCode).toBe(200);
    clock.advance(60_000);
    await t.app.jobs.runOnce('admin.link-alerts');
    const after = await linkAlerts();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ target: `player:${a.id}`, details: { playerId: a.id, linkedPlayerId: b.id, reasons: ['payout_upi'] } });

    // A second reason on the same link raises nothing new; a third account sharing it does.
    const bank = { kind: 'bank', accountHolder: 'Alert Once', accountNumber: '998877665544', ifsc: 'ICIC0004321' };
    for (const p of [a, b]) expect((await p.client.call('POST', '/api/wallet/withdraw/methods', bank)).statusCode).toBe(200);
    clock.advance(60_000);
    await t.app.jobs.runOnce('admin.link-alerts');
    expect(await linkAlerts()).toHaveLength(before + 1);
    const c = await newPlayer();
    expect((await c.client.call('POST', '/api/wallet/withdraw/methods', { kind: 'upi', vpa: 'alert.once@okaxis' })).statusCode).toBe(200);
    clock.advance(60_000);
    await t.app.jobs.runOnce('admin.link-alerts');
    const third = await linkAlerts();
    expect(third).toHaveLength(before + 3);
    expect(third.slice(0, 2).map((x) => [x.details.playerId, x.details.linkedPlayerId].sort((p, q) => p - q))).toEqual(
      expect.arrayContaining([
        [a.id, c.id],
        [b.id, c.id],
      ]),
    );
  });

  it('answers NOT_FOUND for the links of a player who does not exist', async () => {
    expect((await support.call('GET', '/api/admin/players/999999999/links')).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { reaches, type AudienceFacts } from './announcement-rules';

/**
 * Operator announcements (decision 458): scheduled in the console by an admin (audited), read by
 * players between start and end, for their segment only, marketing never to a player on a break
 * or self-excluded, and gone once read, paused or ended.
 */
const clock = fakeClock(new Date('2026-07-01T06:00:00Z'));
const HOUR = 3600_000;
let t: TestApp;
let english: PlayerClient;
let hindi: PlayerClient;
let onBreak: PlayerClient;
let excluded: PlayerClient;
let admin: OperatorClient;
let support: OperatorClient;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const player = async (phone: string, ip: string) => {
    const p = new PlayerClient(t.app, ip, true);
    expect((await p.register(phone)).statusCode).toBe(200);
    return p;
  };
  english = await player('9822220001', '203.0.113.61');
  hindi = await player('9822220002', '203.0.113.62');
  onBreak = await player('9822220003', '203.0.113.63');
  excluded = await player('9822220004', '203.0.113.64');
  expect((await hindi.call('POST', '/api/update-user-info', { language: 'hi' })).statusCode).toBe(200);
  expect((await onBreak.call('POST', '/api/safety/break', { days: 7 })).statusCode).toBe(200);
  expect((await excluded.call('POST', '/api/safety/exclusion', { months: 6 })).statusCode).toBe(200);
  admin = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
});
beforeEach(async () => {
  // A TOTP code signs in once: each test signs in with the next one.
  clock.advance(30_000);
  for (const o of [admin, support]) expect((await o.login()).statusCode).toBe(200);
});
afterAll(async () => t.app.close());

let seq = 0;
const draft = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    kind: 'service',
    segment: 'all',
    titleEn: `Maintenance ${seq}`,
    bodyEn: 'Deposits pause tonight from 02:00 to 03:00 IST.',
    titleHi: `रखरखाव ${seq}`,
    bodyHi: 'आज रात 02:00 से 03:00 IST तक रिचार्ज रुके रहेंगे।',
    startsAt: new Date(clock.now().getTime() - 60_000).toISOString(),
    endsAt: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
    ...over,
  };
};
const schedule = async (over: Record<string, unknown> = {}) => {
  const res = await admin.call('POST', '/api/admin/announcements', draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; titleEn: string };
};
const seen = async (p: PlayerClient) => {
  const res = await p.call('GET', '/api/announcements');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: string; title: { en: string; hi: string }; read: boolean }[]).map((a) => a.title.en);
};

describe('announcements', () => {
  it('reaches every player of its segment in both languages while it runs, and no longer after its end', async () => {
    const a = await schedule();
    const items = (await english.call('GET', '/api/announcements')).json().data.items;
    expect(items[0]).toMatchObject({ id: a.id, kind: 'service', title: { en: a.titleEn, hi: expect.stringContaining('रखरखाव') }, read: false });
    // A service notice reaches a player on a break and a self-excluded one too.
    for (const p of [english, hindi, onBreak, excluded]) expect(await seen(p)).toContain(a.titleEn);
    clock.advance(2 * HOUR);
    for (const p of [english, hindi]) expect(await seen(p)).not.toContain(a.titleEn);
  });

  it('waits for its start, and reaches only its segment', async () => {
    const later = await schedule({ startsAt: new Date(clock.now().getTime() + HOUR).toISOString(), endsAt: new Date(clock.now().getTime() + 3 * HOUR).toISOString() });
    const forHindi = await schedule({ segment: 'lang_hi' });
    const forEnglish = await schedule({ segment: 'lang_en' });
    expect(await seen(english)).not.toContain(later.titleEn);
    expect(await seen(english)).toEqual(expect.arrayContaining([forEnglish.titleEn]));
    expect(await seen(english)).not.toContain(forHindi.titleEn);
    expect(await seen(hindi)).toContain(forHindi.titleEn);
    expect(await seen(hindi)).not.toContain(forEnglish.titleEn);
    clock.advance(HOUR);
    expect(await seen(english)).toContain(later.titleEn);
  });

  it('never shows marketing to a player on a break or self-excluded, nor without marketing consent', async () => {
    const promo = await schedule({ kind: 'marketing' });
    // Consent is off until given (decision 491): nobody sees marketing yet.
    expect(await seen(english)).not.toContain(promo.titleEn);
    for (const p of [english, onBreak, excluded]) expect((await p.call('POST', '/api/account/marketing-consent', { given: true })).statusCode).toBe(200);
    expect(await seen(english)).toContain(promo.titleEn);
    expect(await seen(hindi)).not.toContain(promo.titleEn);
    expect(await seen(onBreak)).not.toContain(promo.titleEn);
    expect(await seen(excluded)).not.toContain(promo.titleEn);
    // Withdrawn, it stops at once; given again, it is back.
    expect((await english.call('POST', '/api/account/marketing-consent', { given: false })).statusCode).toBe(200);
    expect(await seen(english)).not.toContain(promo.titleEn);
    expect((await english.call('POST', '/api/account/marketing-consent', { given: true })).statusCode).toBe(200);
    expect(await seen(english)).toContain(promo.titleEn);
    // Nor can such a player mark it read (it does not reach them).
    expect((await onBreak.call('POST', `/api/announcements/${promo.id}/read`)).json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
  });

  it('is read once by a player (alone, or with "mark all as read"), and paused for everyone by an admin', async () => {
    const a = await schedule();
    const b = await schedule();
    expect((await english.call('POST', `/api/announcements/${a.id}/read`)).statusCode).toBe(200);
    const mine = (await english.call('GET', '/api/announcements')).json().data.items as { id: string; read: boolean }[];
    expect(mine.find((x) => x.id === a.id)?.read).toBe(true);
    expect(mine.find((x) => x.id === b.id)?.read).toBe(false);
    expect((await hindi.call('GET', '/api/announcements')).json().data.items.find((x: { id: string }) => x.id === a.id).read).toBe(false);
    await hindi.call('POST', '/api/notifications/mark-all-as-read');
    expect((await hindi.call('GET', '/api/announcements')).json().data.items.every((x: { read: boolean }) => x.read)).toBe(true);

    const paused = await admin.call('POST', `/api/admin/announcements/${b.id}/pause`);
    expect(paused.json().data).toMatchObject({ id: b.id, paused: true });
    expect(await seen(english)).not.toContain(b.titleEn);
    expect((await admin.call('POST', `/api/admin/announcements/${b.id}/resume`)).json().data.paused).toBe(false);
    expect(await seen(english)).toContain(b.titleEn);
    const audit = await t.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM operator_audit_log WHERE action LIKE 'announcement.%' AND target = $1 ORDER BY id`,
      [b.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['announcement.create', 'announcement.pause', 'announcement.resume']);
  });

  it('lets every operator read the list and only an admin write; refuses bad input and changes nothing', async () => {
    expect((await support.call('GET', '/api/admin/announcements')).statusCode).toBe(200);
    const before = (await admin.call('GET', '/api/admin/announcements')).json().data.items.length;
    expect((await support.call('POST', '/api/admin/announcements', draft())).json().error.code).toBe('FORBIDDEN');
    const ended = await admin.call('POST', '/api/admin/announcements', draft({ endsAt: new Date(clock.now().getTime() - HOUR).toISOString() }));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.code).toBe('VALIDATION_FAILED');
    expect((await admin.call('POST', '/api/admin/announcements', draft({ titleHi: '' }))).statusCode).toBe(400);
    expect((await admin.call('POST', '/api/admin/announcements', draft({ segment: 'whales' }))).statusCode).toBe(400);
    expect((await admin.call('POST', '/api/admin/announcements/ann_999999/pause')).json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
    expect((await admin.call('GET', '/api/admin/announcements')).json().data.items.length).toBe(before);
    expect((await english.call('GET', '/api/admin/announcements')).statusCode).toBe(401);
  });
});

describe('who an announcement reaches (pure)', () => {
  const now = new Date('2026-07-01T06:00:00Z');
  const base = { kind: 'service' as const, segment: 'all' as const, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + HOUR), pausedAt: null };
  const player: AudienceFacts = { language: null, registeredAt: new Date(now.getTime() - 30 * 24 * HOUR), marketingBlocked: false };

  it('runs from its start to just before its end, unless paused', () => {
    expect(reaches(base, player, now)).toBe(true);
    expect(reaches({ ...base, startsAt: now }, player, now)).toBe(true);
    expect(reaches({ ...base, endsAt: now }, player, now)).toBe(false);
    expect(reaches({ ...base, startsAt: new Date(now.getTime() + 1) }, player, now)).toBe(false);
    expect(reaches({ ...base, pausedAt: now }, player, now)).toBe(false);
  });

  it('treats a player who never chose a language as English, and counts 7 days for a new player', () => {
    expect(reaches({ ...base, segment: 'lang_en' }, player, now)).toBe(true);
    expect(reaches({ ...base, segment: 'lang_hi' }, player, now)).toBe(false);
    expect(reaches({ ...base, segment: 'lang_hi' }, { ...player, language: 'hi' }, now)).toBe(true);
    expect(reaches({ ...base, segment: 'new_7d' }, player, now)).toBe(false);
    expect(reaches({ ...base, segment: 'new_7d' }, { ...player, registeredAt: new Date(now.getTime() - 7 * 24 * HOUR + 1) }, now)).toBe(true);
    expect(reaches({ ...base, segment: 'new_7d' }, { ...player, registeredAt: new Date(now.getTime() - 7 * 24 * HOUR) }, now)).toBe(false);
  });

  it('keeps marketing from a blocked player and service notices for everyone', () => {
    expect(reaches({ ...base, kind: 'marketing' }, { ...player, marketingBlocked: true }, now)).toBe(false);
    expect(reaches({ ...base, kind: 'marketing' }, player, now)).toBe(true);
    expect(reaches(base, { ...player, marketingBlocked: true }, now)).toBe(true);
  });
});

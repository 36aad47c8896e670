import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';

const clock = fakeClock(new Date('2026-06-01T10:00:00Z'));

let t: TestApp;
let seq = 0;
/** A fresh valid phone and address per test, so rate-limit counters never collide. */
const nextPhone = () => `98${String(10_000_000 + ++seq).padStart(8, '0')}`;
const client = () => new PlayerClient(t.app, `198.51.100.${++seq % 250}`);
/** Asks for a reset code the way the web page does and reads it through the sandbox handle. */
const requestResetCode = async (phone: string) => {
  const c = client();
  const res = await c.call('POST', '/api/forgot-password/request-code', { phone });
  return { res, code: await c.sandboxCode(res.json().data?.sandboxHandle) };
};
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.app.close();
});

describe('register', () => {
  it('creates a player with a session, a refresh cookie and a welcome message', async () => {
    const c = client();
    const phone = nextPhone();
    const res = await c.register(phone);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token).toMatch(/^ey/);
    expect(new Date(data.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60 * 1000);
    expect(data.user).toMatchObject({ avatar: 1, phone: `${phone.slice(0, 2)}******${phone.slice(-2)}` });
    expect(String(data.user.uid)).toMatch(/^\d{8}$/);
    const cookie = res.cookies.find((k) => k.name === 'cp_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    // The inbox hears of the new account from its PlayerRegistered event, after commit.
    await t.app.events.settled();
    const inbox = await c.call('GET', '/api/notifications');
    expect(inbox.json().data.items[0].message).toEqual({ key: 'welcome', params: {} });
  });

  it('stores only an argon2id hash with at least OWASP minimum parameters', async () => {
    const phone = nextPhone();
    await client().register(phone, 'Tiger-Lily-42');
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM players WHERE phone = $1', [phone]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['a 9-digit phone', { phone: '987654321' }, 'phone'],
    ['a phone starting with 5', { phone: '5876543210' }, 'phone'],
    ['a 7-character password', { password: 'Ab3$xyz' }, 'password'],
    ['a 65-character password', { password: 'x'.repeat(65) }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    ['no 18+ confirmation', { ageConfirmed: false }, 'ageConfirmed'],
    ['an unknown field', { isAdmin: true }, ''],
  ])('refuses %s with a field-level error and creates nothing', async (_name, patch, path) => {
    const before = await count('players');
    const res = await client().call('POST', '/api/register', {
      phone: nextPhone(),
      code: '123456',
      password: 'Tiger-Lily-42',
      ageConfirmed: true,
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    const err = res.json().error;
    expect(err.code).toBe('VALIDATION_FAILED');
    if (path) expect(err.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await count('players')).toBe(before);
  });

  it('refuses to register without a code, with a wrong one, or with one sent to another phone', async () => {
    const phone = nextPhone();
    const c = client();
    const req = await c.call('POST', '/api/register/request-code', { phone });
    expect(req.statusCode).toBe(200);
    const code = (await c.sandboxCode(req.json().data.sandboxHandle))!;
    expect(code).toMatch(/^\d{6}$/);
    const body = { phone, password: 'Tiger-Lily-42', ageConfirmed: true };
    const missing = await c.call('POST', '/api/register', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues.map((i: { path: string }) => i.path)).toContain('code');
    const wrong = await c.call('POST', '/api/register', { ...body, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json().error.code).toBe('OTP_INVALID');
    const elsewhere = await c.call('POST', '/api/register', { ...body, phone: nextPhone(), code });
    expect(elsewhere.json().error.code).toBe('OTP_INVALID');
    const { rows } = await t.db.query('SELECT 1 FROM players WHERE phone = $1', [phone]);
    expect(rows).toHaveLength(0);
    // The right code still works after a few wrong tries, once.
    expect((await c.call('POST', '/api/register', { ...body, code })).statusCode).toBe(200);
    const again = await client().call('POST', '/api/register', { ...body, code });
    expect(again.json().error.code).toBe('OTP_INVALID');
  });

  it('expires a registration code after 5 minutes and burns it after 5 wrong tries', async () => {
    const phone = nextPhone();
    const c = client();
    const req = await c.call('POST', '/api/register/request-code', { phone });
    const code = (await c.sandboxCode(req.json().data.sandboxHandle))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { phone, password: 'Tiger-Lily-42', ageConfirmed: true };
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await c.call('POST', '/api/register', { ...body, code: wrong })).json().error.code);
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXCEEDED']);
    expect((await c.call('POST', '/api/register', { ...body, code })).json().error.code).toBe('OTP_ATTEMPTS_EXCEEDED');

    clock.advance(60_000);
    const req2 = await c.call('POST', '/api/register/request-code', { phone });
    const code2 = (await c.sandboxCode(req2.json().data.sandboxHandle))!;
    clock.advance(5 * 60 * 1000 + 1);
    expect((await c.call('POST', '/api/register', { ...body, code: code2 })).json().error.code).toBe('OTP_EXPIRED');
  });

  it('answers a registered number exactly like a new one; only the SMS tells the difference', async () => {
    const taken = nextPhone();
    await client().register(taken);
    clock.advance(60_000); // past the resend cooldown of the registration's own code
    const fresh = nextPhone();
    const c = client();
    const a = await c.call('POST', '/api/register/request-code', { phone: taken });
    const b = await c.call('POST', '/api/register/request-code', { phone: fresh });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const shape = (r: typeof a) => ({ ...r.json().data, sandboxHandle: typeof r.json().data.sandboxHandle });
    expect(shape(a)).toEqual(shape(b));
    const outbox = async (r: typeof a) =>
      (await c.call('GET', `/api/sandbox/sms-outbox?handle=${r.json().data.sandboxHandle}`)).json().data.messages[0].body;
    expect(await outbox(a)).toMatch(/already has a Colorplay account/);
    expect(await outbox(a)).not.toMatch(/\d{6}/);
    expect(await outbox(b)).toMatch(/registration code is \d{6}/);
    // No code exists for the taken number, so guessing gets nowhere.
    const guess = await c.call('POST', '/api/register', { phone: taken, code: '123456', password: 'Another-Pass-77', ageConfirmed: true });
    expect(guess.json().error.code).toBe('OTP_INVALID');
  });
});

describe('sandbox SMS outbox', () => {
  it('never answers by phone number: only the handle of a request reads its one message', async () => {
    const phone = nextPhone();
    await client().register(phone);
    const victimRequest = await client().call('POST', '/api/forgot-password/request-code', { phone });
    expect(victimRequest.statusCode).toBe(200);
    const attacker = client();
    const byPhone = await attacker.call('GET', `/api/sandbox/sms-outbox?phone=${phone}`);
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.json().error.code).toBe('VALIDATION_FAILED');
    const guessed = await attacker.call('GET', `/api/sandbox/sms-outbox?handle=${'A'.repeat(32)}`);
    expect(guessed.json().data.messages).toEqual([]);
    // The attacker's own request for the same phone gets its own handle and no code for it.
    clock.advance(60_000);
    const own = await attacker.call('POST', '/api/register/request-code', { phone });
    const mine = (await attacker.call('GET', `/api/sandbox/sms-outbox?handle=${own.json().data.sandboxHandle}`)).json().data.messages;
    expect(mine).toHaveLength(1);
    expect(mine[0].body).not.toMatch(/reset code/);
    // The handle stores only a hash.
    const { rows } = await t.db.query<{ handle_hash: string }>('SELECT handle_hash FROM sms_outbox WHERE phone = $1', [phone]);
    expect(rows.every((r) => !r.handle_hash.includes(victimRequest.json().data.sandboxHandle))).toBe(true);
  });
});

describe('login', () => {
  it('logs in with the right password and gives the same answer for a wrong password or unknown phone', async () => {
    const phone = nextPhone();
    await client().register(phone);
    const ok = await client().login(phone);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.lastLoginAt).toBe(clock.now().toISOString());

    const wrongPassword = await client().login(phone, 'Not-The-Password-1');
    const unknownPhone = await client().login(nextPhone(), 'Tiger-Lily-42');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownPhone.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownPhone.json());
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('counts only failures per phone: repeated correct logins are never limited', async () => {
    const phone = nextPhone();
    await client().register(phone);
    for (let i = 0; i < 12; i++) expect((await client().login(phone)).statusCode).toBe(200);
  });

  it('slows a phone down after 5 failures with a growing delay, and the owner still gets in', async () => {
    const phone = nextPhone();
    await client().register(phone);
    for (let i = 0; i < 5; i++) expect((await client().login(phone, 'Wrong-Pass-000')).statusCode).toBe(401);
    // The right password from another address must wait the delay, not 12 minutes.
    const limited = await client().login(phone);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await client().login(phone)).statusCode).toBe(200);
    // Success forgot the failures: five more wrong tries are free again.
    for (let i = 0; i < 5; i++) expect((await client().login(phone, 'Wrong-Pass-000')).statusCode).toBe(401);
    // Each further failure doubles the wait: 2, 4, 8, 16 s.
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const early = await client().login(phone, 'Wrong-Pass-000');
      waits.push(String(early.headers['retry-after']));
      clock.advance(Number(early.headers['retry-after']) * 1000);
      expect((await client().login(phone, 'Wrong-Pass-000')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['2', '4', '8', '16']);
    // A password reset clears the slow-down at once.
    clock.advance(60_000);
    const { code } = await requestResetCode(phone);
    expect((await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Brand-New-Pass-9' })).statusCode).toBe(200);
    expect((await client().login(phone, 'Brand-New-Pass-9')).statusCode).toBe(200);
  });

  it('keeps the failure count in the database, shared by nodes and restarts', async () => {
    const phone = nextPhone();
    await client().register(phone);
    for (let i = 0; i < 5; i++) await client().login(phone, 'Wrong-Pass-000');
    clock.advance(2000);
    await client().login(phone, 'Wrong-Pass-000');
    const { rows } = await t.db.query<{ failures: number }>('SELECT failures FROM login_failures WHERE phone = $1', [phone]);
    expect(rows[0]!.failures).toBe(6);
  });

  it('housekeeping forgets failures only after the memory window, and spent codes after they expire', async () => {
    const fresh = nextPhone();
    const stale = nextPhone();
    await client().register(fresh);
    await client().register(stale);
    await client().login(stale, 'Wrong-Pass-000');
    clock.advance(24 * 3600 * 1000 + 1000);
    await client().login(fresh, 'Wrong-Pass-000');
    await requestResetCode(fresh);
    await t.app.jobs.runOnce('auth.prune-stale');
    const phones = async () =>
      (await t.db.query<{ phone: string }>('SELECT phone FROM login_failures WHERE phone = ANY($1) ORDER BY phone', [[fresh, stale]])).rows.map((r) => r.phone);
    // The stale row would be read as forgotten anyway; the fresh one still counts.
    expect(await phones()).toEqual([fresh]);
    expect(await count('otp_codes')).toBeGreaterThan(0);
    clock.advance(24 * 3600 * 1000 + 1000);
    await t.app.jobs.runOnce('auth.prune-stale');
    expect(await phones()).toEqual([]);
    expect(await count('otp_codes')).toBe(0);
  });

  it('rate-limits attempts per address across phone numbers', async () => {
    const c = client();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await c.login(nextPhone(), 'Wrong-Pass-000')).statusCode);
    expect(codes.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every refresh and the new access token works', async () => {
    const c = client();
    await c.register(nextPhone());
    const first = c.refreshCookie;
    const res = await c.call('POST', '/api/refresh-token');
    expect(res.statusCode).toBe(200);
    expect(c.refreshCookie).toBeDefined();
    expect(c.refreshCookie).not.toBe(first);
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again after the grace window', async () => {
    const c = client();
    await c.register(nextPhone());
    const stolen = c.refreshCookie;
    await c.call('POST', '/api/refresh-token'); // the legitimate client rotates
    clock.advance(10_001);
    const thief = new PlayerClient(t.app, '192.0.2.66');
    thief.refreshCookie = stolen;
    const replay = await thief.call('POST', '/api/refresh-token');
    expect(replay.statusCode).toBe(401);
    // The legitimate holder is logged out too: its newer refresh token and access token die.
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(401);
  });

  it('gives a racing second refresh within 10 s the same successor instead of revoking the session', async () => {
    const c = client();
    await c.register(nextPhone());
    const old = c.refreshCookie;
    const first = await c.call('POST', '/api/refresh-token');
    expect(first.statusCode).toBe(200);
    const successor = c.refreshCookie;
    clock.advance(9_000);
    const otherTab = client();
    otherTab.refreshCookie = old;
    const second = await otherTab.call('POST', '/api/refresh-token');
    expect(second.statusCode).toBe(200);
    expect(otherTab.refreshCookie).toBe(successor);
    expect((await otherTab.call('GET', '/api/get-user-info')).statusCode).toBe(200);
    // The session lives on, and the successor rotates normally.
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(200);
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(200);
  });

  it('answers truly concurrent refreshes with one cookie with one successor and keeps the session', async () => {
    const c = client();
    await c.register(nextPhone());
    const cookie = c.refreshCookie;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { cookie: `cp_refresh=${cookie}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const successors = new Set(answers.map((a) => a.cookies.find((k) => k.name === 'cp_refresh')!.value));
    expect(successors.size).toBe(1);
    c.refreshCookie = [...successors][0];
    c.token = answers[5]!.json().data.token;
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(200);
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(200);
  });

  it('refuses a refresh from a foreign Origin with 403 ORIGIN_NOT_ALLOWED and leaves the session alone', async () => {
    const c = client();
    await c.register(nextPhone());
    const cookie = c.refreshCookie;
    const refresh = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { cookie: `cp_refresh=${cookie}`, origin, host: 'play.example.in' } });
    for (const origin of ['https://evil.example', 'null', 'https://play.example.in.evil.example']) {
      const res = await refresh(origin);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ORIGIN_NOT_ALLOWED');
      expect(res.cookies).toEqual([]);
    }
    // The same site (or no Origin: a non-browser client) refreshes as usual.
    const same = await refresh('https://play.example.in');
    expect(same.statusCode).toBe(200);
  });

  it('answers 401 without a refresh cookie or with a forged one', async () => {
    expect((await client().call('POST', '/api/refresh-token')).statusCode).toBe(401);
    const c = client();
    c.refreshCookie = 'forged-token';
    const res = await c.call('POST', '/api/refresh-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('ends a session at its absolute lifetime however often it was refreshed', async () => {
    const c = client();
    await c.register(nextPhone());
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * 3600 * 1000);
      expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(200);
    }
    clock.advance(24 * 3600 * 1000 + 1000);
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(401);
  });

  it('expires access tokens after 15 minutes', async () => {
    const c = client();
    await c.register(nextPhone());
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(200);
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the session: neither the access token nor the refresh cookie work afterwards', async () => {
    const c = client();
    await c.register(nextPhone());
    const token = c.token;
    const cookie = c.refreshCookie;
    expect((await c.call('POST', '/api/logout')).statusCode).toBe(200);
    c.token = token;
    c.refreshCookie = cookie;
    expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(401);
    expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(401);
  });
});

describe('user info and avatar', () => {
  it('requires a bearer token', async () => {
    const res = await client().call('GET', '/api/get-user-info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('returns data.avatar and saves a new avatar', async () => {
    const c = client();
    await c.register(nextPhone());
    expect((await c.call('GET', '/api/get-user-info')).json().data.avatar).toBe(1);
    const res = await c.call('POST', '/api/update-user-info', { avatar: 7 });
    expect(res.statusCode).toBe(200);
    expect((await c.call('GET', '/api/get-user-info')).json().data.avatar).toBe(7);
  });

  it.each([[0], [21], ['3'], [2.5], [null], [-1]])('refuses avatar %j and changes nothing', async (avatar) => {
    const c = client();
    await c.register(nextPhone());
    await c.call('POST', '/api/update-user-info', { avatar: 4 });
    const res = await c.call('POST', '/api/update-user-info', { avatar });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await c.call('GET', '/api/get-user-info')).json().data.avatar).toBe(4);
  });

  it('keeps the language the player chose (issue 23): null until chosen, then on every device', async () => {
    const phone = nextPhone();
    const c = client();
    await c.register(phone);
    expect((await c.call('GET', '/api/get-user-info')).json().data.language).toBeNull();
    const res = await c.call('POST', '/api/update-user-info', { language: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ avatar: 1, language: 'hi' });
    // Changing the avatar leaves the language, and another device logs in to it.
    await c.call('POST', '/api/update-user-info', { avatar: 5 });
    const other = client();
    const login = await other.login(phone);
    expect(login.json().data.user).toMatchObject({ avatar: 5, language: 'hi' });
  });

  it.each([[{ language: 'fr' }], [{ language: null }], [{ language: 'HI' }], [{}]])('refuses %j and changes nothing', async (body) => {
    const c = client();
    await c.register(nextPhone());
    await c.call('POST', '/api/update-user-info', { language: 'en' });
    const res = await c.call('POST', '/api/update-user-info', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await c.call('GET', '/api/get-user-info')).json().data).toMatchObject({ avatar: 1, language: 'en' });
  });

  it('refuses other fields than the avatar', async () => {
    const c = client();
    await c.register(nextPhone());
    const res = await c.call('POST', '/api/update-user-info', { avatar: 3, nickname: 'Boss' });
    expect(res.statusCode).toBe(400);
    expect((await c.call('GET', '/api/get-user-info')).json().data).toMatchObject({ avatar: 1 });
  });
});

describe('forgot password', () => {
  it('sends a 6-digit code, resets the password and ends every session', async () => {
    const phone = nextPhone();
    const laptop = client();
    await laptop.register(phone);
    const phoneApp = client();
    await phoneApp.login(phone);

    const { res: req, code } = await requestResetCode(phone);
    expect(req.statusCode).toBe(200);
    expect(req.json().data).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(code).toMatch(/^\d{6}$/);

    const reset = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Brand-New-Pass-9' });
    expect(reset.statusCode).toBe(200);
    for (const c of [laptop, phoneApp]) {
      expect((await c.call('GET', '/api/get-user-info')).statusCode).toBe(401);
      expect((await c.call('POST', '/api/refresh-token')).statusCode).toBe(401);
    }
    expect((await client().login(phone, 'Tiger-Lily-42')).statusCode).toBe(401);
    expect((await client().login(phone, 'Brand-New-Pass-9')).statusCode).toBe(200);
    // A used code cannot be used again.
    const again = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Other-Pass-123' });
    expect(again.json().error.code).toBe('OTP_INVALID');
  });

  it('answers an unknown number the same way and sends nothing', async () => {
    const phone = nextPhone();
    const before = await count('sms_outbox');
    const res = await client().call('POST', '/api/forgot-password/request-code', { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(await count('sms_outbox')).toBe(before);
  });

  it('enforces the 60-second resend cooldown', async () => {
    const phone = nextPhone();
    await client().register(phone);
    expect((await client().call('POST', '/api/forgot-password/request-code', { phone })).statusCode).toBe(200);
    clock.advance(30_000);
    const early = await client().call('POST', '/api/forgot-password/request-code', { phone });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    clock.advance(30_000);
    expect((await client().call('POST', '/api/forgot-password/request-code', { phone })).statusCode).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = nextPhone();
    await client().register(phone);
    const { code } = await requestResetCode(phone);
    clock.advance(5 * 60 * 1000 + 1);
    const res = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Brand-New-Pass-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OTP_EXPIRED');
    expect((await client().login(phone)).statusCode).toBe(200); // old password still works
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = nextPhone();
    await client().register(phone);
    const code = (await requestResetCode(phone)).code!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await client().call('POST', '/api/forgot-password/reset', { phone, code: wrong, newPassword: 'Brand-New-Pass-9' });
      answers.push(res.json().error.code);
    }
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXCEEDED']);
    const right = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Brand-New-Pass-9' });
    expect(right.json().error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    expect((await client().login(phone)).statusCode).toBe(200);
  });

  it('refuses a common new password without spending the code', async () => {
    const phone = nextPhone();
    await client().register(phone);
    const { code } = await requestResetCode(phone);
    const weak = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.issues[0].path).toBe('newPassword');
    const ok = await client().call('POST', '/api/forgot-password/reset', { phone, code, newPassword: 'Brand-New-Pass-9' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('notifications', () => {
  it('pages newest first and marks all as read', async () => {
    const c = client();
    await c.register(nextPhone());
    // The welcome message (from the PlayerRegistered event) lands before the ones added below.
    await t.app.events.settled();
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM players ORDER BY id DESC LIMIT 1`,
    );
    for (let i = 1; i <= 4; i++) {
      await t.db.query('INSERT INTO notifications (player_id, message_key, params, created_at) VALUES ($1, $2, $3, $4)', [
        rows[0]!.id,
        'text',
        JSON.stringify({ title: `Message ${i}`, body: 'Body' }),
        clock.now(),
      ]);
    }
    const page1 = (await c.call('GET', '/api/notifications?limit=3')).json().data;
    const titles = (items: { message: { key: string; params: { title?: string } } }[]) => items.map((n) => n.message.params.title ?? n.message.key);
    expect(titles(page1.items)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    expect(page1.unreadCount).toBe(5);
    const page2 = (await c.call('GET', `/api/notifications?limit=3&before=${page1.nextCursor}`)).json().data;
    expect(titles(page2.items)).toEqual(['Message 1', 'welcome']);
    expect(page2.nextCursor).toBeNull();

    const marked = await c.call('POST', '/api/notifications/mark-all-as-read');
    expect(marked.json().data.updated).toBe(5);
    const after = (await c.call('GET', '/api/notifications')).json().data;
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('refuses a malformed cursor and a limit out of range', async () => {
    const c = client();
    await c.register(nextPhone());
    expect((await c.call('GET', '/api/notifications?before=abc')).statusCode).toBe(400);
    expect((await c.call('GET', '/api/notifications?limit=500')).statusCode).toBe(400);
  });
});

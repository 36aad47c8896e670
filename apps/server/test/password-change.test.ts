import { API_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';

/**
 * Decision 404: a device cookie (decision 242) is revoked when its player's password changes, by
 * a reset or by the new signed-in change, which also ends every other session. Before, a cookie
 * kept its own allowance of guesses for 180 days whatever happened to the password.
 */
const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.app.close());

let seq = 0;
const phoneOf = () => `97${String(30_000_000 + ++seq)}`;
const address = () => `198.51.100.${100 + (++seq % 150)}`;

/** A stranger's wrong passwords until untrusted browsers must wait (five at most, fewer after earlier failures). */
async function strangerThrottles(phone: string) {
  const stranger = new PlayerClient(t.app, address());
  const answers: number[] = [];
  for (let i = 0; i < 6 && answers.at(-1) !== 429; i++) answers.push((await stranger.login(phone, 'wrong-password')).statusCode);
  expect(answers.at(-1)).toBe(429);
}

describe('device cookies end with the password', () => {
  it('a reset revokes the device cookies issued before it', async () => {
    const phone = phoneOf();
    const owner = new PlayerClient(t.app, address());
    expect((await owner.register(phone)).statusCode).toBe(200);
    expect(owner.deviceCookie).toBeDefined();
    const c = new PlayerClient(t.app, address());
    const code = await c.sandboxCode((await c.call('POST', API_PATHS.forgot_password_request_code, { phone })).json().data.sandboxHandle);
    expect((await c.call('POST', API_PATHS.forgot_password_reset, { phone, code, newPassword: 'Brand-New-Pass-9' })).statusCode).toBe(200);
    await strangerThrottles(phone);
    // The old cookie is no longer a trusted browser: it waits like everyone else.
    expect((await owner.login(phone, 'Brand-New-Pass-9')).statusCode).toBe(429);
  });
});

describe('POST /api/change-password', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.change_password, payload: { currentPassword: 'x', newPassword: 'Another-Pass-77' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password (400, the session stays) and a new password the rules refuse; nothing changes', async () => {
    const phone = phoneOf();
    const p = new PlayerClient(t.app, address());
    expect((await p.register(phone)).statusCode).toBe(200);
    const wrong = await p.call('POST', API_PATHS.change_password, { currentPassword: 'not-mine-at-all', newPassword: 'Another-Pass-77' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const short = await p.call('POST', API_PATHS.change_password, { currentPassword: 'Tiger-Lily-42', newPassword: 'short' });
    expect([short.statusCode, short.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    // Common ones, also repeated to length or padded with spaces (decision 402), and short units repeated.
    for (const newPassword of ['password123', 'Password1'.repeat(6), '  PASSWORD123  ', 'abc1abc1abc1']) {
      const common = await p.call('POST', API_PATHS.change_password, { currentPassword: 'Tiger-Lily-42', newPassword });
      expect([common.statusCode, common.json().error.code], newPassword).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await p.call('GET', API_PATHS.get_user_info)).statusCode).toBe(200);
    expect((await new PlayerClient(t.app, address()).login(phone)).statusCode).toBe(200);
  });

  it('is rate-limited like sign-in: five wrong current passwords, then even the right one waits', async () => {
    const phone = phoneOf();
    const p = new PlayerClient(t.app, address());
    expect((await p.register(phone)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await p.call('POST', API_PATHS.change_password, { currentPassword: `guess-${i}-guess`, newPassword: 'Another-Pass-77' })).statusCode).toBe(400);
    const limited = await p.call('POST', API_PATHS.change_password, { currentPassword: 'Tiger-Lily-42', newPassword: 'Another-Pass-77' });
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('sets the new password, ends every other session and device cookie, keeps this session', async () => {
    const phone = phoneOf();
    const here = new PlayerClient(t.app, address());
    expect((await here.register(phone)).statusCode).toBe(200);
    const elsewhere = new PlayerClient(t.app, address());
    expect((await elsewhere.login(phone)).statusCode).toBe(200);
    const oldCookie = elsewhere.deviceCookie;
    expect(oldCookie).toBeDefined();

    const changed = await here.call('POST', API_PATHS.change_password, { currentPassword: 'Tiger-Lily-42', newPassword: 'Another-Pass-77' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');
    // This browser gets a device cookie valid under the new password.
    expect(here.deviceCookie).toBeDefined();
    // The inbox tells the owner (delivered after commit).
    await t.app.events.settled();
    await t.app.events.dispatch();
    const inbox = (await here.call('GET', API_PATHS.notifications)).json().data.items as { message: { key: string } }[];
    expect(inbox[0]!.message).toEqual({ key: 'passwordChanged', params: {} });

    expect((await here.call('GET', API_PATHS.get_user_info)).statusCode).toBe(200);
    expect((await elsewhere.call('GET', API_PATHS.get_user_info)).statusCode).toBe(401);
    const refreshed = await elsewhere.call('POST', API_PATHS.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(401);
    const oldPassword = await new PlayerClient(t.app, address()).login(phone);
    expect(oldPassword.statusCode, oldPassword.body).toBe(401);

    // The other browser's cookie no longer counts; the changing browser's new one does.
    await strangerThrottles(phone);
    expect((await elsewhere.login(phone, 'Another-Pass-77')).statusCode).toBe(429);
    expect((await here.login(phone, 'Another-Pass-77')).statusCode).toBe(200);
  });
});

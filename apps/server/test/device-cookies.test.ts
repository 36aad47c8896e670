import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { OperatorClient } from './helpers/operator-client';
import { PlayerClient } from './helpers/player-client';

/**
 * Decision 242, lockout as a weapon: with device cookies (OWASP), a stranger's wrong passwords
 * throttle strangers only. The owner's browser, which signed in before, keeps signing in; a name
 * that does not exist is counted and answered exactly like one that does.
 */
const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.app.close());

const shape = (res: { statusCode: number; json: () => { error?: { code: string; message: string } } }) => [res.statusCode, res.json().error?.code, res.json().error?.message];

describe('operators', () => {
  it("a stranger's five wrong passwords do not lock the owner's browser out", async () => {
    const owner = await OperatorClient.create(t.app, clock, 'asha', 'admin', '198.51.100.10');
    clock.advance(30_000);
    expect((await owner.login()).statusCode).toBe(200);
    expect(owner.deviceCookie).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const stranger = new OperatorClient(t.app, 'asha', 'guess-0000000', owner.totpSecret, clock, '203.0.113.200');
    for (let i = 0; i < 5; i++) expect((await stranger.login({ code: '000000' })).statusCode).toBe(401);
    const throttled = await stranger.login({ code: '000000' });
    expect([throttled.statusCode, throttled.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(throttled.headers['retry-after']).toBeDefined();

    clock.advance(30_000);
    expect((await owner.login()).statusCode).toBe(200);
    // Even the right password does not help a stranger while throttled.
    const rightButStranger = new OperatorClient(t.app, 'asha', owner.password, owner.totpSecret, clock, '203.0.113.201');
    expect((await rightButStranger.login()).statusCode).toBe(429);
  });

  it('an unknown name is counted and answered exactly like a known one', async () => {
    const known = await OperatorClient.create(t.app, clock, 'farid', 'finance');
    const answersFor = async (username: string, address: string) => {
      const c = new OperatorClient(t.app, username, 'wrong-password-1', known.totpSecret, clock, address);
      const out = [];
      for (let i = 0; i < 6; i++) out.push(shape(await c.login({ code: '000000' })));
      return out;
    };
    const forKnown = await answersFor('farid', '203.0.113.210');
    const forUnknown = await answersFor('nobody-here', '203.0.113.211');
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.slice(0, 5).every(([status]) => status === 401)).toBe(true);
    expect(forKnown[5]![0]).toBe(429);
  });

  it("the owner's device has its own allowance; a device cookie for another name counts for nothing", async () => {
    const owner = await OperatorClient.create(t.app, clock, 'sam', 'support', '198.51.100.11');
    clock.advance(30_000);
    expect((await owner.login()).statusCode).toBe(200);
    // Asha's device cookie presented for sam: not trusted, so sam's untrusted allowance applies.
    const other = new OperatorClient(t.app, 'sam', 'nope-nope-nope', owner.totpSecret, clock, '203.0.113.220');
    other.deviceCookie = owner.deviceCookie!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (let i = 0; i < 5; i++) expect((await other.login({ code: '000000' })).statusCode).toBe(401);
    expect((await other.login({ code: '000000' })).statusCode).toBe(429);
    // The owner's own mistakes are counted on their device: five, then it waits too.
    for (let i = 0; i < 5; i++) expect((await owner.login({ password: 'typo-typo-typo' })).statusCode).toBe(401);
    expect((await owner.login()).statusCode).toBe(429);
    clock.advance(15 * 60_000);
    expect((await owner.login()).statusCode).toBe(200);
  });
});

describe('players', () => {
  it("a stranger's wrong passwords slow strangers, not the owner's browser", async () => {
    const owner = new PlayerClient(t.app, '198.51.100.20');
    expect((await owner.register('9855555555')).statusCode).toBe(200);
    expect((await owner.login('9855555555')).statusCode).toBe(200);
    expect(owner.deviceCookie).toBeDefined();
    const stranger = new PlayerClient(t.app, '203.0.113.230');
    for (let i = 0; i < 5; i++) expect((await stranger.login('9855555555', 'wrong-password')).statusCode).toBe(401);
    // The next stranger try must wait (the delay grows with each failure), right password or not...
    expect((await stranger.login('9855555555')).statusCode).toBe(429);
    // ...the owner's browser signs in at once.
    expect((await owner.login('9855555555')).statusCode).toBe(200);
  });

  it('an unknown number is answered like a known one', async () => {
    expect((await new PlayerClient(t.app, '198.51.100.21').register('9877777777')).statusCode).toBe(200);
    const a = new PlayerClient(t.app, '203.0.113.240');
    const b = new PlayerClient(t.app, '203.0.113.241');
    const known = [];
    const unknown = [];
    for (let i = 0; i < 7; i++) {
      known.push(shape(await a.login('9877777777', 'still-wrong')));
      unknown.push(shape(await b.login('9866666666', 'still-wrong')));
    }
    expect(unknown.map(([s, c]) => [s, c])).toEqual(known.map(([s, c]) => [s, c]));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';

/**
 * Rate limits count the address the connection comes from. Behind no trusted proxy (the default,
 * production included) X-Forwarded-For must not change it, or a client picks its own address.
 */
const PRODUCTION_DEMO = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://colorplay_app@127.0.0.1:9/colorplay',
  MIGRATION_DATABASE_URL: 'postgres://colorplay_owner@127.0.0.1:9/colorplay',
  SMS_CHANNEL: 'sandbox',
  UPI_CHANNEL: 'sandbox',
  PAYOUT_CHANNEL: 'sandbox',
  USDT_CHANNEL: 'sandbox',
  ALLOW_SANDBOX_IN_PRODUCTION: 'demo',
};
let seq = 0;
const phone = () => `97${String(10_000_000 + ++seq).padStart(8, '0')}`;
const spoofed = () => `10.${seq % 250}.${++seq % 250}.7`;

function post(t: TestApp, url: string, body: unknown, remoteAddress: string, xff: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
    payload: JSON.stringify(body),
  });
}

describe('production without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PRODUCTION_DEMO });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('ignores X-Forwarded-For: 45 failed logins from one connection get 429s after 30', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) {
      codes.push((await post(t, '/api/login', { phone: phone(), password: 'Wrong-Pass-000' }, '203.0.113.5', spoofed())).statusCode);
    }
    expect(codes.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(codes.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('ignores X-Forwarded-For: registrations past the per-address limit of 200 an hour are refused', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 215; i++) {
      const body = { phone: phone(), code: '123456', password: 'Tiger-Lily-42', ageConfirmed: true };
      codes.push((await post(t, '/api/register', body, '203.0.113.6', spoofed())).statusCode);
    }
    // Wrong codes (400) until the address has used its 200 tries, then 429 for the other 15.
    expect(codes.slice(0, 200).every((s) => s === 400)).toBe(true);
    expect(codes.slice(200)).toEqual(Array(15).fill(429));
  });

  it('tells the web app it is a demo with the sandbox SMS channel on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ data: { demo: true, sandbox: { sms: true, upi: true, demoVendor: false, usdtChain: true, payouts: true }, usdt: true, open_game_url: '/api/games/open-game-url' } });
  });
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION_DEMO, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('counts the client address the proxy reports', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) {
      codes.push((await post(t, '/api/login', { phone: phone(), password: 'Wrong-Pass-000' }, '10.0.0.2', `198.18.0.${i}`)).statusCode);
    }
    expect(codes.every((s) => s === 401)).toBe(true);
    const sameClient: number[] = [];
    for (let i = 0; i < 31; i++) {
      sameClient.push((await post(t, '/api/login', { phone: phone(), password: 'Wrong-Pass-000' }, '10.0.0.2', '198.18.1.1')).statusCode);
    }
    expect(sameClient.at(-1)).toBe(429);
  });
});

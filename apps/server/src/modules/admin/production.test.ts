import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CHANNELS_ENV, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { systemClock } from '../../lib/clock';

// In production the operator cookie is Secure as well (only ever sent over HTTPS), and behind a
// trusted proxy the audit log records the client's address from X-Forwarded-For.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.app.close();
});

describe('operator console in production', () => {
  it('sets a Secure, httpOnly, SameSite=Strict session cookie scoped to /api/admin', async () => {
    const o = await OperatorClient.create(t.app, systemClock, 'prod-admin', 'admin');
    const res = await o.login();
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'cp_admin')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
  });

  it('records the client address a trusted proxy forwards', async () => {
    const o = await OperatorClient.create(t.app, systemClock, 'proxied', 'support');
    const res = await o.call('POST', '/api/admin/login', { username: 'proxied', password: o.password, code: o.code() }, { headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.query<{ ip: string }>(`SELECT ip FROM operator_audit_log WHERE action = 'login' AND username = 'proxied'`);
    expect(rows).toEqual([{ ip: '203.0.113.77' }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_CHANNELS_ENV, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { systemClock } from '../../lib/clock';

// In production the operator cookie is Secure as well (only ever sent over HTTPS).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV } });
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
});

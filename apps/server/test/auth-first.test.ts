import { API_PATHS, ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_SESSION_COOKIE } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/**
 * Decision 196: who is calling is checked before what they send. Driven by the OpenAPI document:
 * every route it marks as protected (a bearer token for players, the cp_admin cookie for the
 * console) is called with no credentials and with forged ones, each time with input that fails
 * validation (a bad path parameter, a bad query, a body of the wrong shape). The answer must be
 * 401 UNAUTHORIZED every time, never 400: a stranger learns nothing about the schemas.
 */

type Operation = { security?: Array<Record<string, string[]>> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.app.close());

function protectedOperations(): Array<{ method: string; path: string; scheme: string }> {
  const doc = t.app.swagger() as unknown as OpenApi;
  const out: Array<{ method: string; path: string; scheme: string }> = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const scheme = op.security?.flatMap((s) => Object.keys(s))[0];
      if (scheme) out.push({ method: method.toUpperCase(), path, scheme });
    }
  }
  return out;
}

// Values no schema accepts: a path id with a slash-free junk, a query of wrong types, a body of
// the wrong shape and types.
const badPath = (path: string) => path.replace(/\{[^}]+\}/g, '%E2%98%83!!');
const BAD_QUERY = '?limit=-7&cursor=%00&before=zz&status=nope&q=';
const BAD_BODY = JSON.stringify({ amountMinor: 'lots', note: 12, decision: 'maybe', username: ['x'], extra: { deep: true } });

describe('protected routes answer 401 before validating input', () => {
  it('the OpenAPI document marks the protected routes of both kinds', () => {
    const ops = protectedOperations();
    expect(ops.filter((o) => o.scheme === 'bearer').length).toBeGreaterThan(10);
    expect(ops.filter((o) => o.scheme === 'adminSession').length).toBeGreaterThan(15);
    // The console's login is open (it makes the session), its logout is not.
    expect(ops.some((o) => o.path === '/api/admin/login')).toBe(false);
    expect(ops.some((o) => o.path === '/api/admin/logout')).toBe(true);
  });

  for (const [label, credentials] of [
    ['no credentials', {}],
    ['forged credentials', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged', cookie: `${ADMIN_SESSION_COOKIE}=${'f'.repeat(43)}` }],
  ] as const) {
    it(`every protected route, ${label}, bad input: 401`, async () => {
      const wrong: string[] = [];
      for (const op of protectedOperations()) {
        const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && op.method !== 'DELETE';
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: `${badPath(op.path)}${BAD_QUERY}`,
          headers: {
            ...credentials,
            // The console's CSRF header is sent, so what is checked is the session itself.
            [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: BAD_BODY } : {}),
        });
        if (res.statusCode !== 401 || res.json().error?.code !== 'UNAUTHORIZED') wrong.push(`${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a body that is not even JSON is still a 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.request_withdrawal, headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(res.statusCode).toBe(401);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers';
import { PRODUCTION_CHANNELS_ENV, buildTestApp, type TestApp } from './helpers/build-test-app';

// Decisions 050 and 051: security headers on every response; metrics, API docs and source maps
// not exposed in production.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';

function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'colorplay-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index.AbC123.js"></script>');
  writeFileSync(path.join(dist, 'assets', 'index.AbC123.js'), 'console.log("app");\n//# sourceMappingURL=index.AbC123.js.map');
  writeFileSync(path.join(dist, 'assets', 'index.AbC123.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

let dev: TestApp;
let prod: TestApp;
let prodWithToken: TestApp;
beforeAll(async () => {
  const dist = fakeDist();
  dev = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  prod = await buildTestApp({ env: { WEB_DIST_DIR: dist, ...PRODUCTION_CHANNELS_ENV } });
  prodWithToken = await buildTestApp({
    env: { WEB_DIST_DIR: dist, ...PRODUCTION_CHANNELS_ENV, METRICS_TOKEN, API_DOCS: '1' },
  });
}, 180_000);
afterAll(async () => {
  await Promise.all([dev.app.close(), prod.app.close(), prodWithToken.app.close()]);
});

const EVERY_KIND = [
  ['the app shell', 'GET', '/'],
  ['a deep link', 'GET', '/wallet/Payment'],
  ['a hashed asset', 'GET', '/assets/index.AbC123.js'],
  ['a public file', 'GET', '/favicon.svg'],
  ['a missing file', 'GET', '/assets/missing.js'],
  ['an API answer', 'GET', '/healthz'],
  ['an API error', 'GET', '/api/get-user-info'],
  ['an unknown API path', 'POST', '/api/nope'],
  ['a bad percent-escape', 'GET', '/api/%'],
] as const;

describe('security headers', () => {
  it.each(EVERY_KIND)('are on %s', async (_kind, method, url) => {
    for (const t of [dev, prod]) {
      const res = await t.app.inject({ method, url });
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('forbid inline script and style, and framing', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('include HSTS in production only', async () => {
    for (const [, method, url] of EVERY_KIND) {
      expect((await prod.app.inject({ method, url })).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect((await dev.app.inject({ method, url })).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keep the API viewer on its own hashed policy, still without framing', async () => {
    const res = await dev.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('leave no inline style or script in the sandbox UPI page; its stylesheet is a served file', async () => {
    const css = await dev.app.inject({ method: 'GET', url: '/sandbox/upi/page.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const missing = await dev.app.inject({ method: 'GET', url: '/sandbox/upi/pay/sbx_unknown123' });
    expect(missing.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(missing.body).toContain('<link rel="stylesheet" href="/sandbox/upi/page.css">');
    expect(missing.body).not.toMatch(/<style|<script|\sstyle=/i);
  });
});

describe('metrics', () => {
  it('are open outside production', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('do not exist in production without METRICS_TOKEN', async () => {
    // No route: a browser GET gets the app shell like any unknown page, a scraper gets nothing.
    const res = await prod.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('process_cpu');
    const scrape = await prod.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything' } });
    expect(scrape.body).not.toContain('process_cpu');
    expect(prod.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
  });

  it('need the bearer token in production when METRICS_TOKEN is set', async () => {
    const get = (authorization?: string) =>
      prodWithToken.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    for (const wrong of [undefined, 'Bearer nope', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
      const res = await get(wrong);
      expect(res.statusCode, String(wrong)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
      expect(res.body).not.toContain('process_cpu');
    }
    const ok = await get(`Bearer ${METRICS_TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('API docs', () => {
  it('are off in production (routes 404) unless API_DOCS=1', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/openapi.json', '/api/docs/json']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await prodWithToken.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
    expect((await dev.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
  });
});

describe('source maps', () => {
  it('are not served in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/assets/index.AbC123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sources');
    expect((await prod.app.inject({ method: 'GET', url: '/assets/index.AbC123.js' })).statusCode).toBe(200);
  });

  it('are served outside production for debugging', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/assets/index.AbC123.js.map' })).statusCode).toBe(200);
  });
});

describe('exposure settings', () => {
  const base = { TOKEN_SECRET: 'Xq3v9LkPz2Rw8TnB5yHc1MdJ7sFg4QaE', WEBHOOK_SECRET: 'Yh6Ut1Op9Lm3Nb7Vc5Xz2Qw8Er4Ty0Ui', LOTTERY_CHAIN_SECRET: 'Zk8Jh2Gf6Ds4Aq9Wl3Ep7Rt1Yu5Io0Pm', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) };
  it('default to closed in production and open elsewhere', () => {
    expect(loadConfig({ ...base, ...PRODUCTION_CHANNELS_ENV }).exposure).toEqual({
      metricsToken: undefined,
      metricsEnabled: false,
      apiDocs: false,
    });
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).exposure).toMatchObject({ metricsEnabled: true, apiDocs: true });
    expect(loadConfig({ ...base, NODE_ENV: 'development', API_DOCS: '0' }).exposure.apiDocs).toBe(false);
  });
  it('refuse a short metrics token and a bad flag, one line each', () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short', API_DOCS: 'yes' })).toThrow(
      /METRICS_TOKEN="short": must be at least 32 characters\n.*API_DOCS="yes": must be 0, 1, true or false/,
    );
  });
});

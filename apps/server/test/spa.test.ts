import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir, removeTempDir, type TestApp } from './helpers/build-test-app';

// The built player app served on the API's origin (foundation issue).
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = makeTempDir('colorplay-dist-');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index.AbC123.js'), 'console.log("app");'.repeat(200));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Colorplay"}');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.app.close();
  removeTempDir(dist);
});

describe('single-page app serving', () => {
  it.each(['/', '/wallet/Payment?orderId=x', '/no/such/page'])('answers %s with index.html, never cached stale', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index.AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches other public files briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves the service worker and manifest with their types, revalidated on every load (so a new version reaches players)', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The strict CSP stays: the worker and manifest are same-origin files, allowed by 'self'.
    expect(sw.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('gives a missing asset or API path a real 404, not the app shell', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/gone.123.js' });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

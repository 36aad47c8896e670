import { expect, test } from '@playwright/test';
import { skipSplash } from './support/accounts';

// The installable app (decision 222): the manifest Android and Lighthouse ask for, its icons, the
// favicon, and the service worker opening the app shell with the network cut.

test('the manifest has what installing asks for, and its icons and the favicon are served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Colorplay', short_name: 'Colorplay', start_url: '/', display: 'standalone', theme_color: '#12132a' });
  for (const size of ['192x192', '512x512']) {
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
  }
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const [w, h] = icon.sizes.split('x').map(Number);
    const body = await file.body();
    // PNG header: width and height in the IHDR chunk.
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([w, h]);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('Chromium finds nothing that stops installing the app (the check Lighthouse\'s installability audit read)', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  await expect(async () => {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // A Playwright context is an off-the-record profile, where Chromium never installs apps:
    // that one error is about the test browser, not the app.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  }).toPass({ timeout: 20_000 });
});

test('with the network cut, the app still opens from the service worker and says it is offline', async ({ page, context }) => {
  await skipSplash(context);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The worker has installed the shell and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  // Data that needs the network shows its error state, not stale numbers.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('API answers never come from the service worker', async ({ page, context }) => {
  await skipSplash(context);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  const apiResponse = page.waitForResponse((r) => r.url().includes('/api/'));
  await page.goto('/');
  const res = await apiResponse;
  expect(res.fromServiceWorker()).toBe(false);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
});

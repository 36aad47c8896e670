import { expect, test, type Page } from '@playwright/test';
import { skipSplash as skipSplashFor } from './support/accounts';

// The app shell of the foundation issue, in a real Chromium against the real server.

const SPLASH_COOKIE = 'is_splash_screen_shown';

async function skipSplash(page: Page) {
  await skipSplashFor(page.context());
}

test('the splash shows on a first visit, hides after about a second, then not again', async ({ page, context }) => {
  // Record when the tagline appears and goes: a 1-second window is easy to miss by polling on a
  // busy machine, a MutationObserver is not.
  await page.addInitScript((text) => {
    const times: { shown?: number; hidden?: number } = {};
    (window as unknown as { __splash: typeof times }).__splash = times;
    new MutationObserver(() => {
      const present = document.body?.textContent?.includes(text) ?? false;
      if (present && times.shown === undefined) times.shown = performance.now();
      if (!present && times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, 'Withdraw fast, safe and stable.');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeAttached();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __splash: { hidden?: number } }).__splash.hidden), { timeout: 5000 })
    .toBeDefined();
  const { shown, hidden } = await page.evaluate(() => (window as unknown as { __splash: { shown: number; hidden: number } }).__splash);
  expect(hidden - shown).toBeGreaterThanOrEqual(950);
  expect(hidden - shown).toBeLessThan(3000);
  await expect(page.getByText('Withdraw fast, safe and stable.')).toHaveCount(0);

  // Spec cookie format value|epochMillis, about 300 minutes ahead.
  const cookie = (await context.cookies()).find((c) => c.name === SPLASH_COOKIE);
  expect(cookie).toBeDefined();
  const [value, expiry] = decodeURIComponent(cookie!.value).split('|');
  expect(value).toBe('true');
  const minutesLeft = (Number(expiry) - Date.now()) / 60_000;
  expect(minutesLeft).toBeGreaterThan(295);
  expect(minutesLeft).toBeLessThanOrEqual(300);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __splash: { shown?: number } }).__splash.shown)).toBeUndefined();
});

test('a lazy route shows its loading indicator while its chunk loads, then its content', async ({ page }) => {
  await skipSplash(page);
  // Hold the not-found page's chunk back until the indicator has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/not-found\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/no/such/page');
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await skipSplash(page);
  const response = await page.goto('/home/NoSuchGame');
  expect(response?.status()).toBe(200); // history fallback: the SPA decides
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
});

test('the page scrolls to the top on every path change', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
  // Make the document tall enough to scroll on any screen, then scroll well down.
  await page.evaluate(() => {
    document.body.style.minHeight = '5000px';
    window.scrollTo(0, 2000);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).not.toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the full-screen overlay with the spinning logo shows while the global loading flag is on', async ({ page }) => {
  await skipSplash(page);
  await page.addInitScript(() => {
    (window as unknown as { __colorplayTestHooks: object }).__colorplayTestHooks = {};
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
  const overlay = page.getByRole('status', { name: 'Please wait' });
  await expect(overlay).toHaveCount(0);

  type Hooks = { __colorplayTestHooks: { setGlobalLoading: (on: boolean) => void } };
  await page.evaluate(() => (window as unknown as Hooks).__colorplayTestHooks.setGlobalLoading(true));
  await expect(overlay).toBeVisible();
  const box = await overlay.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.width >= viewport.width - 1 && box.height >= viewport.height - 1).toBe(true);
  const spinning = await overlay.locator('svg').first().evaluate((el) => getComputedStyle(el).animationName);
  expect(spinning).not.toBe('none');

  await page.evaluate(() => (window as unknown as Hooks).__colorplayTestHooks.setGlobalLoading(false));
  await expect(overlay).toHaveCount(0);
});

test('static assets are cached for long and index.html is not', async ({ request }) => {
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();
  const script = /src="(\/assets\/index\.[\w-]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
});

test('the first-visit language bar’s place is kept while its chunk loads: the home page does not move when it comes', async ({ page }) => {
  await skipSplash(page);
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { __moved: string[] }).__moved = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources: { node?: Node | null }[] }[]) {
        for (const source of entry.sources) moved.push((source.node as Element | null)?.className ?? '');
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The bar's chunk is held back until the home page has rendered, as on a slow network.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/language-choice\.[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
  release();
  await expect(page.getByRole('complementary', { name: 'Language' })).toBeVisible();
  // Two frames after the bar's, so a shift it caused has been reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved)).not.toContain('tab-layout');
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Request } from '@playwright/test';
import { waitForQuietRound } from './support/round';
import { signInAsNewPlayer } from './support/wallet';

// Decision 305: a cold visit to Wingo starts its page code, the session refresh, the config and the
// page's data together, not one after another. Proven without timing: every one of those
// requests is held unanswered until all of them have been sent. A request that waited for
// another to finish (the data for the page code, say) would never be sent, and the test fails.

// The service worker would answer the page code from its cache, out of the test's sight.
test.use({ serviceWorkers: 'block' });

/** The built file of the Wingo route module (the lottery pages' chunk), from Vite's manifest. */
function wingoRouteChunk(): string {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['src/app/routes/wingo.tsx'];
  if (!entry) throw new Error('the web build has no chunk for src/app/routes/wingo.tsx');
  return `/${entry.file}`;
}

// Decision 588: K3, 5D and Trx Win read their data the same way (before, only once their code had run).
// Each page opens its default room (Wingo's 30 s, K3's 1 min).
for (const { name, page: pagePath, heading, game, room } of [
  { name: 'Wingo', page: '/home/AllLotteryGames/Wingo', heading: 'Win Go', game: 'wingo', room: '30s' },
  { name: 'K3', page: '/home/AllLotteryGames/K3', heading: 'K3', game: 'k3', room: '1m' },
]) {
  test(`a cold visit to ${name} asks for its code, session, config and data all at once`, async ({ page }) => {
    test.setTimeout(75_000); // up to half a round waiting for the right moment, below
    await signInAsNewPlayer(page);
    const chunk = wingoRouteChunk();
    const api = `/api/lottery/${game}`;
    const held: Record<string, (request: Request) => boolean> = {
      'page code': (r) => new URL(r.url()).pathname === chunk,
      'session refresh': (r) => new URL(r.url()).pathname === '/api/refresh-token',
      config: (r) => new URL(r.url()).pathname === '/api/config',
      'round state': (r) => new URL(r.url()).pathname === `${api}/state`,
      'game history': (r) => new URL(r.url()).pathname === `${api}/history`,
      'my bets': (r) => new URL(r.url()).pathname === `${api}/my-bets`,
      balance: (r) => new URL(r.url()).pathname === '/api/wallet/balance',
    };
    const seen = new Set<string>();
    const sent: string[] = [];
    let releaseAll!: () => void;
    const allSeen = new Promise<void>((resolve) => (releaseAll = resolve));
    await page.route('**/*', async (route) => {
      const name = Object.keys(held).find((n) => held[n]!(route.request()));
      if (name === undefined) return route.continue();
      seen.add(name);
      sent.push(name);
      if (seen.size === Object.keys(held).length) releaseAll();
      // Held until every one of them has been sent (or the test gives up and says which were not).
      await Promise.race([allSeen, new Promise((r) => setTimeout(r, 20_000))]);
      return route.continue();
    });

    // A draw while the page loads rightly reads the history a second time (CI saw it once, and a
    // page opened a second before the draw does it every time): open the page once the last
    // result is out and with the next draw far off, so that any second read is the page's fault.
    await waitForQuietRound(page, game, room, { sinceOpenMs: 3_000, untilDrawMs: 15_000 });
    await page.goto(pagePath);
    await expect(async () => expect([...Object.keys(held)].filter((n) => !seen.has(n))).toEqual([])).toPass({ timeout: 15_000 });

    // Released, the page shows its countdown and the balance from those answers, each read once.
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /\d+ seconds left/);
    await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₹0.00');
    expect(sent.filter((n) => n !== 'page code').sort()).toEqual(Object.keys(held).filter((n) => n !== 'page code').sort());
  });
}

// Decision 370: on a cold visit the first render waits for the page's code (fetched at boot), so
// the page appears directly. Before, "Loading…" came first and React kept it up at least 300 ms
// after the code had arrived. Watched from the document's start: no loading status, ever.
test('a cold visit to Wingo shows the page itself, with no "Loading…" status first', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.addInitScript(() => {
    const seen = window as unknown as { __loadingStatusSeen?: boolean };
    new MutationObserver(() => {
      const statuses = Array.from(document.querySelectorAll('[role="status"]'));
      if (statuses.some((status) => status.textContent?.includes('Loading…'))) seen.__loadingStatusSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });

  await page.goto('/home/AllLotteryGames/Wingo');
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /\d+ seconds left/);
  await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₹0.00');
  expect(await page.evaluate(() => (window as unknown as { __loadingStatusSeen?: boolean }).__loadingStatusSeen ?? false)).toBe(false);
});

// Decision 585: the server's shell is painted before the app's own script runs. The script is
// preloaded and joins the page only once the browser has reported the first contentful paint;
// before, the parser put it in the head, and a phone that had the file before its first frame ran
// the app's start before painting anything. Watched from the document's start.
test('a cold visit to Wingo paints the server’s shell before the app’s script joins the page', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.addInitScript(() => {
    const seen = window as unknown as { __appScriptJoined?: { painted: boolean } };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (seen.__appScriptJoined === undefined && node instanceof HTMLScriptElement && node.type === 'module') {
            seen.__appScriptJoined = { painted: performance.getEntriesByName('first-contentful-paint').length > 0 };
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto('/home/AllLotteryGames/Wingo');
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /\d+ seconds left/);
  await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₹0.00');
  expect(await page.evaluate(() => (window as unknown as { __appScriptJoined?: { painted: boolean } }).__appScriptJoined)).toEqual({ painted: true });
});

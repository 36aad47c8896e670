import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { skipSplash } from './support/accounts';
import { signInAsNewPlayer } from './support/wallet';

// Every player route at the phone widths players use (320, 360, 414 px)
// never scrolls sideways and logs no console error or warning; a screenshot of every route at
// 360 px goes to e2e/screens/ (gitignored) so a reviewer can look at all screens at once. The
// routes whose layout was fixed for it also have no tap target under 44 x 44 CSS px.

const WIDTHS = [320, 360, 414] as const;
const SCREENS = path.resolve(import.meta.dirname, '../screens');

/** Routes a logged-out player can open (apps/web/src/config/paths.ts). */
const PUBLIC_ROUTES = ['/', '/login', '/register', '/rpwd', '/no-such-page'];

/** Routes behind the session guard, opened as a freshly registered player. */
const PLAYER_ROUTES = [
  '/',
  '/main',
  '/main/Avatar',
  '/home/Messages',
  '/wallet',
  '/wallet/Recharge',
  '/wallet/RechargeHistory',
  '/wallet/Withdraw',
  '/wallet/Kyc',
  '/wallet/WithdrawHistory',
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((tab) => `/home/AllGames?tab=${tab}`),
  // The vendors' own tabs (catalog/games.json): EVO Video 0, MG Video 3; JILI 0 ... MG Fish 8.
  ...[0, 3].map((tab) => `/home/AllOnlineGames?type=casino&tab=${tab}`),
  ...[0, 1, 2, 5, 6, 8].map((tab) => `/home/AllOnlineGames?type=slot&tab=${tab}`),
  '/home/AllCasinoGames',
  '/home/AllLotteryGames/Wingo',
  '/home/AllLotteryGames/BettingRecordWin',
  '/home/AllLotteryGames/Verify',
];

/**
 * Routes whose controls are checked for the 44 x 44 CSS px floor (WCAG 2.2 target size is the
 * floor). The Wingo screens are not in it yet: their redesign is pending.
 */
const TAP_TARGET_ROUTES = ['/login', '/register', '/wallet', '/home/Messages', '/home/AllGames?tab=3', '/home/AllOnlineGames?type=slot&tab=5'];

/** Routes not yet held to the 44 px floor, with the reason (they are in the overflow check above). */
export const TAP_TARGET_EXCLUDED_ROUTES: Record<string, string> = {
  '/home/AllLotteryGames/Wingo': 'Wingo screen redesign pending (issue 22 findings 6 and 7: period links 15 px)',
  '/home/AllLotteryGames/BettingRecordWin': 'Wingo screen redesign pending',
  '/home/AllLotteryGames/Verify': 'Wingo screen redesign pending',
};

/**
 * Controls allowed under 44 px, by accessible name, with the reason. Inline links inside a
 * sentence are exempt by WCAG 2.5.8 itself (the "inline" exception), so they are matched by role.
 */
const TAP_TARGET_EXCEPTIONS: Record<string, string> = {};

function screenName(route: string, loggedIn: boolean): string {
  const slug = route.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '') || 'home';
  return `${loggedIn ? 'player' : 'guest'}-${slug}.png`;
}

/** Records console errors and warnings for the whole test. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** How much wider than the viewport the document is (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<{ extra: number; widest: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    let widest = '';
    if (extra > 0) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.right > width + 0.5) {
          widest = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}" right=${box.right}`;
          break;
        }
      }
    }
    return { extra, widest };
  });
}

/** Visible interactive controls smaller than 44 CSS px in either dimension. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="link"], summary');
    for (const el of Array.from(controls)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A control drawn as part of its label (a checkbox inside its <label>) counts with the label.
      const box = (el instanceof HTMLInputElement && el.closest('label') ? el.closest('label')! : el).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Inline links in running text are WCAG 2.5.8's "inline" exception.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement?.tagName === 'P') continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const labelled = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent?.trim() : undefined;
        const name = el.getAttribute('aria-label') ?? labelled ?? (el.textContent?.trim() || el.tagName);
        found.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

test.beforeEach(async ({ context }) => {
  await skipSplash(context);
});

for (const loggedIn of [false, true]) {
  const routes = loggedIn ? PLAYER_ROUTES : PUBLIC_ROUTES;
  test(`${loggedIn ? 'a player' : 'a guest'} sees every route without sideways scrolling or console noise`, async ({ page }) => {
    test.setTimeout(240_000);
    const messages = watchConsole(page);
    if (loggedIn) await signInAsNewPlayer(page);
    mkdirSync(SCREENS, { recursive: true });
    for (const route of routes) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 780 });
        await page.goto(route);
        await settle(page);
        const { extra, widest } = await overflow(page);
        expect.soft(extra, `${route} at ${width} px is ${extra} px too wide: ${widest}`).toBe(0);
        if (width === 360) await page.screenshot({ path: path.join(SCREENS, screenName(route, loggedIn)), fullPage: true });
      }
    }
    expect(messages).toEqual([]);
  });
}

test('controls on the fixed screens are at least 44 x 44 CSS px', async ({ page }) => {
  test.setTimeout(120_000);
  const signIn = signInAsNewPlayer;
  for (const route of TAP_TARGET_ROUTES) {
    if (route === '/wallet') await signIn(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(route);
    await settle(page);
    const small = (await smallTargets(page)).filter((target) => !Object.keys(TAP_TARGET_EXCEPTIONS).some((name) => target.includes(`"${name}"`)));
    expect.soft(small, `small targets on ${route}`).toEqual([]);
  }
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { skipSplash } from './support/accounts';
import { GUEST_ROUTES, PLAYER_ROUTES } from './support/routes';
import { signInAsNewPlayer } from './support/wallet';

// axe-core (pinned, decision 223) on every route and dialog state at 360 px, in English and in
// Hindi: zero violations of WCAG 2.1 A/AA (contrast included). axe is evaluated through the
// DevTools protocol, which the strict CSP (no inline script) does not block.

test.setTimeout(240_000);
test.use({ viewport: { width: 360, height: 740 } });

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the page as it is now and returns readable violations ("rule: selector"). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')}`));
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function useLocale(page: Page, locale: 'en' | 'hi'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('colorplay.locale', l), locale);
}

for (const locale of ['en', 'hi'] as const) {
  test(`guest screens have no axe violations (${locale})`, async ({ page, context }) => {
    await skipSplash(context);
    await useLocale(page, locale);
    const found: string[] = [];
    for (const path of GUEST_ROUTES) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`player screens and their dialogs have no axe violations (${locale})`, async ({ page }) => {
    await signInAsNewPlayer(page);
    await useLocale(page, locale);
    const found: string[] = [];
    for (const path of PLAYER_ROUTES) {
      await page.goto(path);
      await settle(page);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    // Dialog states: logout confirmation, Wingo's bet sheet and rules.
    await page.goto('/main');
    await settle(page);
    await page.getByRole('button', { name: locale === 'en' ? 'Log out' : 'लॉग आउट' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `/main logout dialog: ${v}`));
    await page.keyboard.press('Escape');

    await page.goto('/home/AllLotteryGames/Wingo');
    await settle(page);
    await page.getByRole('button', { name: locale === 'en' ? 'Rules' : 'नियम' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `Wingo rules dialog: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    const green = page.getByRole('button', { name: locale === 'en' ? 'Green' : 'हरा' });
    await expect(green).toBeEnabled({ timeout: 40_000 });
    await green.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `Wingo bet sheet: ${v}`));
    await page.keyboard.press('Escape');
    // Focus returns to the opener when a dialog closes.
    await expect(green).toBeFocused();
    expect(found).toEqual([]);
  });
}

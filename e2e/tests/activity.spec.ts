import { expect, test, type Browser } from '@playwright/test';
import { operatorConsole } from './support/admin';
import { signInAsNewPlayer } from './support/wallet';

// The promotions' player screens end to end (docs/promotions.md): a player gives marketing consent on
// the account page, redeems a gift code an admin made through the console's API, and sees the bonus
// and its progress on the Activity tab; a player on a break sees "offers are paused" and no form.
// The gift code is this run's own (its text is random), so no other spec meets it.

test.setTimeout(480_000);

/** An admin (the seeded demo admin, needing no countersignature) makes a gift code through the console's API. */
async function giftCodeFromConsole(browser: Browser, code: string): Promise<void> {
  const operator = await operatorConsole(browser);
  const res = await operator.request.post('/api/admin/gift-codes', {
    // The console's CSRF header (ADMIN_CSRF_HEADER in packages/contract), as the console sends it.
    headers: { 'x-colorplay-admin': '1' },
    data: {
      code,
      bonusMinor: 100_00,
      wageringMultiple: 3,
      bonusValidDays: 7,
      budgetMinor: 1_000_00,
      perPlayerCap: 1,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await operator.context().close();
}

// A lazy page and its two reads on a loaded machine outlast the 5 s default: its first content waits longer.
const LOADED = { timeout: 30_000 };

test('a consenting player redeems a gift code and sees the bonus with its progress', async ({ page, browser }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await giftCodeFromConsole(browser, code);
  await signInAsNewPlayer(page);

  await test.step('without consent, the Activity tab says offers need it and links to the account page', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible(LOADED);
    const notice = page.getByRole('region', { name: 'Offers are paused' });
    await expect(notice).toContainText('Offers need your marketing consent', LOADED);
    await expect(page.getByRole('form', { name: 'Redeem a gift code' })).toHaveCount(0);
    await notice.getByRole('link', { name: 'Go to the account page' }).click();
  });

  await test.step('the player turns marketing offers on', async () => {
    const consent = page.getByRole('region', { name: 'Marketing offers' });
    const toggle = consent.getByRole('switch', { name: 'Send me offers and bonuses' });
    await expect(toggle).toBeEnabled(LOADED);
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(consent).toContainText('On since');
  });

  await test.step('reads the terms, accepts them and redeems the code', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    const form = page.getByRole('form', { name: 'Redeem a gift code' });
    await expect(page.getByRole('region', { name: /^Bonus terms \(version / })).toContainText('at most 5 times', LOADED);
    await form.getByRole('textbox', { name: 'Gift code' }).fill(code.toLowerCase());
    await form.getByRole('checkbox', { name: /^I accept the bonus terms/ }).check();
    await form.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bonus of ₹100.00 added. Play ₹300.00 to turn it into cash.' })).toBeVisible(LOADED);
  });

  await test.step('the bonus shows with its progress in rupees', async () => {
    const bar = page.getByRole('progressbar', { name: 'Wagering of the ₹100.00 bonus' });
    await expect(bar).toHaveAttribute('aria-valuetext', '₹0.00 of ₹300.00 wagered', LOADED);
    const card = page.getByRole('article', { name: 'Gift code bonus' });
    await expect(card).toContainText('Bonus balance₹100.00');
    // One bonus at a time: the same code again is refused in words.
    const form = page.getByRole('form', { name: 'Redeem a gift code' });
    await form.getByRole('textbox', { name: 'Gift code' }).fill(code);
    await form.getByRole('checkbox', { name: /^I accept the bonus terms/ }).check();
    await form.getByRole('button', { name: 'Redeem' }).click();
    await expect(form.getByText('You have already redeemed this gift code.')).toBeVisible();
  });
});

test('a player on a break sees that offers are paused, and no gift-code form', async ({ page }) => {
  const { token } = await signInAsNewPlayer(page);
  const headers = { authorization: `Bearer ${token}` };
  // Consent given, then a break through the Safety API (as the Safety page sends it): the break is what pauses offers.
  expect((await page.request.post('/api/account/marketing-consent', { headers, data: { given: true } })).status()).toBe(200);
  expect((await page.request.post('/api/safety/break', { headers, data: { days: 1 } })).status()).toBe(200);
  await page.goto('/activity');
  const notice = page.getByRole('region', { name: 'Offers are paused' });
  await expect(notice).toContainText(/You are on a break until \d{1,2} \w{3} \d{4}\./, LOADED);
  await expect(page.getByRole('region', { name: 'Your bonuses' })).toContainText('You have no bonus yet.');
  await expect(page.getByRole('form', { name: 'Redeem a gift code' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Gift code' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { operatorConsole } from './support/admin';
import { signInAsNewPlayer } from './support/wallet';

// Decisions 555 and 556 end to end: an admin creates a gift code on the console's Promotions
// page, a player redeems it (through the API: the player's screen is not built yet), and the
// console shows the budget spent and the grant in the cost report read from the ledger; the
// admin then pauses the code after confirming. The code is the spec's own and ends paused, so no
// other spec sees it.

test.setTimeout(480_000);

test('an admin creates a gift code, a player redeems it, the cost report shows the grant, and the admin pauses it', async ({ page, browser }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 24);
  const operator = await operatorConsole(browser);
  const codesTable = operator.getByRole('table', { name: 'The newest first' });

  await test.step('the admin creates the code: a ₹10 bonus, wagered once, a ₹100 budget', async () => {
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Promotions' }).click();
    const form = operator.getByRole('form', { name: 'Create a gift code' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Bonus (₹)').fill('10');
    await form.getByLabel('Wagering before it becomes cash').selectOption('1');
    await form.getByLabel('Budget (₹)').fill('100');
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(operator.getByRole('status').filter({ hasText: `Created: ${code}` })).toBeVisible();
    await expect(codesTable.getByRole('row').filter({ hasText: code })).toContainText('₹0.00 of ₹100.00');
  });

  await test.step('a player who consented redeems it under the current terms', async () => {
    const { token } = await signInAsNewPlayer(page);
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.post('/api/account/marketing-consent', { headers, data: { given: true } })).status()).toBe(200);
    // The refusal of an outdated version names the current one: the player's screen shows those terms.
    const outdated = await page.request.post('/api/promotions/gift-codes/redeem', { headers, data: { code: code.toLowerCase(), termsVersion: 'old' } });
    expect(outdated.status()).toBe(409);
    const termsVersion = ((await outdated.json()) as { error: { details: { termsVersion: string } } }).error.details.termsVersion;
    const redeemed = await page.request.post('/api/promotions/gift-codes/redeem', { headers, data: { code: code.toLowerCase(), termsVersion } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
  });

  await test.step('the console shows the budget spent and, in the cost report for today, the grant still outstanding', async () => {
    await operator.reload();
    await expect(codesTable.getByRole('row').filter({ hasText: code })).toContainText('₹10.00 of ₹100.00');
    const row = operator.getByRole('table', { name: /^Per offer/ }).getByRole('row').filter({ hasText: code });
    // Offer, source, then count and amount of granted, converted, forfeited, expired, outstanding.
    await expect(row.getByRole('cell')).toHaveText(['Gift code', '1', '₹10.00', '0', '₹0.00', '0', '₹0.00', '0', '₹0.00', '1', '₹10.00']);
  });

  await test.step('the admin pauses the code after confirming', async () => {
    await codesTable.getByRole('button', { name: `Pause ${code}` }).click();
    const dialog = operator.getByRole('dialog', { name: `Pause gift code ${code}?` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByRole('status').filter({ hasText: `Paused: ${code}` })).toBeVisible();
    await expect(codesTable.getByRole('row').filter({ hasText: code })).toContainText('Paused');
  });
  await operator.context().close();
});

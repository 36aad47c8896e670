import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsDemoOperator } from './support/admin';
import { waitForOpenRound } from './support/round';
import { signInAsNewPlayer, startRecharge } from './support/wallet';

// Decision 420 end to end in a real Chromium: a player recharges, plays and has their identity
// verified; an operator suspends the account in /admin; the player's bet is refused with the
// suspension's message, while the history and a withdrawal stay open; the audit log has the row.

test.setTimeout(300_000);

/** A 1x1 PNG: the server checks a document's type by its magic bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SUSPENDED_TEXT = /Your account is suspended: deposits, bets and games are closed/;

/** Opens a bet on Big or Small for ₹10 × quantity and confirms it; returns the sheet. */
async function betOn(page: Page, selection: 'Big' | 'Small', quantity: number) {
  await page.getByRole('button', { name: selection, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Bet on ${selection}` });
  await sheet.getByRole('button', { name: '₹10.00', exact: true }).click();
  await sheet.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await sheet.getByRole('button', { name: /^Confirm ₹/ }).click();
  return sheet;
}

async function operatorConsole(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const operator = await context.newPage();
  await signInAsDemoOperator(operator);
  return operator;
}

test('an operator suspends a player, who can no longer bet but can still see their history and withdraw', async ({ page, browser }) => {
  const { phone } = await signInAsNewPlayer(page);

  await test.step('the player recharges ₹400 and plays it in Wingo', async () => {
    await startRecharge(page, { typed: '400' });
    await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
    await page.getByRole('button', { name: 'Pay ₹400.00' }).click();
    await expect(page.getByText('Recharge successful: ₹400.00 was added to your wallet.')).toBeVisible();
    // A fresh server publishes each room's chain when it first starts; betting opens with it.
    await expect(async () => {
      const res = await page.request.get('/api/lottery/wingo/state?room=30s');
      expect(res.status()).toBe(200);
      const { data } = (await res.json()) as { data: { round: { period: string }; chain: { firstPeriod: string } | null } };
      expect(data.chain).not.toBeNull();
      expect(data.round.period >= data.chain!.firstPeriod).toBe(true);
    }).toPass({ timeout: 75_000, intervals: [1_000] });
    await page.goto('/home/AllLotteryGames/Wingo');
    await waitForOpenRound(page, 18, 40_000);
    await expect(await betOn(page, 'Big', 20)).toBeHidden();
    await expect(await betOn(page, 'Small', 20)).toBeHidden();
    const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
    await expect(popup).toBeVisible({ timeout: 60_000 });
    await popup.hover();
    await popup.getByRole('button', { name: 'Close' }).click();
  });

  const operator = await test.step('the player submits KYC and an operator verifies it', async () => {
    await page.goto('/wallet/Kyc');
    await page.getByRole('textbox', { name: 'Full name (as on your PAN card)' }).fill('Meera Suspended');
    await page.getByLabel('Date of birth').fill('03/09/1987');
    await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
    await page.getByLabel('Photo or PDF of your PAN card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Under review', { exact: true })).toBeVisible();
    const console_ = await operatorConsole(browser);
    await console_.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'KYC' }).click();
    const submission = console_.getByRole('listitem').filter({ hasText: 'Meera Suspended' });
    await submission.getByRole('button', { name: 'Verify' }).click();
    await console_.getByRole('dialog', { name: /^Verify identity kyc_/ }).getByRole('button', { name: 'Confirm' }).click();
    await expect(console_.getByRole('status').filter({ hasText: /is now verified/ })).toBeVisible();
    return console_;
  });

  await test.step('the operator suspends the account from the player page', async () => {
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Players' }).click();
    await operator.getByLabel('Player id, UID or phone').fill(phone);
    await operator.getByRole('button', { name: 'Find' }).click();
    await expect(operator.getByText('Account open.')).toBeVisible();
    const form = operator.getByRole('form', { name: 'Suspend the account' });
    await form.getByLabel('Reason').selectOption({ label: 'Payment dispute or chargeback' });
    await form.getByLabel('Note for the audit log').fill('e2e: chargeback reported by the bank');
    await form.getByRole('button', { name: 'Suspend account' }).click();
    await expect(operator.getByText(/^Suspended since .*: Payment dispute or chargeback\. Note: e2e: chargeback reported by the bank/)).toBeVisible();
    await expect(operator.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
  });

  await test.step('a bet is refused with the suspension’s message', async () => {
    await page.goto('/home/AllLotteryGames/Wingo');
    await waitForOpenRound(page, 10, 40_000);
    const sheet = await betOn(page, 'Big', 1);
    await expect(sheet.getByText(SUSPENDED_TEXT)).toBeVisible();
  });

  await test.step('the history stays visible and a withdrawal is accepted', async () => {
    await page.goto('/wallet/RechargeHistory');
    await expect(page.getByRole('listitem').filter({ hasText: '₹400.00' }).first()).toBeVisible();
    await page.goto('/wallet/Withdraw');
    const add = page.getByRole('form', { name: 'Add a payout method' });
    await add.getByRole('textbox', { name: 'UPI ID' }).fill(`s${phone}@okbank`);
    await add.getByRole('button', { name: 'Save payout method' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(`s${phone}@okbank`) })).toBeChecked();
    await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('100');
    await page.getByRole('button', { name: 'Withdraw ₹100.00' }).click();
    await expect(page.getByRole('status', { name: /Withdrawal requested/ })).toContainText(`Withdrawal requested: ₹100.00 to s${phone}@okbank.`);
  });

  await test.step('the audit log has the suspension', async () => {
    await operator.getByRole('link', { name: 'Audit log' }).click();
    await expect(operator.getByRole('listitem').filter({ hasText: /demo-admin · player\.suspend · player:\d+/ }).first()).toBeVisible();
    await operator.context().close();
  });
});

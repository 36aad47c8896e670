import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsDemoOperator } from './support/admin';
import { signInAsNewPlayer, startRecharge } from './support/wallet';
import { waitForOpenRound } from './support/round';

// Responsible gambling (decisions 210-213) end to end in a real Chromium against the real server: a player sets a ₹500 daily
// deposit limit; a ₹600 recharge is refused with the remaining amount shown; a ₹400 one
// succeeds. After playing it through and having their identity verified (withdrawal.spec.ts's
// way), the player takes a 24-hour break: betting and opening a game are refused, the history
// stays visible and a withdrawal is accepted.

test.setTimeout(300_000);

/** A 1x1 PNG: the server checks a document's type by its magic bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BREAK_TEXT = /You are taking a break: bets, deposits and games are closed/;

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

test('a daily deposit limit refuses ₹600 with ₹500 left, takes ₹400; a 24-hour break stops bets and games but not history or withdrawals', async ({ page, browser }) => {
  const { phone } = await signInAsNewPlayer(page);

  await test.step('the player sets a ₹500 daily deposit limit on the Safety page', async () => {
    await page.goto('/main');
    await page.getByRole('link', { name: 'Safer gambling: limits and breaks' }).click();
    await expect(page).toHaveURL(/\/main\/Safety$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Safer gambling' })).toBeVisible();
    const day = page.getByRole('form', { name: 'Deposit limits: Per 24 hours' });
    await expect(day).toContainText('No limit');
    await day.getByRole('textbox', { name: 'Per 24 hours limit (₹)' }).fill('500');
    await day.getByRole('button', { name: 'Save limit' }).click();
    await expect(day.getByRole('status')).toHaveText('Saved.');
    await expect(day).toContainText('Now: ₹500.00');
  });

  await test.step('a ₹600 recharge is refused with the remaining ₹500 shown', async () => {
    await page.goto('/wallet/Recharge');
    await expect(page.getByRole('heading', { level: 1, name: 'Recharge' })).toBeVisible();
    // The deposit-limit prompt is answered: a limit is set.
    await expect(page.getByRole('heading', { name: 'Set a deposit limit?' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('600');
    await page.getByRole('button', { name: 'Recharge ₹600.00' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This is over your deposit limit. You can deposit ₹500.00 more now.' })).toBeVisible();
    await expect(page).toHaveURL(/\/wallet\/Recharge$/);
  });

  await test.step('a ₹400 recharge succeeds', async () => {
    await startRecharge(page, { typed: '400' });
    await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
    await page.getByRole('button', { name: 'Pay ₹400.00' }).click();
    await expect(page.getByText('Recharge successful: ₹400.00 was added to your wallet.')).toBeVisible();
  });

  await test.step('the player plays the deposit through in Wingo, with the session clock shown', async () => {
    // A fresh server publishes each room's chain when it first starts; betting opens with it.
    await expect(async () => {
      const res = await page.request.get('/api/lottery/wingo/state?room=30s');
      expect(res.status()).toBe(200);
      const { data } = (await res.json()) as { data: { round: { period: string }; chain: { firstPeriod: string } | null } };
      expect(data.chain).not.toBeNull();
      expect(data.round.period >= data.chain!.firstPeriod).toBe(true);
    }).toPass({ timeout: 75_000, intervals: [1_000] });
    await page.goto('/home/AllLotteryGames/Wingo');
    await expect(page.getByText(/^Session \d+:\d\d$/)).toBeVisible();
    await waitForOpenRound(page, 18, 40_000);
    await expect(await betOn(page, 'Big', 20)).toBeHidden();
    await expect(await betOn(page, 'Small', 20)).toBeHidden();
    const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
    await expect(popup).toBeVisible({ timeout: 60_000 });
    // The popup closes by itself after 3 s unless held (decision 301): hold it to read and close it.
    await popup.hover();
    await popup.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the player submits KYC and an operator verifies it', async () => {
    await page.goto('/wallet/Kyc');
    await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name (as on your PAN card)' }).fill('Ravi Safe');
    await page.getByLabel('Date of birth').fill('11/02/1988');
    await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
    await page.getByLabel('Photo or PDF of your PAN card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Under review', { exact: true })).toBeVisible();
    const operator = await operatorConsole(browser);
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'KYC' }).click();
    const submission = operator.getByRole('listitem').filter({ hasText: 'Ravi Safe' });
    await submission.getByRole('button', { name: 'Verify' }).click();
    await operator.getByRole('dialog', { name: /^Verify identity kyc_/ }).getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByRole('status').filter({ hasText: /is now verified/ })).toBeVisible();
    await operator.context().close();
  });

  await test.step('the player takes a 24-hour break', async () => {
    await page.goto('/main/Safety');
    await page.getByRole('radio', { name: '24 hours' }).check();
    await page.getByRole('button', { name: 'Take a break' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a break?' });
    await expect(dialog).toContainText('for 24 hours');
    await dialog.getByRole('button', { name: 'Take a break' }).click();
    await expect(page.getByRole('status').filter({ hasText: /You are on a break until/ })).toBeVisible();
  });

  await test.step('a bet is refused', async () => {
    await page.goto('/home/AllLotteryGames/Wingo');
    await waitForOpenRound(page, 10, 40_000);
    const sheet = await betOn(page, 'Big', 1);
    await expect(sheet.getByText(BREAK_TEXT)).toBeVisible();
  });

  await test.step('a game does not open', async () => {
    await page.goto('/');
    const popular = page.getByRole('region', { name: 'Popular games' });
    await popular.getByRole('listitem').first().getByRole('button').click();
    await expect(page.getByText(BREAK_TEXT)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tips' })).toHaveCount(0);
  });

  await test.step('the history stays visible', async () => {
    await page.goto('/wallet/RechargeHistory');
    await expect(page.getByRole('listitem').filter({ hasText: '₹400.00' }).first()).toBeVisible();
    await page.goto('/home/AllLotteryGames/BettingRecordWin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('a withdrawal is accepted during the break', async () => {
    await page.goto('/wallet/Withdraw');
    const add = page.getByRole('form', { name: 'Add a payout method' });
    await add.getByRole('textbox', { name: 'UPI ID' }).fill(`s${phone}@okbank`);
    await add.getByRole('button', { name: 'Save payout method' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(`s${phone}@okbank`) })).toBeChecked();
    await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('100');
    await page.getByRole('button', { name: 'Withdraw ₹100.00' }).click();
    await expect(page.getByRole('status', { name: /Withdrawal requested/ })).toContainText(`Withdrawal requested: ₹100.00 to s${phone}@okbank.`);
  });
});

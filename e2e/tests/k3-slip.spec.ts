import { expect, test } from '@playwright/test';
import { fundThroughSandboxApi, signInAsNewPlayer } from './support/wallet';
import { rupees, waitForBettingOpen, waitForOpenRound } from './support/round';

// A K3 multi-pick slip (decisions 513, 514) in a real Chromium against the real server: a funded
// player picks three sums, sees the slip's total before confirming, and the one request places
// three bets, each on the receipt and in My history.

test.setTimeout(180_000);

test('three K3 sums on one slip: the total first, three bets on the receipt and in My history', async ({ page }) => {
  const { token } = await signInAsNewPlayer(page);
  await fundThroughSandboxApi(page, token, 50_000);

  await waitForBettingOpen(page, 'k3', '1m');

  await page.goto('/home/AllLotteryGames/K3');
  // The spec's first page: a cold load of the lottery chunks, which a loaded machine serves slowly.
  await expect(page.getByRole('heading', { level: 1, name: 'K3' })).toBeVisible({ timeout: 30_000 });
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance).toContainText('₹500.00', { timeout: 15_000 });
  await waitForOpenRound(page, 30);
  const period = (await page.getByTestId('lottery-period').textContent())!;

  await page.getByRole('button', { name: 'Sum 9', exact: true }).click();
  let sheet = page.getByRole('dialog', { name: 'Bet on Sum 9' });
  await sheet.getByRole('button', { name: 'Pick more' }).click();
  await expect(sheet).toBeHidden();
  await page.getByRole('button', { name: 'Sum 10', exact: true }).click();
  sheet = page.getByRole('dialog', { name: 'Bet slip: 2 selections' });
  await sheet.getByRole('button', { name: 'Pick more' }).click();
  await expect(sheet).toBeHidden();
  await page.getByRole('button', { name: 'Sum 11', exact: true }).click();
  sheet = page.getByRole('dialog', { name: 'Bet slip: 3 selections' });
  await expect(sheet.getByRole('list', { name: 'Selections on this slip' }).getByRole('listitem')).toHaveCount(3);
  await sheet.getByRole('button', { name: '₹10.00', exact: true }).click();
  await expect(sheet.getByText('Total amount ₹30.00 (3 × ₹10.00)')).toBeVisible();
  await sheet.getByRole('button', { name: 'Confirm ₹30.00' }).click();

  const receipt = page.getByRole('dialog', { name: 'Bets placed: 3' });
  const placed = receipt.getByRole('list', { name: 'Bets of this slip' }).getByRole('listitem');
  await expect(placed).toHaveCount(3);
  for (const [i, sum] of [9, 10, 11].entries()) {
    await expect(placed.nth(i)).toContainText(`Sum ${sum} · ₹10.00`);
    await expect(placed.nth(i)).toContainText(/bet_/);
  }
  await expect(balance).toContainText(rupees(50_000 - 3_000));
  await receipt.getByRole('button', { name: 'Done' }).click();
  await expect(receipt).toBeHidden();

  await page.getByRole('tab', { name: 'My history' }).click();
  const mine = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: `Period ${period}` });
  await expect(mine).toHaveCount(3);
  for (const sum of [9, 10, 11]) await expect(mine.filter({ hasText: `Sum ${sum} · ₹10.00` })).toHaveCount(1);
});

import { expect, test } from '@playwright/test';
import { rechargeThroughSandbox, signInAsNewPlayer } from './support/wallet';
import { betOn, rupees, waitForBettingOpen, waitForOpenRound } from './support/round';

// In a real Chromium: two tabs of one browser keep one balance (decision 508), the session clock
// is labelled and shared (decision 509), and the periods bet on are marked (decision 510).

test.setTimeout(180_000);

test('a bet in one tab moves the other tab’s balance; the period bet on is marked on the panel and in the history', async ({ page, context }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');
  await waitForBettingOpen(page);

  // The second tab shows home's balance card: no game socket there, only the tabs' channel.
  const home = await context.newPage();
  await home.goto('/');
  const homeBalance = home.getByRole('region', { name: 'Balance' });
  await expect(homeBalance).toContainText('₹500.00');

  await page.goto('/home/AllLotteryGames/Wingo');
  await expect(page.getByText(/^Time playing this session: \d+:\d\d$/)).toBeVisible();
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance).toContainText('₹500.00');
  await waitForOpenRound(page, 10, 40_000);
  await expect(await betOn(page, 'Big', 2)).toBeHidden();
  await expect(balance).toContainText(rupees(50_000 - 2_000));
  await expect(homeBalance).toContainText(rupees(50_000 - 2_000));

  const panel = page.getByRole('region', { name: 'Period' });
  await expect(panel.getByText('You have 1 bet in this period')).toBeVisible();
  const period = await page.getByTestId('wingo-period').textContent();

  // Once drawn, the round's row in the game history says the player bet on it.
  const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await popup.hover();
  const credited = /Credited ₹([\d,]+\.\d\d)/.exec((await popup.textContent()) ?? '')?.[1];
  const wonMinor = credited ? Math.round(Number(credited.replace(/,/g, '')) * 100) : 0;
  await popup.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Verify round ${period}` }) });
  await expect(row.getByText('You bet')).toBeVisible();
  // The settlement (a payout, or none) reached the other tab too.
  await expect(balance).toContainText(rupees(50_000 - 2_000 + wonMinor));
  await expect(homeBalance).toContainText(rupees(50_000 - 2_000 + wonMinor));
});

import { payoutMinor, priceBet, wingoPayoutRatio, type WingoDigit } from '@colorplay/lottery';
import { expect, test } from '@playwright/test';
import { rechargeThroughSandbox, signInAsNewPlayer } from './support/wallet';
import { rupees, waitForOpenRound } from './support/round';

// Trx Win (docs/games.md "Trx Win") in a real Chromium against the real server and its sandbox
// TRON chain: a new player opens Trx Win from the lobby, bets Big in the 1-minute room, sees the
// balance move by exactly the stake, then by exactly what Wingo's rule table pays on the digit read
// from the deciding block, and verifies the round in the browser from the two block headers.

test.setTimeout(240_000);

test('a Trx Win bet in the 1-minute room: exact balance, the result from its block, and the verify screen', async ({ page }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');

  // The room is served from the sandbox TRON chain from the server's start.
  await expect(async () => {
    const res = await page.request.get('/api/lottery/trx/state?room=1m');
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { source: string } };
    expect(data.source).toBe('tron');
  }).toPass({ timeout: 60_000, intervals: [1_000] });

  const stakeMinor = 1_000;
  const { contractMinor } = priceBet(stakeMinor, 1, 1, 200);

  // From the lobby's card.
  await page.goto('/home/AllGames?tab=1');
  await page.getByRole('link', { name: /^Trx Win/ }).click();
  await expect(page).toHaveURL(/\/home\/AllLotteryGames\/TrxWin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trx Win' })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance).toContainText('₹500.00');
  await expect(page.getByRole('button', { name: 'Trx Win 1 Min' })).toHaveAttribute('aria-pressed', 'true');
  await waitForOpenRound(page, 15);
  const period = (await page.getByTestId('lottery-period').textContent())!;
  await page.getByRole('button', { name: 'Big', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Bet on Big' });
  await sheet.getByRole('button', { name: '₹10.00' }).click();
  await sheet.getByRole('button', { name: 'Confirm ₹10.00' }).click();
  await expect(sheet).toBeHidden();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor));

  // The round is drawn from its block and settled; the popup shows the ball and how it went.
  const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
  await expect(popup).toBeVisible({ timeout: 90_000 });
  await popup.hover();
  await expect(popup).toContainText(`Period ${period}`);
  const ball = (await popup.getByRole('img', { name: /^\d: / }).getAttribute('aria-label'))!;
  const digit = Number(ball[0]) as WingoDigit;
  const ratio = wingoPayoutRatio('big', digit);
  const won = ratio ? payoutMinor(contractMinor, ratio) : 0;
  if (won > 0) await expect(popup).toContainText(`Credited ${rupees(won)}`);
  await popup.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor + won));

  // The top names the latest block, its height and hash, as a link to verify that round.
  await expect(page.getByRole('link', { name: /^Block \d+ …[0-9a-f]{8} ?, hash [0-9a-f]{64}: verify round \d+$/ })).toBeVisible();

  // The game history names the block the digit was read from.
  const row = page.getByRole('tabpanel').getByRole('row').filter({ hasText: period });
  await expect(row.getByText(/^Block \d+, hash ending [0-9a-f]{8}$/)).toHaveCount(1, { timeout: 15_000 });

  // My history: the bet, settled exactly by the rule table, with its verify link.
  await page.getByRole('tab', { name: 'My history' }).click();
  const settled = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(settled).toContainText('Big · ₹10.00');
  await expect(settled).toContainText(won > 0 ? `Won ${rupees(won)}` : 'Lost', { timeout: 30_000 });
  await settled.getByRole('link', { name: `Verify round ${period}` }).click();

  // Recomputed in the browser from the two block headers.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeVisible();
  await expect(page.getByText(`Verified: period ${period} drew ${digit}.`)).toBeVisible({ timeout: 30_000 });
  const steps = page.getByRole('listitem');
  await expect(steps).toHaveCount(6);
  for (const step of await steps.all()) await expect(step).toContainText('passed');
  await expect(steps.filter({ hasText: /its id is its number and the SHA-256 of its header/ })).toHaveCount(2);
  await expect(steps.filter({ hasText: 'it is the deciding block' })).toContainText('passed');
  // Both headers carry the sandbox producer's signature (decision 388), checked in the browser.
  await expect(steps.filter({ hasText: /are each signed by their producer/ })).toContainText('passed');
  expect(new URL(page.url()).searchParams.get('game')).toBe('trx');
});

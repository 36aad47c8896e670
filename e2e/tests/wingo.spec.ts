import { priceBet, payoutMinor, WINGO, type WingoDigit } from '@colorplay/lottery';
import { expect, test } from '@playwright/test';
import { rechargeThroughSandbox, signInAsNewPlayer } from './support/wallet';
import { rupees, waitForBettingOpen, waitForOpenRound } from './support/round';

// Wingo (docs/games.md) in a real Chromium against the real server: a bet in the 30 s room, seen in
// My history, its result arriving on the page, the balance moving by exactly what the rule table
// pays, and the round verified in the browser.

test.setTimeout(180_000);

test('bet in the 30 s room: My history, the result, the exact balance change, and the verify screen', async ({ page }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');

  await waitForBettingOpen(page);

  // Decision 589: the bet goes over the page's signed-in socket, not over HTTP.
  const betPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/lottery/wingo/bets') betPosts.push(r.url());
  });
  const betFrames: string[] = [];
  let signedIn!: () => void;
  const socketSignedIn = new Promise<void>((resolve) => (signedIn = resolve));
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"type":"bet"')) betFrames.push(f.payload);
    });
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"type":"authenticated"')) signedIn();
    });
  });

  await page.goto('/home/AllLotteryGames/Wingo');
  await expect(page.getByRole('heading', { level: 1, name: 'Win Go' })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance).toContainText('₹500.00');
  await expect(page.getByRole('button', { name: 'Win Go 30s' })).toHaveAttribute('aria-pressed', 'true');
  // The live socket is up: the server has spoken on it (else the page would be polling).
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });

  await socketSignedIn;
  await waitForOpenRound(page, 10, 40_000);
  await page.getByRole('button', { name: 'Green' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bet on Green' });
  await sheet.getByRole('button', { name: '₹10.00' }).click();
  await sheet.getByRole('button', { name: 'Confirm ₹10.00' }).click();
  await expect(sheet).toBeHidden();
  const stakeMinor = 1_000;
  await expect(balance).toContainText(rupees(50_000 - stakeMinor));
  expect(betFrames).toHaveLength(1);
  expect(betPosts).toEqual([]);

  await page.getByRole('tab', { name: 'My history' }).click();
  const bet = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(bet).toContainText('Green · ₹10.00');
  const period = /Period (\d{15})/.exec((await bet.textContent()) ?? '')?.[1];
  expect(period, 'the bet shows its period').toBeDefined();

  // The round is drawn within 30 s and settled; the popup says how it went.
  const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  // It closes by itself after 3 s (decision 301) unless held: a pointer over it holds it while it is read.
  await popup.hover();
  await expect(popup.getByText('Closes by itself in 3 seconds')).toBeHidden();
  await expect(popup).toContainText(`Period ${period}: result`);
  const digit = Number(/result (\d)/.exec((await popup.textContent()) ?? '')?.[1]) as WingoDigit;
  expect(digit).toBeGreaterThanOrEqual(0);

  // Exactly what the rule table pays: contract = total - 2 %, times green's multiple on the digit.
  const { contractMinor } = priceBet(stakeMinor, 1, 1, 200);
  const ratio = WINGO.payoutRatio('green', digit);
  const wonMinor = ratio ? payoutMinor(contractMinor, ratio) : 0;
  if (wonMinor > 0) await expect(popup).toContainText(`Credited ${rupees(wonMinor)}`);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor + wonMinor));
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor + wonMinor));
  await expect(bet).toContainText(wonMinor > 0 ? `Won ${rupees(wonMinor)}` : 'Lost');

  await bet.getByRole('link', { name: `Verify round ${period}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeVisible();
  await expect(page.getByText(`Verified: result ${digit} is the one the published chain fixed for this round.`)).toBeVisible({ timeout: 30_000 });
  // The link, the beacon signature and the digit were each checked in the browser, against the
  // commitment the bet receipt carried.
  const steps = page.getByRole('listitem');
  await expect(steps.filter({ hasText: 'SHA-256(link) equals' })).toContainText('passed');
  await expect(steps.filter({ hasText: /Hashing the link \d+ times gives the published final hash/ })).toContainText('passed');
  await expect(steps.filter({ hasText: /Beacon round \d+: its BLS signature verifies/ })).toContainText('passed');
  await expect(steps.filter({ hasText: 'The digit follows from HMAC-SHA256' })).toContainText('passed');
  expect(new URL(page.url()).searchParams.get('final')).toMatch(/^[0-9a-f]{64}$/);
});

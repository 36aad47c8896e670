import { fivedPayoutRatio, k3PayoutRatio, payoutMinor, priceBet, type FivedDigits, type K3Dice } from '@colorplay/lottery';
import { expect, test, type Locator } from '@playwright/test';
import { rechargeThroughSandbox, signInAsNewPlayer } from './support/wallet';
import { rupees, waitForOpenRound } from './support/round';

// K3 and 5D (docs/games.md) in a real Chromium against the real server: a new player bets on both
// games in the same 1-minute round, sees the balance move by exactly the stakes, then by exactly
// what the rule tables pay once the round is drawn, and verifies the K3 round in the browser; the
// full game history lists both bets with their games (decision 362).

test.setTimeout(240_000);

/** The values an outcome image names: "Dice 1 2 3" / "Digits 0 4 9 1 2". */
async function valuesOf(scope: Locator, name: RegExp): Promise<number[]> {
  const label = (await scope.getByRole('img', { name }).getAttribute('aria-label')) ?? '';
  return label.replace(/^\D+/, '').split(' ').map(Number);
}

test('a K3 and a 5D bet in the same 1-minute round: exact balance, the results, and the verify screen', async ({ page }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');

  // A fresh server publishes each game's room chains when it first starts; betting opens with them.
  for (const game of ['k3', '5d']) {
    await expect(async () => {
      const res = await page.request.get(`/api/lottery/${game}/state?room=1m`);
      expect(res.status()).toBe(200);
      const { data } = (await res.json()) as { data: { round: { period: string }; chain: { firstPeriod: string } | null } };
      expect(data.chain).not.toBeNull();
      expect(data.round.period >= data.chain!.firstPeriod).toBe(true);
    }).toPass({ timeout: 90_000, intervals: [1_000] });
  }

  const stakeMinor = 1_000;
  const { contractMinor } = priceBet(stakeMinor, 1, 1, 200);

  // Decision 590: each game's bets go over its page's signed-in socket, not over HTTP.
  const betPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /^\/api\/lottery\/(k3|5d)\/bets$/.test(new URL(r.url()).pathname)) betPosts.push(r.url());
  });
  const betFrames: string[] = [];
  const signedInSockets = new Set<string>();
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"type":"bet"')) betFrames.push(f.payload);
    });
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"type":"authenticated"')) signedInSockets.add(new URL(ws.url()).pathname);
    });
  });
  const socketSignedIn = (game: string) => expect.poll(() => signedInSockets.has(`/api/lottery/${game}/live`), { timeout: 15_000 }).toBe(true);

  // K3 from the lobby's card.
  await page.goto('/home/AllGames?tab=1');
  await page.getByRole('link', { name: /^K3/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'K3' })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Wallet balance' });
  await expect(balance).toContainText('₹500.00');
  await expect(page.getByRole('button', { name: 'K3 1 Min' })).toHaveAttribute('aria-pressed', 'true');
  // Both bets go into the same round: start with enough of it left for the two.
  await socketSignedIn('k3');
  await waitForOpenRound(page, 35);
  const period = (await page.getByTestId('lottery-period').textContent())!;
  await page.getByRole('button', { name: 'Big', exact: true }).click();
  let sheet = page.getByRole('dialog', { name: 'Bet on Big' });
  await sheet.getByRole('button', { name: '₹10.00' }).click();
  await sheet.getByRole('button', { name: 'Confirm ₹10.00' }).click();
  await expect(sheet).toBeHidden();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor));
  await page.getByRole('tab', { name: 'My history' }).click();
  const k3Bet = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(k3Bet).toContainText('Big · ₹10.00');
  await expect(k3Bet).toContainText(`Period ${period}`);

  // 5D: the position A, Big.
  await page.goto('/home/AllLotteryGames/5D');
  await expect(page.getByRole('heading', { level: 1, name: '5D' })).toBeVisible();
  await expect(balance).toContainText(rupees(50_000 - stakeMinor));
  await expect(page.getByTestId('lottery-period')).toHaveText(period);
  await socketSignedIn('5d');
  await page.getByRole('group', { name: 'Position' }).getByRole('button', { name: 'A' }).click();
  await page.getByRole('button', { name: 'A Big' }).click();
  sheet = page.getByRole('dialog', { name: 'Bet on A Big' });
  await sheet.getByRole('button', { name: '₹10.00' }).click();
  await sheet.getByRole('button', { name: 'Confirm ₹10.00' }).click();
  await expect(sheet).toBeHidden();
  await expect(balance).toContainText(rupees(50_000 - 2 * stakeMinor));
  expect(betFrames.map((f) => (JSON.parse(f) as { bet: { selection: string } }).bet.selection)).toEqual(['big', 'A:big']);
  expect(betPosts).toEqual([]);

  // The round is drawn and settled; the popup shows the five digits and how it went.
  const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
  await expect(popup).toBeVisible({ timeout: 90_000 });
  await popup.hover();
  await expect(popup).toContainText(`Period ${period}`);
  const digits = (await valuesOf(popup, /^Digits \d \d \d \d \d$/)) as unknown as FivedDigits;
  const fivedRatio = fivedPayoutRatio('A:big', digits);
  const fivedWon = fivedRatio ? payoutMinor(contractMinor, fivedRatio) : 0;
  if (fivedWon > 0) await expect(popup).toContainText(`Credited ${rupees(fivedWon)}`);
  await popup.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Game history' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: `Verify round ${period}` })).toBeVisible({ timeout: 15_000 });

  // Back to K3: its bet settled in the same round, paid exactly by the rule table.
  await page.goto('/home/AllLotteryGames/K3');
  // The latest result on the dice stage, named in words.
  await expect(page.getByRole('img', { name: /^Dice \d, \d, \d, sum \d+$/ })).toBeVisible();
  await page.getByRole('tab', { name: 'My history' }).click();
  const settled = page.getByRole('tabpanel').getByRole('listitem').first();
  await expect(settled).toContainText(/Won ₹|Lost/, { timeout: 30_000 });
  const dice = (await valuesOf(settled, /^Dice \d \d \d$/)) as unknown as K3Dice;
  const k3Ratio = k3PayoutRatio('big', dice);
  const k3Won = k3Ratio ? payoutMinor(contractMinor, k3Ratio) : 0;
  await expect(settled).toContainText(k3Won > 0 ? `Won ${rupees(k3Won)}` : 'Lost');
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(balance).toContainText(rupees(50_000 - 2 * stakeMinor + fivedWon + k3Won));

  // The K3 round, recomputed in the browser from the published chain and beacon.
  await settled.getByRole('link', { name: `Verify round ${period}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeVisible();
  await expect(page.getByText(`Verified: period ${period} drew ${dice.join(' ')}.`)).toBeVisible({ timeout: 30_000 });
  const steps = page.getByRole('listitem');
  await expect(steps.filter({ hasText: /Hashing the link \d+ times gives the published final hash/ })).toContainText('passed');
  await expect(steps.filter({ hasText: /Beacon round \d+: its BLS signature verifies/ })).toContainText('passed');
  await expect(steps.filter({ hasText: 'The values follow from HMAC-SHA256' })).toContainText('passed');
  // Against the commitment the bet receipt carried.
  expect(new URL(page.url()).searchParams.get('final')).toMatch(/^[0-9a-f]{64}$/);

  // Bet history: both bets, each with its game and result; the game filter narrows it,
  // and a row's verify link opens its own game's verify screen.
  await page.goto('/home/AllLotteryGames/BettingRecordWin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bet history' })).toBeVisible();
  const k3Row = page.getByRole('listitem').filter({ hasText: 'K3 · Big · ₹10.00' });
  const fivedRow = page.getByRole('listitem').filter({ hasText: '5D · A Big · ₹10.00' });
  await expect(k3Row).toContainText(`Period ${period}`);
  await expect(k3Row).toContainText(k3Won > 0 ? `Won ${rupees(k3Won)}` : 'Lost');
  await expect(fivedRow).toContainText(fivedWon > 0 ? `Won ${rupees(fivedWon)}` : 'Lost');
  await page.getByLabel('Game').selectOption('5d');
  await expect(k3Row).toHaveCount(0);
  await expect(fivedRow).toHaveCount(1);
  await fivedRow.getByRole('link', { name: `Verify round ${period}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('game')).toBe('5d');
});

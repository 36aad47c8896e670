import { expect, test, type Locator } from '@playwright/test';
import { skipSplash } from './support/accounts';
import { LOGIN_TOKEN_KEY, rechargeThroughSandbox, signInAsNewPlayer } from './support/wallet';

// The game lobby and launcher (decisions 110-114, 126) in a real Chromium against the real server, with the
// demo vendor running as a sandbox channel: the All Games counts of the catalog, the launch
// flow of section 4 (login, Tips, Cancel, Confirm into a new tab) and a bet that moves the
// balance the app's wallet shows.

/** The number in a money text such as "₹1,234.50" or "Balance 1234.50". */
function amountIn(text: string): number {
  const match = /(-?[\d,]+\.\d{2})/.exec(text);
  expect(match, `an amount in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

const tilesOf = (scope: Locator) => scope.getByRole('listitem');

test.beforeEach(async ({ context }) => {
  await skipSplash(context);
});

test('All Games shows the spec’s counts in every category', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.goto('/home/AllGames?tab=0');
  await expect(page.getByRole('heading', { level: 1, name: 'All' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  const choose = async (name: string) => {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  };

  await expect(panel.getByRole('heading', { level: 2, name: 'Popular' })).toBeVisible();
  await expect(tilesOf(panel)).toHaveCount(18);
  await expect(panel.getByText(/^odds of winning 9[6-8]\.\d\d%$/)).toHaveCount(18);

  await choose('Lottery');
  await expect(panel.getByRole('heading', { level: 2, name: 'Lottery' })).toBeVisible();
  await expect(tilesOf(panel)).toHaveCount(4);
  await expect(panel.getByRole('button')).toHaveCount(0);
  // Decisions 261, 345, 355: Win Go, K3, 5D and Trx Win are links to their screens.
  await expect(panel.getByText('Coming soon')).toHaveCount(0);
  await expect(panel.getByRole('link')).toHaveCount(4);

  await choose('Casino');
  for (const vendor of ['EVO Video', 'MG Video']) await expect(tilesOf(panel.getByRole('region', { name: vendor }))).toHaveCount(6);

  await choose('Slots');
  await expect(panel.getByRole('region')).toHaveCount(6);
  for (const vendor of ['JILI', 'PG', 'JDB', 'AG Electronic', 'EVO Electronic', 'MG Fish']) {
    await expect(tilesOf(panel.getByRole('region', { name: vendor }))).toHaveCount(6);
  }

  // Decision 125: choosing Sports from the strip shows its content.
  await choose('Sports');
  await expect(tilesOf(panel)).toHaveCount(5);
  await expect(panel.getByRole('link')).toHaveCount(0);
  await expect(panel.getByText('Coming soon')).toHaveCount(5);
  // Decision 478: a tap on a coming-soon tile says so.
  await panel.getByRole('button', { name: /Cricket/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cricket is coming soon: it cannot be played yet.' })).toBeVisible();

  await choose('Rummy');
  await expect(tilesOf(panel)).toHaveCount(2);

  // The playable MG Fish games first, then 7 coming soon.
  await choose('Fishing');
  await expect(tilesOf(panel)).toHaveCount(19);
  await expect(panel.getByText('Coming soon')).toHaveCount(7);
  await expect(tilesOf(panel).first().getByText('Coming soon')).toHaveCount(0);
  await expect(tilesOf(panel).nth(12).getByText('Coming soon')).toHaveCount(1);

  await choose('Original');
  await expect(tilesOf(panel)).toHaveCount(18);
  await expect(panel.getByRole('button')).toHaveCount(18);
});

test('a logged-out tap on a popular game goes to /login', async ({ page }) => {
  await page.goto('/');
  const popular = page.getByRole('region', { name: 'Popular games' });
  await expect(tilesOf(popular)).toHaveCount(18);
  await tilesOf(popular).first().getByRole('button').click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('the maintenance tile shows the toast Game Under Maintenance', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.goto('/home/AllGames?tab=3');
  const ag = page.getByRole('tabpanel').getByRole('region', { name: 'AG Electronic' });
  await ag.getByRole('button', { name: /maintenance/i }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Game Under Maintenance' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Tips' })).toHaveCount(0);
});

test('logged in: Tips, Cancel closes it; Confirm opens the demo vendor; a spin moves the balance the wallet shows', async ({ page, context }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');

  await page.goto('/');
  const popular = page.getByRole('region', { name: 'Popular games' });
  await expect(tilesOf(popular)).toHaveCount(18);
  // The first popular game is a JILI slot (catalog/games.json), a seamless-wallet vendor.
  const game = tilesOf(popular).first().getByRole('button');
  const title = (await tilesOf(popular).first().locator('.game-tile__title').textContent())!.trim();

  await game.click();
  const tips = page.getByRole('dialog', { name: 'Tips' });
  await expect(tips).toBeVisible();
  await expect(tips.getByText('Are you sure you want to join the game?')).toBeVisible();
  await tips.getByRole('button', { name: 'Cancel' }).click();
  await expect(tips).toBeHidden();
  expect(context.pages()).toHaveLength(1);

  await game.click();
  await expect(tips).toBeVisible();
  const [vendor] = await Promise.all([context.waitForEvent('page'), tips.getByRole('button', { name: 'Confirm' }).click()]);
  await vendor.waitForLoadState();
  await expect(tips).toBeHidden();
  // The launch address redirected to the demo vendor's game, which knows the game by its id.
  await expect(vendor.getByRole('heading', { name: title })).toBeVisible();
  const vendorBalance = vendor.getByText('Balance:');
  await expect(vendorBalance).toContainText('₹500.00');

  // Spin until the balance moves (a win of exactly the stake would leave it as it was).
  let after = 500;
  for (let spin = 0; spin < 10 && after === 500; spin += 1) {
    await Promise.all([vendor.waitForResponse((r) => r.url().endsWith('/round')), vendor.getByRole('button', { name: 'Spin' }).click()]);
    await expect(vendor.getByRole('status')).toHaveText(/You won|No win|came back|You got/);
    after = amountIn((await vendorBalance.textContent()) ?? '');
  }
  expect(after).not.toBe(500);

  await page.bringToFront();
  await page.goto('/wallet');
  const total = page.getByRole('region', { name: 'Total balance' });
  await expect.poll(async () => amountIn((await total.textContent()) ?? '')).toBe(after);
});

test('an opened launch address cannot be used twice, and carries a ticket, not the access token', async ({ page, context }) => {
  await signInAsNewPlayer(page);
  await page.goto('/home/AllGames?tab=7');
  const panel = page.getByRole('tabpanel');
  await expect(tilesOf(panel)).toHaveCount(18);
  await tilesOf(panel).first().getByRole('button').click();
  const tips = page.getByRole('dialog', { name: 'Tips' });
  const launch = context.waitForEvent('request', (r) => r.url().includes('/api/games/open-game-url'));
  const [vendor] = await Promise.all([context.waitForEvent('page'), tips.getByRole('button', { name: 'Confirm' }).click()]);
  const launchUrl = new URL((await launch).url());
  await vendor.waitForLoadState();
  const accessToken = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as string | null, LOGIN_TOKEN_KEY);
  expect(launchUrl.searchParams.get('game_id')).toMatch(/^[a-f0-9]{32}$/);
  expect(launchUrl.searchParams.get('token')).toBeTruthy();
  expect(launchUrl.searchParams.get('token')).not.toBe(accessToken);

  // The same address again (history, a shared link) gets a clear page, not a game.
  const again = await context.newPage();
  await again.goto(launchUrl.toString());
  await expect(again.getByText('This game link was already used')).toBeVisible();
});

test('a transfer-mode vendor holds the balance while its game runs; the wallet shows it and sweeps it back', async ({ page, context }) => {
  await signInAsNewPlayer(page);
  await rechargeThroughSandbox(page, '₹500.00');
  await page.goto('/home/AllGames?tab=3');
  const mgFish = page.getByRole('tabpanel').getByRole('region', { name: 'MG Fish' });
  await expect(tilesOf(mgFish)).toHaveCount(6);
  await tilesOf(mgFish).first().getByRole('button').click();
  const tips = page.getByRole('dialog', { name: 'Tips' });
  // Decision 311: the dialog says what moves where, and the player chooses how much; decision 475:
  // it proposes a modest ₹100, not the whole main balance.
  await expect(tips).toContainText("₹100.00 moves from your main wallet to MG Fish's wallet while you play");
  const amount = tips.getByRole('textbox', { name: 'Amount to move (₹)' });
  await expect(amount).toHaveValue('100');
  await amount.fill('120');
  await expect(tips).toContainText("₹120.00 moves from your main wallet to MG Fish's wallet");
  const [vendor] = await Promise.all([context.waitForEvent('page'), tips.getByRole('button', { name: 'Confirm' }).click()]);
  await vendor.waitForLoadState();

  await page.bringToFront();
  await page.goto('/wallet');
  // The vendor's name, never its code.
  const fish = page.getByRole('listitem', { name: 'Wallet of game provider MG Fish' });
  await expect(fish).toContainText('120.00');
  await expect(page.getByText('MG_Fish')).toHaveCount(0);
  const total = page.getByRole('region', { name: 'Total balance' });
  await expect(total).toContainText('500.00');
  // The rest stayed in the main wallet.
  await expect(total.getByRole('definition').first()).toContainText('380.00');
  await page.getByRole('button', { name: 'Transfer to main wallet' }).click();
  await expect(fish).toContainText('0.00');
  await expect(total.getByRole('definition').first()).toContainText('500.00');
});

test('Win Go opens from All Games › Lottery as it does from home (issue 22)', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.goto('/home/AllGames?tab=1');
  await page.getByRole('tabpanel').getByRole('link', { name: /Win Go/ }).click();
  await expect(page).toHaveURL(/\/home\/AllLotteryGames\/Wingo$/);
});

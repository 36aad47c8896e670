import { expect, test } from '@playwright/test';
import { signInAsDemoOperator, totp } from './support/admin';
import { randomUtr, signInAsNewPlayer } from './support/wallet';

// The console's reports (decision 410): a finance operator, made by an admin and enrolled from its
// link, sees today's deposit of a new test player in the day chart, the day table and the
// player's P&L row, each from the ledger.
test('a finance operator sees a test player’s deposit of today in the report and its chart', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

  // A new player's ₹500 UTR recharge, approved by the demo admin through the console's API.
  const playerPage = await browser.newPage();
  const { phone } = await signInAsNewPlayer(playerPage);
  await playerPage.goto('/wallet');
  const token = await playerPage.evaluate(() => JSON.parse(localStorage.getItem('m_login_token') ?? 'null') as string);
  const headers = { authorization: `Bearer ${token}` };
  const created = await playerPage.request.post('/api/wallet/get-recharge-url', { headers, data: { channel: 'upi', amountMinor: 500_00, idempotencyKey: `e2e-reports-${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(200);
  const orderId = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await playerPage.request.post('/api/wallet/submit-utr', { headers, data: { orderId, utr: randomUtr() } })).status()).toBe(200);
  await playerPage.close();

  await signInAsDemoOperator(page);
  const approved = await page.request.post(`/api/admin/deposits/${orderId}/review`, { headers: { 'x-colorplay-admin': '1' }, data: { decision: 'approve', note: 'Reports e2e: statement checked' } });
  expect(approved.status(), await approved.text()).toBe(200);
  const lookup = await page.request.get(`/api/admin/players?q=${phone}`);
  const playerId = String(((await lookup.json()) as { data: { id: number } }).data.id);

  // The admin makes a finance operator; the newcomer enrols from the link and signs in.
  await page.getByRole('link', { name: 'Operators' }).click();
  const username = `e2e-fin-${Date.now().toString(36)}`;
  await page.getByLabel('New username').fill(username);
  await page.getByLabel('Role').selectOption('finance');
  await page.getByRole('button', { name: 'Create operator' }).click();
  const link = /Enrolment link: (\S+)/.exec((await page.getByRole('status').getByText(/^Enrolment link:/).textContent()) ?? '')![1]!;
  const finance = await browser.newPage();
  await finance.goto(link);
  await finance.getByRole('button', { name: 'Show my authenticator secret' }).click();
  const secret = /TOTP secret: ([A-Z2-7]+)/.exec((await finance.getByText(/^TOTP secret:/).textContent()) ?? '')![1]!;
  await finance.getByLabel('6-digit code').fill(totp(secret));
  await finance.getByLabel('Choose a password (12 characters or more)').fill('finance-password-42');
  await finance.getByRole('button', { name: 'Complete enrolment' }).click();
  await expect(finance.getByRole('status')).toContainText('Your account is ready.');
  // The confirmed code is spent: sign in with the next one.
  await finance.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await finance.getByRole('link', { name: 'Sign in' }).click();
  await finance.getByLabel('Username').fill(username);
  await finance.getByLabel('Password').fill('finance-password-42');
  await finance.getByLabel('6-digit code').fill(totp(secret));
  await finance.getByRole('button', { name: 'Sign in' }).click();
  await expect(finance.getByText(`${username} (finance)`)).toBeVisible();

  // The console opens on its home page, with today's figures; the full reports are one link away.
  await expect(finance.getByRole('heading', { level: 1, name: 'Console home' })).toBeVisible();
  await expect(finance.getByRole('table', { name: 'Work waiting' })).toBeVisible();
  await finance.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).click();
  await expect(finance.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // Today's row of the day table: at least this deposit (other tests may add theirs).
  const days = finance.getByRole('table', { name: 'Day by day' });
  const todayRow = days.getByRole('row').filter({ has: finance.getByRole('rowheader', { name: today }) });
  await expect(todayRow).toBeVisible();
  const depositsCell = todayRow.getByRole('cell').nth(1);
  expect(Number(await depositsCell.textContent())).toBeGreaterThanOrEqual(500);
  // The chart of deposits per day has today's bar with the same figure.
  const chart = finance.getByRole('img', { name: 'Deposits (₹) per day' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect title')).toHaveText([`${today}: ${await depositsCell.textContent()}`]);
  // The player's own P&L row: exactly this deposit.
  const pnl = finance.getByRole('table', { name: 'Player P&L (most staked first)' });
  await expect(pnl.getByRole('row').filter({ has: finance.getByRole('rowheader', { name: playerId, exact: true }) }).getByRole('cell').first()).toHaveText('500.00');
  await expect(finance.getByRole('link', { name: 'Download CSV' }).first()).toBeVisible();
});

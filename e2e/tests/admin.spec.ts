import { expect, test } from '@playwright/test';
import { signInAsDemoOperator } from './support/admin';
import { randomUtr, signInAsNewPlayer } from './support/wallet';

// The operator console: the seeded demo operator signs in with a TOTP code computed here from its
// secret, approves a UTR deposit under review, and finds the decision in the audit log.
test('an operator approves a UTR deposit under review and sees the audit row', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The player's side, through the API: a ₹500 recharge whose UTR the gateway has not confirmed.
  const playerPage = await browser.newPage();
  await signInAsNewPlayer(playerPage);
  await playerPage.goto('/wallet');
  const token = await playerPage.evaluate(() => JSON.parse(localStorage.getItem('m_login_token') ?? 'null') as string);
  const headers = { authorization: `Bearer ${token}` };
  const created = await playerPage.request.post('/api/wallet/get-recharge-url', {
    headers,
    data: { channel: 'upi', amountMinor: 500_00, idempotencyKey: `e2e-admin-${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const orderId = ((await created.json()) as { data: { id: string } }).data.id;
  const submitted = await playerPage.request.post('/api/wallet/submit-utr', { headers, data: { orderId, utr: randomUtr() } });
  expect(((await submitted.json()) as { data: { status: string } }).data.status).toBe('utr_submitted');
  await playerPage.close();

  await signInAsDemoOperator(page);
  await expect(page.getByText('demo-admin (admin)')).toBeVisible();
  // The console opens on its home page; the queue is one link away.
  await expect(page.getByRole('heading', { level: 1, name: 'Console home' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'UTR deposits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'UTR deposits under review' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: orderId });
  await expect(row).toContainText('₹500.00');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve deposit ${orderId}` });
  await dialog.getByLabel('Note (required)').fill('Bank statement line checked (e2e)');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText(`Done: ${orderId} is now succeeded.`);
  await expect(page.getByRole('listitem').filter({ hasText: orderId })).toHaveCount(0);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `demo-admin · deposit.approve · deposit:${orderId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
});

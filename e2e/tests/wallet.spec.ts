import { expect, test } from '@playwright/test';
import { randomUtr, signInAsNewPlayer, startRecharge } from './support/wallet';

// The wallet screens (docs/payments.md) in a real Chromium against the real server in sandbox mode:
// recharge through the sandbox UPI gateway, whose "app" page calls our webhook over real HTTP.

test('recharge 500 through the sandbox UPI app: the wallet shows 500.00 and the history says succeeded', async ({ page }) => {
  await signInAsNewPlayer(page);

  await page.goto('/wallet');
  const total = page.getByRole('region', { name: 'Total balance' });
  await expect(total).toContainText('0.00');

  const orderId = await startRecharge(page, { preset: '₹500.00' });
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('₹500.00', { exact: true })).toBeVisible();
  await expect(page.getByText('colorplay.sandbox@upi')).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code to pay ₹500\.00/ })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);

  await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox UPI' })).toBeVisible();
  await expect(page.getByText(orderId)).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹500.00' }).click();

  // The gateway has notified our webhook and sent the browser back to the order's payment page.
  await expect(page).toHaveURL(new RegExp(`/wallet/Payment\\?orderId=${orderId}$`));
  await expect(page.getByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeVisible();
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Go to wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(total.getByText('₹500.00').first()).toBeVisible();
  await expect(total).toContainText('500.00');

  await page.getByRole('link', { name: 'Recharge history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge history' })).toBeVisible();
  const order = page.getByRole('listitem').filter({ hasText: orderId });
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Succeeded', { exact: true })).toBeVisible();
  await expect(order.getByText('₹500.00')).toBeVisible();
  await expect(order.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
});

test('a payment declined in the sandbox UPI app fails the order and adds nothing', async ({ page }) => {
  await signInAsNewPlayer(page);
  const orderId = await startRecharge(page, { typed: '150.50' });
  await expect(page.getByText('₹150.50', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(new RegExp(`/wallet/Payment\\?orderId=${orderId}$`));
  await expect(page.getByText('The payment did not go through. No money was added.')).toBeVisible();
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();

  await page.goto('/wallet/RechargeHistory?status=failed');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
  await expect(page.getByRole('listitem').filter({ hasText: orderId }).getByText('Failed', { exact: true })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₹0.00');
});

test('a UTR the gateway has not confirmed puts the order under review; a bad one is refused inline', async ({ page }) => {
  await signInAsNewPlayer(page);
  const orderId = await startRecharge(page, { preset: '₹100.00' });

  const utr = page.getByRole('textbox', { name: 'UTR (12-digit UPI reference)' });
  await utr.fill('12345');
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(page.getByRole('alert')).toHaveText('A UTR is exactly 12 digits.');
  await expect(utr).toHaveAttribute('aria-invalid', 'true');

  const number = randomUtr();
  await utr.fill(number);
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(page.getByText(`We received your UTR ${number} and are checking the payment.`, { exact: false })).toBeVisible();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await page.goto('/wallet/RechargeHistory');
  const order = page.getByRole('listitem').filter({ hasText: orderId });
  await expect(order.getByText('Under review', { exact: true })).toBeVisible();
  await expect(order.getByText(number)).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { signInAsNewPlayer } from './support/wallet';

// The USDT recharge (decision 135) in a real Chromium against the real server, whose sandbox chain
// (ganache in the server process, a test ERC-20 token) runs with fast blocks and 2 confirmations
// (e2e/playwright.config.ts). The faucet sends real token transfers on that chain; the server's
// chain watcher sees them in the token's Transfer logs and credits the wallet through the ledger.

test('a new player recharges ₹500 in USDT through the sandbox faucet: credited once, shown in the wallet and the history', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewPlayer(page);

  await page.goto('/wallet');
  const total = page.getByRole('region', { name: 'Total balance' });
  await expect(total).toContainText('₹0.00');

  await page.goto('/wallet/Recharge');
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge' })).toBeVisible();
  const usdt = page.getByRole('radio', { name: 'USDT' });
  await expect(usdt).toBeEnabled();
  await usdt.check();
  await expect(page.getByText('You pay in USDT.', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('500');
  await page.getByRole('button', { name: 'Recharge ₹500.00' }).click();

  // The address screen of the new order.
  await expect(page).toHaveURL(/\/wallet\/Payment\?orderId=usdt_/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByRole('heading', { level: 1, name: 'USDT payment' })).toBeVisible();
  await expect(page.getByText('Send only USDT on Colorplay dev chain (sandbox).')).toBeVisible();
  await expect(page.getByText('Waiting for your transfer.')).toBeVisible();
  await expect(page.getByText('Your wallet gets ₹500.00')).toBeVisible();
  // ₹500 at ₹83: 6.024096... rounded UP to two decimals, what a wallet can send (decision 260).
  await expect(page.getByText(/^6\.03 USDT$/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of the deposit address 0x[0-9a-fA-F]{40}$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy amount' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:\d\d)$/);

  const faucet = page.getByRole('region', { name: 'Sandbox: send test USDT' });
  await faucet.getByRole('button', { name: 'Send test USDT' }).click();

  // The watcher follows the transfer to 2 confirmations, then credits it.
  await expect(page.getByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // Credited: only the success, nothing that invites a second payment. (The confirmations bar
  // between the two is checked in usdt-payment-view.test.tsx: here blocks come every 250 ms.)
  await expect(page.getByText('Send exactly')).toHaveCount(0);
  await expect(page.getByText('Send only USDT on Colorplay dev chain (sandbox).')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy address' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(total).toContainText('₹500.00');

  await page.getByRole('link', { name: 'Recharge history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge history' })).toBeVisible();
  const order = page.getByRole('listitem').filter({ hasText: orderId });
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Succeeded', { exact: true })).toBeVisible();
  await expect(order.getByText('₹500.00')).toBeVisible();
  await expect(order.getByText('USDT', { exact: true })).toBeVisible();
  await expect(order.getByText('6.03 USDT')).toBeVisible();

  // Credited exactly once: the balance stays at ₹500.00 while more blocks are mined.
  await page.waitForTimeout(1500);
  await page.goto('/wallet');
  await expect(total).toContainText('₹500.00');
});

test('a USDT order cancelled before paying says so and credits nothing', async ({ page }) => {
  await signInAsNewPlayer(page);
  await page.goto('/wallet/Recharge');
  const usdt = page.getByRole('radio', { name: 'USDT' });
  await expect(usdt).toBeEnabled();
  await usdt.check();
  await page.getByRole('button', { name: '₹100.00', exact: true }).click();
  await page.getByRole('button', { name: 'Recharge ₹100.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USDT payment' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('This order was cancelled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sandbox: send test USDT' })).toHaveCount(0);

  await page.goto('/wallet');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₹0.00');
});

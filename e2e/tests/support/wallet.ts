import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { newPhone, registrationCodeByApi, skipSplash } from './accounts';
import { betOn, waitForBettingOpen, waitForOpenRound } from './round';

// Shared steps of the wallet specs: a fresh player created through the API (the login fixture
// of docs/conventions), signed in the way the app keeps a session (the access token as JSON in
// localStorage under m_login_token; the refresh cookie is set on the same browser context).

export const LOGIN_TOKEN_KEY = 'm_login_token';

/** A 12-digit UTR that is unlikely to meet another test's. */
export function randomUtr(): string {
  return `${randomInt(100_000, 1_000_000)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Registers a new player with the API and signs the page in as that player: the token is
 * written before any app script runs, only when none is stored, so the app's own token
 * refreshes are not overwritten on later navigations.
 */
export async function signInAsNewPlayer(page: Page): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const code = await registrationCodeByApi(page, phone);
  const res = await page.request.post('/api/register', {
    data: { phone, code, password: `E2e-${phone}-pw`, ageConfirmed: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { token: string } };

  await skipSplash(page.context());
  await page.addInitScript(
    ([key, token]) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify(token));
    },
    [LOGIN_TOKEN_KEY, data.token] as const,
  );
  return { phone, token: data.token };
}

/**
 * Funds a player through the sandbox UPI gateway by its API (an order, then the sandbox's "paid"
 * answer), for specs whose subject is not the recharge screens: those load several lazy chunks,
 * which on a loaded machine outlast the screens' 5 s checks.
 */
export async function fundThroughSandboxApi(page: Page, token: string, amountMinor: number): Promise<void> {
  const order = await page.request.post('/api/wallet/get-recharge-url', {
    headers: { authorization: `Bearer ${token}` },
    data: { channel: 'upi', amountMinor, idempotencyKey: `e2e-fund-${randomUtr()}` },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { paymentUrl } = ((await order.json()) as { data: { paymentUrl: string } }).data;
  expect((await page.request.post(paymentUrl, { form: { decision: 'paid' } })).status()).toBeLessThan(400);
}

/** Creates a recharge order for a preset or typed amount and waits for its payment page; returns the order id. */
export async function startRecharge(page: Page, amount: { preset: string } | { typed: string }): Promise<string> {
  await page.goto('/wallet/Recharge');
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'UPI' })).toBeChecked();
  if ('preset' in amount) await page.getByRole('button', { name: amount.preset, exact: true }).click();
  else await page.getByRole('textbox', { name: 'Amount (₹)' }).fill(amount.typed);
  await page.getByRole('button', { name: /^Recharge ₹/ }).click();
  await expect(page).toHaveURL(/\/wallet\/Payment\?orderId=dep_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId');
  expect(orderId).toMatch(/^dep_/);
  return orderId!;
}

/** Recharges a preset amount through the sandbox UPI app and waits until the order succeeded. */
export async function rechargeThroughSandbox(page: Page, preset: string): Promise<void> {
  await startRecharge(page, { preset });
  await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
  await page.getByRole('button', { name: `Pay ${preset}` }).click();
  await expect(page.getByText(`Recharge successful: ${preset} was added to your wallet.`)).toBeVisible();
}

/** On /wallet/Withdraw with no payout method yet: saves `vpa` and withdraws `rupeesText` (e.g. '100') to it. */
export async function withdrawToNewUpi(page: Page, vpa: string, rupeesText: string): Promise<void> {
  await page.goto('/wallet/Withdraw');
  const add = page.getByRole('form', { name: 'Add a payout method' });
  await add.getByRole('textbox', { name: 'UPI ID' }).fill(vpa);
  await add.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByRole('radio', { name: new RegExp(vpa) })).toBeChecked();
  await page.getByRole('textbox', { name: 'Amount (₹)' }).fill(rupeesText);
  const shown = `₹${Number(rupeesText).toFixed(2)}`;
  await page.getByRole('button', { name: `Withdraw ${shown}` }).click();
  await page.getByRole('dialog', { name: 'Confirm withdrawal' }).getByRole('button', { name: `Confirm ${shown}` }).click();
  await expect(page.getByRole('status', { name: /Withdrawal requested/ })).toContainText(`Withdrawal requested: ${shown} to ${vpa}.`);
}

/**
 * Recharges ₹400 through the sandbox UPI app and stakes it all on Big and Small in one Wingo round
 * (₹200 each): with the e2e wagering factor of 0.5 the lock clears whatever the draw, so the
 * balance can be withdrawn once the identity is verified.
 */
export async function rechargeAndPlay400(page: Page): Promise<void> {
  await startRecharge(page, { typed: '400' });
  await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
  await page.getByRole('button', { name: 'Pay ₹400.00' }).click();
  await expect(page.getByText('Recharge successful: ₹400.00 was added to your wallet.')).toBeVisible();
  await waitForBettingOpen(page);
  await page.goto('/home/AllLotteryGames/Wingo');
  await waitForOpenRound(page, 18, 40_000);
  await expect(await betOn(page, 'Big', 20)).toBeHidden();
  await expect(await betOn(page, 'Small', 20)).toBeHidden();
  const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
  await expect(popup).toBeVisible({ timeout: 60_000 });
  await popup.hover();
  await popup.getByRole('button', { name: 'Close' }).click();
}

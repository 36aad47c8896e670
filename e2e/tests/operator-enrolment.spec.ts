import { expect, test } from '@playwright/test';
import { signInAsDemoOperator, totp } from './support/admin';

// Decision 195: an admin creates an operator and gets only a one-time link; the new operator opens it
// in their own browser, sees their own TOTP secret, confirms a code, chooses a password and signs
// in. The link then works no more, and the console's Alerts page shows the replay.
test('a new operator enrols from a one-time link the admin never sees the secrets of', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsDemoOperator(page);
  await page.getByRole('link', { name: 'Operators' }).click();
  const username = `e2e-${Date.now().toString(36)}`;
  await page.getByLabel('New username').fill(username);
  await page.getByLabel('Role').selectOption('support');
  await page.getByRole('button', { name: 'Create operator' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('you never see either');
  await expect(status).not.toContainText('TOTP secret');
  const link = /Enrolment link: (\S+)/.exec((await status.getByText(/^Enrolment link:/).textContent()) ?? '')![1]!;
  expect(link).toMatch(/\/admin\/enrol#[A-Za-z0-9_-]{43}$/);

  const newcomer = await browser.newPage();
  await newcomer.goto(link);
  await newcomer.getByRole('button', { name: 'Show my authenticator secret' }).click();
  const secret = /TOTP secret: ([A-Z2-7]+)/.exec((await newcomer.getByText(/^TOTP secret:/).textContent()) ?? '')![1]!;
  await newcomer.getByLabel('6-digit code').fill(totp(secret));
  await newcomer.getByLabel('Choose a password (12 characters or more)').fill('my-own-password-42');
  await newcomer.getByRole('button', { name: 'Complete enrolment' }).click();
  await expect(newcomer.getByRole('status')).toContainText('Your account is ready.');

  // Sign in with the next code (the confirmed one is spent).
  await newcomer.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await newcomer.getByRole('link', { name: 'Sign in' }).click();
  await newcomer.getByLabel('Username').fill(username);
  await newcomer.getByLabel('Password').fill('my-own-password-42');
  await newcomer.getByLabel('6-digit code').fill(totp(secret));
  await newcomer.getByRole('button', { name: 'Sign in' }).click();
  await expect(newcomer.getByText(`${username} (support)`)).toBeVisible();

  // The link is spent: opening it again is refused, and the console shows an alert.
  const replay = await browser.newPage();
  await replay.goto(link);
  await replay.getByRole('button', { name: 'Show my authenticator secret' }).click();
  await expect(replay.getByRole('alert')).toContainText('already used');
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByText('Enrolment link used again, expired or for a disabled operator').first()).toBeVisible();
});

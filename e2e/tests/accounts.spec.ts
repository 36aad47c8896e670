import { expect, test } from '@playwright/test';
import { DEMO_PLAYER as DEMO, logInThroughTheForm, newPhone, newPlayerByApi, skipSplash } from './support/accounts';

// Accounts and sessions (decisions 003 and 015) in a real Chromium against the real server in sandbox mode.
// Every test that registers uses its own new phone: registration and login are rate-limited per
// phone and per address (see support/accounts.ts).

test('register, land logged in, change avatar and see the check on the new one', async ({ page, context }) => {
  await skipSplash(context);
  const phone = newPhone();
  await page.goto('/register');
  await page.getByLabel('Mobile number').fill(phone);
  // The phone is proved by a code sent by SMS; the sandbox channel shows that SMS on the page.
  await page.getByRole('button', { name: 'Send code' }).click();
  const sms = page.getByRole('region', { name: `Sandbox SMS to ${phone}` });
  await expect(sms).toContainText('registration code is');
  const code = /\b(\d{6})\b/.exec((await sms.textContent()) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
  await page.getByLabel('Code from the SMS').fill(code!);
  await page.getByLabel('Password', { exact: true }).fill(`Reg-${phone}-pw`);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('checkbox', { name: 'I am 18 or older and accept the rules of play' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // A new player lands on Home (decision 479), with the deposit-limit prompt as a card there.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Set a deposit limit?' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Avatar 1' })).toBeVisible();
  await expect(page.getByText('₹0.00')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('m_login_token') ?? 'null'))).toEqual(expect.any(String));

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Change avatar' }).click();
  await expect(page.getByRole('button', { name: 'Avatar 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^Avatar \d+$/ })).toHaveCount(20);
  await page.getByRole('button', { name: 'Avatar 14' }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('img', { name: 'Avatar 14' })).toBeVisible();

  await page.goto('/main/Avatar');
  await expect(page.getByRole('button', { name: 'Avatar 14' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Avatar 1', exact: true })).toHaveAttribute('aria-pressed', 'false');
  // The visible check mark (decorative, hidden from screen readers) sits on the new one only.
  await expect(page.getByRole('button', { name: 'Avatar 14' }).locator('svg')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Avatar \d+$/ }).locator('svg')).toHaveCount(1);
  // Three avatars a row: the fourth starts the second row.
  const boxes = await Promise.all([1, 2, 3, 4].map((n) => page.getByRole('button', { name: `Avatar ${n}`, exact: true }).boundingBox()));
  expect(new Set(boxes.slice(0, 3).map((b) => Math.round(b!.y))).size).toBe(1);
  expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height / 2);
});

test('a logged-out visit to /wallet goes to /login, and logging in returns to /wallet', async ({ page, context }) => {
  await skipSplash(context);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login\?next=%2Fwallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await logInThroughTheForm(page, DEMO.phone, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The mobile number or password is not right.');

  await logInThroughTheForm(page, DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
});

test('a login in one tab reaches the other within about a second, and so does a logout', async ({ context }) => {
  await skipSplash(context);
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/main');
  await expect(second).toHaveURL(/\/login\?next=%2Fmain$/);

  await first.goto('/login');
  await logInThroughTheForm(first, DEMO.phone, DEMO.password);
  await expect(first).toHaveURL(/\/main$/);

  // The other tab notices the stored token (storage event or the 1-second re-check).
  await expect(second).toHaveURL(/\/main$/, { timeout: 2500 });
  await expect(second.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  await first.getByRole('button', { name: 'Log out' }).click();
  await first.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login/, { timeout: 2500 });
  expect(await second.evaluate(() => localStorage.getItem('m_login_token'))).toBeNull();
});

test('forgot password end to end with the sandbox code, then log in with the new password', async ({ page, context }) => {
  await skipSplash(context);
  const { phone, password: oldPassword } = await newPlayerByApi(page, (p) => `Old-${p}-pw`);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/rpwd$/);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();

  const sms = page.getByRole('region', { name: `Sandbox SMS to ${phone}` });
  await expect(sms).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await sms.textContent()) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();

  const newPassword = `New-${phone}-pw`;
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed. Log in with the new one.')).toBeVisible();

  await logInThroughTheForm(page, phone, oldPassword);
  await expect(page.getByRole('alert')).toHaveText('The mobile number or password is not right.');
  await logInThroughTheForm(page, phone, newPassword);
  await expect(page).toHaveURL(/\/main$/);
});

test('change the password on the account page, stay signed in, then log in with the new one (decision 404)', async ({ page, context }) => {
  await skipSplash(context);
  const { phone, password: oldPassword } = await newPlayerByApi(page, (p) => `Was-${p}-pw`);
  await page.goto('/login');
  await logInThroughTheForm(page, phone, oldPassword);
  await expect(page).toHaveURL(/\/main$/);

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password').fill(`Now-${phone}-pw`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('This is not your current password.')).toBeVisible();

  await form.getByLabel('Current password').fill(oldPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Other devices have been signed out.')).toBeVisible();
  // Still signed in here: the account page keeps loading the player's data.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughTheForm(page, phone, oldPassword);
  await expect(page.getByRole('alert')).toHaveText('The mobile number or password is not right.');
  await logInThroughTheForm(page, phone, `Now-${phone}-pw`);
  await expect(page).toHaveURL(/\/main$/);
});

test('messages show the welcome message as unread, then mark all as read', async ({ page, context }) => {
  await skipSplash(context);
  const { phone, password } = await newPlayerByApi(page, (p) => `Msg-${p}-pw`);

  await page.goto('/login?next=%2Fhome%2FMessages');
  await logInThroughTheForm(page, phone, password);
  await expect(page).toHaveURL(/\/home\/Messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Unread:/ })).toHaveCount(1);
  await expect(page.getByText(/\d{2}:\d{2}/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Unread:/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: /^Unread:/ })).toHaveCount(0);
});

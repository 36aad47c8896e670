import { randomInt } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// Shared steps of the account specs: players made through the API (the login fixture of the
// conventions), the splash cookie, and logging in the way a player does, through the form.
//
// The server rate-limits per phone and per address (apps/server/src/modules/auth/rules.ts), and
// every e2e request comes from 127.0.0.1: 200 registrations an hour and 30 failed logins in
// 15 minutes for the whole run; after 5 failed logins a phone waits a growing delay. Each test
// therefore uses its own phone.

/** The player SEED_DEMO=1 creates (apps/server, demo seed). */
export const DEMO_PLAYER = { phone: '9000000001', password: 'DemoPlayer#2026' } as const;

const REFRESH_COOKIE = 'cp_refresh';
const SPLASH_COOKIE = 'is_splash_screen_shown';

/** A 10-digit mobile number starting with 9 that no other test is likely to use. */
export function newPhone(): string {
  let phone: string;
  do phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  while (phone === DEMO_PLAYER.phone);
  return phone;
}

/** Marks the splash as seen for the whole browser context, so pages open on their content. */
export async function skipSplash(context: BrowserContext): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  await context.addCookies([{ name: SPLASH_COOKIE, value: 'true', domain: url.hostname, path: '/' }]);
}

/**
 * Registers a new player through the API and leaves the browser logged out (the refresh cookie
 * the answer set is removed; no token is stored), for tests that log in through the UI.
 */
export async function newPlayerByApi(page: Page, password: (phone: string) => string): Promise<{ phone: string; password: string }> {
  const phone = newPhone();
  const code = await registrationCodeByApi(page, phone);
  const res = await page.request.post('/api/register', { data: { phone, code, password: password(phone), ageConfirmed: true } });
  expect(res.status(), await res.text()).toBe(200);
  await page.context().clearCookies({ name: REFRESH_COOKIE });
  return { phone, password: password(phone) };
}

/**
 * Asks for a registration code the way the register page does and reads it from the sandbox SMS
 * outbox with the one-time handle the request returned (the e2e server runs the sandbox channel).
 */
export async function registrationCodeByApi(page: Page, phone: string): Promise<string> {
  const requested = await page.request.post('/api/register/request-code', { data: { phone } });
  expect(requested.status(), await requested.text()).toBe(200);
  const { sandboxHandle } = ((await requested.json()) as { data: { sandboxHandle: string } }).data;
  const outbox = await page.request.get(`/api/sandbox/sms-outbox?handle=${encodeURIComponent(sandboxHandle)}`);
  const { messages } = ((await outbox.json()) as { data: { messages: { body: string }[] } }).data;
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  expect(code, 'a code in the sandbox SMS').toBeDefined();
  return code!;
}

/** Fills the login form on the current page and submits it. */
export async function logInThroughTheForm(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

import { createHmac } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * The demo operator the e2e server seeds (SEED_DEMO=1, as `npm start` does; never in production):
 * DEMO_OPERATOR in apps/server/src/modules/admin/demo-operator.ts, documented in docs/admin.md.
 */
export const DEMO_OPERATOR = { username: 'demo-admin', password: 'DemoOperator#2026', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as const;
/** The finance operator seeded beside it (DEMO_FINANCE_OPERATOR, docs/admin.md). */
export const DEMO_FINANCE_OPERATOR = { username: 'demo-finance', password: 'DemoFinance#2026', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' } as const;
/** The support operator seeded beside it (DEMO_SUPPORT_OPERATOR, docs/admin.md). */
export const DEMO_SUPPORT_OPERATOR = { username: 'demo-support', password: 'DemoSupport#2026', totpSecret: 'ONSWG4TFORZXK4DQN5ZHIZLSONSWG4TF' } as const;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), computed here independently of the server's library. */
export function totp(secretBase32: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * Signs the page in to /admin as the demo operator. A TOTP code works once (replay protection),
 * so when another spec already used this 30-second code the sign-in is refused: wait for the
 * next code and try again.
 */
export async function signInAsDemoOperator(page: Page, operator: { username: string; password: string; totpSecret: string } = DEMO_OPERATOR): Promise<void> {
  await page.goto('/admin');
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByLabel('6-digit code').fill(totp(operator.totpSecret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    const refused = page.getByText('Wrong username, password or code.');
    await expect(nav.or(refused)).toBeVisible();
    if (await nav.isVisible()) return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error(`${operator.username} could not sign in`);
}

/** An operator's own browser (a context of its own), signed in to /admin as the demo operator (or the one given). */
export async function operatorConsole(browser: Browser, as: { username: string; password: string; totpSecret: string } = DEMO_OPERATOR): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const operator = await context.newPage();
  await signInAsDemoOperator(operator, as);
  return operator;
}

/** A 1x1 PNG: the server checks a document's type by its magic bytes. */
const PAN_CARD_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The player submits the identity check on /wallet/Kyc (PAN ABCDE1234F) and the demo operator
 * verifies it in /admin; answers the operator's page, still signed in.
 */
export async function identityVerifiedByOperator(page: Page, browser: Browser, person: { fullName: string; dateOfBirth: string }): Promise<Page> {
  await page.goto('/wallet/Kyc');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name (as on your PAN card)' }).fill(person.fullName);
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await page.getByLabel('Photo or PDF of your PAN card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PAN_CARD_PNG });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  const operator = await operatorConsole(browser);
  await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'KYC' }).click();
  const submission = operator.getByRole('listitem').filter({ hasText: person.fullName });
  await submission.getByRole('button', { name: 'Verify' }).click();
  await operator.getByRole('dialog', { name: /^Verify identity kyc_/ }).getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByRole('status').filter({ hasText: /is now verified/ })).toBeVisible();
  return operator;
}

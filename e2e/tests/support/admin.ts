import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * The demo operator the e2e server seeds (SEED_DEMO=1, as `npm start` does; never in production):
 * DEMO_OPERATOR in apps/server/src/modules/admin/demo-operator.ts, documented in docs/admin.md.
 */
export const DEMO_OPERATOR = { username: 'demo-admin', password: 'DemoOperator#2026', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as const;
/** The finance operator seeded beside it (DEMO_FINANCE_OPERATOR, docs/admin.md). */
export const DEMO_FINANCE_OPERATOR = { username: 'demo-finance', password: 'DemoFinance#2026', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' } as const;

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

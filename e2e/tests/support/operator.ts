import { createHmac } from 'node:crypto';

// The operator side of the e2e specs: the demo operator the e2e server seeds (SEED_DEMO=1,
// apps/server/src/modules/admin/demo-operator.ts, docs/admin.md) and its TOTP codes, computed
// here from its published secret as an authenticator app would.

/** The seeded demo operator (admin role). Its secret is public like the demo player's password. */
export const DEMO_OPERATOR = {
  username: 'demo-admin',
  password: 'DemoOperator#2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

const TOTP_STEP_MS = 30_000;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), the code of the step that `atMs` falls in. */
export function totpCode(secretBase32: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / TOTP_STEP_MS)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code no earlier login has used: the server refuses a step it has already seen (replay), and
 * other specs log the same operator in. Waits for the next step when `usedStep` is the current one.
 */
export async function freshTotpCode(secretBase32: string, usedStep: number | null): Promise<{ code: string; step: number }> {
  let now = Date.now();
  let step = Math.floor(now / TOTP_STEP_MS);
  if (usedStep !== null && step <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, (usedStep + 1) * TOTP_STEP_MS - now + 200));
    now = Date.now();
    step = Math.floor(now / TOTP_STEP_MS);
  }
  return { code: totpCode(secretBase32, now), step };
}

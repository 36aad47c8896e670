import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app uses: SHA-1, 6 digits, 30 s steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side is accepted: phones' clocks drift and typing takes time. */
export const TOTP_WINDOW_STEPS = 1;
const ISSUER = 'Colorplay Console';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, username = 'operator'): TOTP {
  return new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function otpauthUri(secretBase32: string, username: string): string {
  return totp(secretBase32, username).toString();
}

/** The code for a moment (tests and the demo operator's printout use it). */
export function totpCode(secretBase32: string, atMs: number): string {
  return totp(secretBase32).generate({ timestamp: atMs });
}

/**
 * The time step a code belongs to when it is right within the window, else null. The caller
 * accepts it only when the step is later than the last one used, so a code cannot be replayed.
 */
export function matchTotpStep(secretBase32: string, code: string, atMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: atMs, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * TOTP secrets are sealed with AES-256-GCM under a key derived from the server's token secret,
 * so the operators table alone does not give away anyone's second factor.
 */
function sealKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'colorplay', 'operator-totp-secret', 32));
}

export function sealSecret(plain: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function openSecret(sealed: string, serverSecret: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Session ids are random; only their SHA-256 is stored. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** A one-time password for a new operator: 18 random bytes, about 144 bits. */
export function newOperatorPassword(): string {
  return randomBytes(18).toString('base64url');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision 242).
 * A browser that signed in successfully as an account gets a cookie naming that account, signed
 * with the server's secret. A later sign-in that presents it is from a *trusted* client: it is
 * throttled only by its own failures, under the cookie's nonce. Everyone else is *untrusted* and
 * shares the per-account throttle. An attacker guessing passwords therefore locks out only
 * other untrusted clients, never the owner's browser; and an account name that does not exist
 * is counted and answered exactly like one that does (no oracle).
 */
export const DEVICE_COOKIE_DAYS = 180;
const NONCE_BYTES = 18;

/**
 * `credential` ties the cookie to the subject's current password (decision 404): the signature
 * covers it, so a new password (a reset or a change) invalidates every cookie issued before,
 * with no list of cookies to keep. An empty credential signs as before (operators' cookies).
 */
function sign(secret: string, subject: string, nonce: string, credential: string): string {
  const mac = createHmac('sha256', secret).update(`device-cookie\0${subject}\0${nonce}`);
  if (credential) mac.update(`\0${credential}`);
  return mac.digest('base64url');
}

/**
 * A new device cookie value for `subject` (e.g. `player:9876543210`, `operator:asha`), valid
 * while the subject's `credential` (its password hash) stays the same.
 */
export function issueDeviceCookie(secret: string, subject: string, credential = ''): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}.${sign(secret, subject, nonce, credential)}`;
}

/**
 * The cookie's nonce when `value` is a device cookie this server issued for `subject` under its
 * current `credential`; null for anything else (absent, forged, another account's, revoked).
 */
export function deviceNonceFor(secret: string, subject: string, value: string | undefined, credential = ''): string | null {
  if (!value || value.length > 200) return null;
  const [nonce, mac, extra] = value.split('.');
  if (!nonce || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, subject, nonce, credential));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** The nonce part of a value shaped like a device cookie (unverified), or null. */
export function nonceOf(value: string | undefined): string | null {
  const nonce = value?.split('.')[0];
  return nonce && /^[A-Za-z0-9_-]{24}$/.test(nonce) ? nonce : null;
}

import { DEFAULT_COOKIE_LIFETIME_MINUTES } from '../config/constants';

/**
 * Cookies in the spec's format (section 3): a value may carry its own expiry as
 * `value|epochMillis`, after which it reads as null. The browser's `expires` attribute is set to
 * the same moment, but we check the embedded expiry too because that is what the spec defines
 * and it also holds when a cookie was written by hand or the clock moved.
 */

const EXPIRY_SUFFIX = /\|(\d+)$/;

function readRaw(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const pair = part.trimStart();
    if (pair.startsWith(prefix)) return pair.slice(prefix.length);
  }
  return null;
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A cookie written by someone else may not be URI-encoded; read it as it is.
    return raw;
  }
}

function secureAttribute(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/** Reads a cookie; null when absent or past its embedded expiry (an expired one is removed). */
export function getCookie(name: string): string | null {
  const raw = readRaw(name);
  if (raw === null) return null;
  const value = decode(raw);
  const match = EXPIRY_SUFFIX.exec(value);
  if (!match) return value;
  if (Date.now() > Number(match[1])) {
    removeCookie(name);
    return null;
  }
  return value.slice(0, match.index);
}

/** Writes `value|<expiry epoch ms>`, URI-encoded, living `lifetimeMinutes` from now. */
export function setCookie(name: string, value: string, lifetimeMinutes: number = DEFAULT_COOKIE_LIFETIME_MINUTES): void {
  const expiresAtMs = Date.now() + lifetimeMinutes * 60_000;
  const encoded = encodeURIComponent(`${value}|${expiresAtMs}`);
  // The attribute has whole seconds; rounding up leaves the embedded expiry as the one that counts.
  const expires = new Date(Math.ceil(expiresAtMs / 1000) * 1000).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encoded}; expires=${expires}; path=/; SameSite=Lax${secureAttribute()}`;
}

/** Deletes a cookie. */
export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax${secureAttribute()}`;
}

/** The cookie helper as one object: `cookies.get`, `cookies.set`, `cookies.remove`. */
export const cookies = { get: getCookie, set: setCookie, remove: removeCookie } as const;

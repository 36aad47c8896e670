import type { RateRule } from './rate-limiter';

/** Session and code rules in one place (decision record 003). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A login lasts at most 30 days, however often it is refreshed. */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600;
export const REFRESH_COOKIE = 'cp_refresh';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

export const RATE_RULES = {
  loginPerPhone: { name: 'login:phone', limit: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  registerPerAddress: { name: 'register:ip', limit: 10, windowSeconds: 3600 },
  registerPerPhone: { name: 'register:phone', limit: 5, windowSeconds: 3600 },
  codePerPhone: { name: 'otp:phone', limit: 5, windowSeconds: 3600 },
  codePerAddress: { name: 'otp:ip', limit: 20, windowSeconds: 3600 },
  resetPerAddress: { name: 'reset:ip', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/** `98******10`: enough to recognise one's own number, not enough to harvest it. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}******${phone.slice(-2)}`;
}

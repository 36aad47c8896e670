import type { RateRule } from './rate-limiter';

/** Session and code rules in one place (decision record 003). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A login lasts at most 30 days, however often it is refreshed. */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600;
export const REFRESH_COOKIE = 'cp_refresh';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

/**
 * Counters keyed on the phone number come first; per-address counters only stop floods and are
 * generous because many players share one address behind carrier-grade NAT (decision 042).
 */
export const RATE_RULES = {
  /** Failed logins only: successes from a shared address do not count. */
  loginFailuresPerAddress: { name: 'login-fail:ip', limit: 30, windowSeconds: 15 * 60 },
  registerPerAddress: { name: 'register:ip', limit: 200, windowSeconds: 3600 },
  registerPerPhone: { name: 'register:phone', limit: 20, windowSeconds: 3600 },
  codePerPhone: { name: 'otp:phone', limit: 5, windowSeconds: 3600 },
  codePerAddress: { name: 'otp:ip', limit: 200, windowSeconds: 3600 },
  resetPerAddress: { name: 'reset:ip', limit: 200, windowSeconds: 3600 },
  /** A trusted browser (device cookie) has its own allowance of failures, by the cookie's nonce. */
  loginFailuresPerDevice: { name: 'login-fail:device', limit: 5, windowSeconds: 15 * 60 },
  /**
   * A wrong current password on the signed-in change (decision 404), per player: a stolen session
   * must not become a free password oracle. As many tries as a trusted browser's sign-in.
   */
  passwordChangeFailuresPerPlayer: { name: 'password-change-fail:player', limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;

/** The players' device cookie (decision 242): sent only to the login route. */
export const DEVICE_COOKIE = 'cp_device';

/** A just-rotated refresh token, presented again this soon, gets the same successor (decision 043). */
export const REFRESH_GRACE_SECONDS = 10;

/** Failed logins per phone that cost nothing; each further failure doubles the wait. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
/** A phone's failures are forgotten this long after the last one. */
export const LOGIN_FAILURE_MEMORY_SECONDS = 24 * 3600;

/**
 * How long the next login for a phone must wait after `failures` failures: nothing for the first
 * few, then 2 s, 4 s, 8 s … up to 15 minutes. The owner is slowed, never locked out, and a
 * password reset clears the count.
 */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - LOGIN_FREE_FAILURES + 1), LOGIN_MAX_DELAY_SECONDS);
}

/** Operator session and login rules in one place (docs/admin.md). */

/** A session unused this long ends: a console left open on a shared desk locks itself. */
export const ADMIN_SESSION_IDLE_SECONDS = 30 * 60;
/** However busy, a session ends this long after login: one shift. */
export const ADMIN_SESSION_ABSOLUTE_SECONDS = 12 * 3600;
/** Wrong password or code this many times in a row locks the account for ADMIN_LOCKOUT_SECONDS. */
export const ADMIN_MAX_FAILED_LOGINS = 5;
export const ADMIN_LOCKOUT_SECONDS = 15 * 60;
/**
 * Device cookies (decision 242): failures from browsers that never signed in as a name count
 * per name (known or not, the same), and stop only such browsers; a browser with the name's
 * device cookie counts its own failures under the cookie. The owner is never locked out by others.
 */
export const ADMIN_LOGIN_FAILURES_PER_NAME = { name: 'admin-login-fail:name', limit: ADMIN_MAX_FAILED_LOGINS, windowSeconds: ADMIN_LOCKOUT_SECONDS };
export const ADMIN_LOGIN_FAILURES_PER_DEVICE = { name: 'admin-login-fail:device', limit: ADMIN_MAX_FAILED_LOGINS, windowSeconds: ADMIN_LOCKOUT_SECONDS };
/** The operators' device cookie, sent only to the console's login route. */
export const ADMIN_DEVICE_COOKIE = 'cp_admin_device';
/** Per address, failed operator logins only (like players' rule, but far stricter: few operators). */
export const ADMIN_LOGIN_FAILURES_PER_ADDRESS = { name: 'admin-login-fail:ip', limit: 20, windowSeconds: 15 * 60 };

/** Whether a session is still open at `now` (idle and absolute expiry, logout). */
export function isSessionOpen(s: { last_seen_at: Date; expires_at: Date; ended_at: Date | null }, now: Date): boolean {
  if (s.ended_at) return false;
  if (now.getTime() >= s.expires_at.getTime()) return false;
  return now.getTime() - s.last_seen_at.getTime() < ADMIN_SESSION_IDLE_SECONDS * 1000;
}

/** How long an operator enrolment link works (decision 195). */
export const ADMIN_ENROLMENT_SECONDS = 24 * 3600;
/** Failed enrolment attempts per address (unknown, used or expired links) per 15 minutes. */
export const ADMIN_ENROLMENT_FAILURES_PER_ADDRESS = { name: 'admin-enrol-fail:ip', limit: 20, windowSeconds: 900 } as const;

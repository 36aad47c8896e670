import type { PlainMessageKey } from '../../lib/i18n';
import './accounts-i18n';

/**
 * The same rules as the contract's schemas (packages/contract/src/auth.ts), checked in the
 * browser before a call so a player sees a mistake at once. The server checks again; the
 * contract is not imported here because it would pull zod into this page's chunk.
 */

export const PHONE_PATTERN = /^[6-9]\d{9}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
const OTP_PATTERN = /^\d{6}$/;
const INVITE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export type FieldError = PlainMessageKey | null;

/** Phones are typed with spaces or a +91 / 0 prefix; the API wants the bare 10 digits. */
export function normalisePhone(input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  if (/^\+91\d{10}$/.test(digits)) return digits.slice(3);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

export function checkPhone(phone: string): FieldError {
  return PHONE_PATTERN.test(phone) ? null : 'accounts.error.phone';
}

export function checkNewPassword(password: string): FieldError {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX ? null : 'accounts.error.passwordLength';
}

export function checkLoginPassword(password: string): FieldError {
  if (password === '') return 'accounts.error.passwordRequired';
  return password.length <= PASSWORD_MAX ? null : 'accounts.error.passwordLength';
}

export function checkOtp(code: string): FieldError {
  return OTP_PATTERN.test(code) ? null : 'accounts.error.code';
}

export function checkInvite(code: string): FieldError {
  return code === '' || INVITE_PATTERN.test(code) ? null : 'accounts.error.invite';
}

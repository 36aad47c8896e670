import { describe, expect, it } from 'vitest';
import { checkInvite, checkLoginPassword, checkNewPassword, checkOtp, checkPhone, normalisePhone } from './validation';

describe('account form rules', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98-7654-3210', '9876543210'],
  ])('normalises %s to the bare number', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it('accepts 10-digit numbers starting 6 to 9 only', () => {
    expect(checkPhone('6000000000')).toBeNull();
    expect(checkPhone('9999999999')).toBeNull();
    for (const bad of ['5999999999', '999999999', '99999999999', '99999x9999', '']) expect(checkPhone(bad)).toBe('accounts.error.phone');
  });

  it('bounds new passwords to 8..64 characters', () => {
    expect(checkNewPassword('a'.repeat(7))).toBe('accounts.error.passwordLength');
    expect(checkNewPassword('a'.repeat(8))).toBeNull();
    expect(checkNewPassword('a'.repeat(64))).toBeNull();
    expect(checkNewPassword('a'.repeat(65))).toBe('accounts.error.passwordLength');
    expect(checkLoginPassword('')).toBe('accounts.error.passwordRequired');
    expect(checkLoginPassword('short')).toBeNull();
  });

  it('checks codes and invite codes', () => {
    expect(checkOtp('123456')).toBeNull();
    expect(checkOtp('12345')).toBe('accounts.error.code');
    expect(checkOtp('12345a')).toBe('accounts.error.code');
    expect(checkInvite('')).toBeNull();
    expect(checkInvite('AB12')).toBeNull();
    expect(checkInvite('AB1')).toBe('accounts.error.invite');
    expect(checkInvite('AB-12')).toBe('accounts.error.invite');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTimeIst, formatMoneyMinor, formatNumber } from './format';
import { setLocale } from './i18n';

describe('formatNumber', () => {
  it('formats in the English locale', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-42.5)).toBe('-42.5');
  });

  it('formats compactly on request', () => {
    expect(formatNumber(1234, { compact: true })).toBe('1.2K');
    expect(formatNumber(2_500_000, { compact: true })).toBe('2.5M');
    expect(formatNumber(999, { compact: true })).toBe('999');
  });
});

describe('formatMoneyMinor', () => {
  it('formats paise as rupees', () => {
    expect(formatMoneyMinor(123450)).toBe('₹1,234.50');
    expect(formatMoneyMinor(0)).toBe('₹0.00');
    expect(formatMoneyMinor(5)).toBe('₹0.05');
    expect(formatMoneyMinor(100)).toBe('₹1.00');
  });

  it('formats negative amounts, including less than one rupee', () => {
    expect(formatMoneyMinor(-123450)).toBe('-₹1,234.50');
    expect(formatMoneyMinor(-5)).toBe('-₹0.05');
  });

  it('has no float drift, even at the largest safe integer', () => {
    // 0.1 + 0.2 style errors would show up here if the amount passed through a float division.
    expect(formatMoneyMinor(1999)).toBe('₹19.99');
    expect(formatMoneyMinor(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });

  it('follows the currency’s own minor digits', () => {
    expect(formatMoneyMinor(123450, 'USD')).toBe('$1,234.50');
    // en-IN names the yen JP¥ (CLDR), as it names the rupee ₹.
    expect(formatMoneyMinor(1234, 'JPY')).toBe('JP¥1,234');
  });

  describe('in either language', () => {
    afterEach(() => setLocale('en'));

    it('writes a lakh the Indian way in English and in Hindi alike (one money format)', async () => {
      expect(formatMoneyMinor(100_000_00)).toBe('₹1,00,000.00');
      expect(formatMoneyMinor(12_34_567_89)).toBe('₹12,34,567.89');
      await setLocale('hi');
      expect(formatMoneyMinor(100_000_00)).toBe('₹1,00,000.00');
      expect(formatMoneyMinor(12_34_567_89)).toBe('₹12,34,567.89');
    });
  });

  it('rejects amounts that are not safe integers', () => {
    expect(() => formatMoneyMinor(12.5)).toThrow(RangeError);
    expect(() => formatMoneyMinor(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => formatMoneyMinor(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDateTimeIst', () => {
  it('shows a moment in India Standard Time (UTC+5:30)', () => {
    expect(formatDateTimeIst(new Date('2026-11-22T04:35:09Z'))).toBe('2026-11-22 10:05:09');
  });

  it('moves to the next IST day shortly before midnight UTC', () => {
    expect(formatDateTimeIst(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23 00:00:00');
    expect(formatDateTimeIst(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01 05:29:59');
  });

  it('stays on the same IST day just before 18:30 UTC', () => {
    expect(formatDateTimeIst(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22 23:59:59');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateTimeIst(0)).toBe('1970-01-01 05:30:00');
  });
});

import { describe, expect, it } from 'vitest';
import { checkAmount, minorToInputText, modestTransferMinor, parseRupeesToMinor, type AmountCheck } from './amount';

const LIMITS = { minMinor: 100_00, maxMinor: 50_000_00 };

describe('parseRupeesToMinor', () => {
  it.each<[string, AmountCheck]>([
    ['500', { ok: true, amountMinor: 500_00 }],
    ['500.5', { ok: true, amountMinor: 500_50 }],
    ['500.05', { ok: true, amountMinor: 500_05 }],
    ['500.', { ok: true, amountMinor: 500_00 }],
    ['0.29', { ok: true, amountMinor: 29 }],
    // 0.1 + 0.2 style float errors: 1.15 * 100 is 114.99999999999999 in floating point
    ['1.15', { ok: true, amountMinor: 115 }],
    ['4.35', { ok: true, amountMinor: 435 }],
    ['1,500.50', { ok: true, amountMinor: 1_500_50 }],
    ['1,00,000', { ok: true, amountMinor: 1_00_000_00 }],
    ['₹ 500', { ok: true, amountMinor: 500_00 }],
    ['  250  ', { ok: true, amountMinor: 250_00 }],
    ['007', { ok: true, amountMinor: 7_00 }],
    ['', { ok: false, problem: 'empty' }],
    ['   ', { ok: false, problem: 'empty' }],
    ['abc', { ok: false, problem: 'invalid' }],
    ['-500', { ok: false, problem: 'invalid' }],
    ['5e3', { ok: false, problem: 'invalid' }],
    ['.5', { ok: false, problem: 'invalid' }],
    ['1.2.3', { ok: false, problem: 'invalid' }],
    ['500 rupees', { ok: false, problem: 'invalid' }],
    ['Infinity', { ok: false, problem: 'invalid' }],
    ['500.123', { ok: false, problem: 'too_precise' }],
    ['99999999999999999999', { ok: false, problem: 'above_max' }],
  ])('reads %j', (text, expected) => {
    expect(parseRupeesToMinor(text)).toEqual(expected);
  });

  it('returns safe integers for the largest accepted whole amount', () => {
    const result = parseRupeesToMinor('9999999999999.99');
    expect(result).toEqual({ ok: true, amountMinor: 999_999_999_999_999 });
    expect(Number.isSafeInteger(result.ok && result.amountMinor)).toBe(true);
  });
});

describe('checkAmount', () => {
  it.each<[string, AmountCheck]>([
    ['100', { ok: true, amountMinor: 100_00 }],
    ['99.99', { ok: false, problem: 'below_min' }],
    ['0', { ok: false, problem: 'below_min' }],
    ['50000', { ok: true, amountMinor: 50_000_00 }],
    ['50000.01', { ok: false, problem: 'above_max' }],
    ['not a number', { ok: false, problem: 'invalid' }],
    ['', { ok: false, problem: 'empty' }],
  ])('checks %j against 100..50,000 rupees', (text, expected) => {
    expect(checkAmount(text, LIMITS)).toEqual(expected);
  });
});

describe('minorToInputText', () => {
  it.each([
    [500_00, '500'],
    [500_50, '500.50'],
    [500_05, '500.05'],
    [1_000_00, '1000'],
  ])('%i paise shows as %j', (minor, text) => {
    expect(minorToInputText(minor)).toBe(text);
    expect(parseRupeesToMinor(text)).toEqual({ ok: true, amountMinor: minor });
  });
});

describe('modestTransferMinor', () => {
  it('proposes ₹100, not the whole main balance', () => {
    expect(modestTransferMinor(500_00, 100)).toBe(100_00);
    expect(modestTransferMinor(1_00_000_00, 100)).toBe(100_00);
  });

  it('never proposes more than the balance, nor less than the vendor’s minimum', () => {
    expect(modestTransferMinor(14_84, 100)).toBe(14_84);
    expect(modestTransferMinor(5_000_00, 500_00)).toBe(500_00);
    expect(modestTransferMinor(300_00, 500_00)).toBe(300_00);
  });
});

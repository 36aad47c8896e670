import { describe, expect, it } from 'vitest';
import { normalizeUtr, validateUtr } from './utr';

describe('validateUtr', () => {
  it.each([
    ['123456789012', null],
    ['1234 5678 9012', null],
    [' 123456789012 ', null],
    ['', 'empty'],
    ['   ', 'empty'],
    ['12345678901', 'format'],
    ['1234567890123', 'format'],
    ['12345678901a', 'format'],
    ['１２３４５６７８９０１２', 'format'], // full-width digits are not what banks print
    ['-12345678901', 'format'],
  ])('%j -> %s', (text, problem) => {
    expect(validateUtr(text)).toBe(problem);
  });

  it('sends the UTR without the spaces players copy along', () => {
    expect(normalizeUtr(' 1234 5678\t9012 ')).toBe('123456789012');
  });
});

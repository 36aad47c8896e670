import { describe, expect, it } from 'vitest';
import { ageInYears, maskPan, sniffDocumentType } from './rules';

describe('KYC rules', () => {
  it('counts age in whole years and knows documents by their first bytes', () => {
    expect(ageInYears('2008-11-23', '2026-11-23')).toBe(18);
    expect(ageInYears('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(maskPan('ABCDE1234F')).toBe('ABCDE••••F');
  });
});

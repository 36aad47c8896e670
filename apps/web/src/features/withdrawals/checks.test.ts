import { AddPayoutMethodInputSchema, KycSubmitInputSchema, PanSchema } from '@colorplay/contract';
import { describe, expect, it } from 'vitest';
import { ageInYears, checkAccountNumber, checkAddress, checkDateOfBirth, checkDocument, checkHolder, checkIfsc, checkPan, checkVpa, fileToBase64, formatBytes, todayIst, withdrawalFeeMinor } from './checks';

/** The browser's checks must agree with the contract's schemas, value by value. */
describe('withdraw and KYC checks mirror the contract', () => {
  const agree = (value: string, local: (v: string) => unknown, schema: (v: string) => boolean) => expect(local(value) === null).toBe(schema(value));

  it.each(['name@okbank', 'a.b-c_d@ybl', 'x@y', '@bank', 'name@', 'name@1bank', 'na me@bank', 'name@bank.co.in'])('UPI ID %j', (vpa) => {
    agree(vpa, checkVpa, (v) => AddPayoutMethodInputSchema.safeParse({ kind: 'upi', vpa: v }).success);
  });

  it.each(['HDFC0001234', 'SBIN0ABC123', 'HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345'])('IFSC %j', (ifsc) => {
    agree(ifsc, checkIfsc, (v) => AddPayoutMethodInputSchema.safeParse({ kind: 'bank', accountHolder: 'Asha Rao', accountNumber: '123456789', ifsc: v }).success);
  });

  it.each(['123456789', '123456789012345678', '12345678', '1234567890123456789', '12345678a'])('account number %j', (n) => {
    agree(n, checkAccountNumber, (v) => AddPayoutMethodInputSchema.safeParse({ kind: 'bank', accountHolder: 'Asha Rao', accountNumber: v, ifsc: 'HDFC0001234' }).success);
  });

  it.each(['Asha Rao', "D'Souza-Pinto Jr.", 'A', '1Asha', 'Asha_Rao'])('account holder %j', (name) => {
    agree(name, checkHolder, (v) => AddPayoutMethodInputSchema.safeParse({ kind: 'bank', accountHolder: v, accountNumber: '123456789', ifsc: 'HDFC0001234' }).success);
  });

  it.each([`0x${'a'.repeat(40)}`, `0x${'A1'.repeat(20)}`, `0x${'a'.repeat(39)}`, `0x${'g'.repeat(40)}`, 'a'.repeat(42)])('USDT address %j', (address) => {
    agree(address, checkAddress, (v) => AddPayoutMethodInputSchema.safeParse({ kind: 'usdt', address: v }).success);
  });

  it.each(['ABCDE1234F', 'ABCD12345F', 'ABCDE12345', 'ABCDE1234', 'ABCDE1234FG'])('PAN %j', (pan) => {
    agree(pan, checkPan, (v) => PanSchema.safeParse(v).success);
  });

  it('sends a KYC body the contract accepts', async () => {
    const base64 = await fileToBase64(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])]));
    expect(base64).toBe('/9j/4AAQ');
    expect(KycSubmitInputSchema.safeParse({ fullName: 'Asha Rao', dateOfBirth: '1990-05-17', panNumber: 'ABCDE1234F', document: { base64, fileName: 'pan.jpg' } }).success).toBe(true);
  });
});

describe('age, documents and fees', () => {
  it('counts whole years in calendar terms, birthdays on 29 February included', () => {
    expect(ageInYears('2008-11-23', '2026-11-23')).toBe(18);
    expect(ageInYears('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageInYears('2008-02-30', '2026-03-01')).toBeNull();
    expect(ageInYears('', '2026-03-01')).toBeNull();
  });

  it('refuses a future or missing date and an age under the limit', () => {
    expect(checkDateOfBirth('2030-01-01', '2026-11-23', 18)).toBe('kyc.error.dateOfBirth');
    expect(checkDateOfBirth('', '2026-11-23', 18)).toBe('kyc.error.dateOfBirth');
    expect(checkDateOfBirth('2008-11-24', '2026-11-23', 18)).toEqual({ key: 'kyc.error.underAge', params: { age: 18 } });
    expect(checkDateOfBirth('2008-11-23', '2026-11-23', 18)).toBeNull();
  });

  it('uses the Indian calendar day for today', () => {
    expect(todayIst(Date.parse('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(todayIst(Date.parse('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
  });

  it('checks a document by type and size', () => {
    const types = ['image/jpeg', 'image/png', 'application/pdf'];
    expect(checkDocument(null, types, 1000, '1 KB')).toBe('kyc.error.document');
    expect(checkDocument({ type: 'image/gif', size: 10 }, types, 1000, '1 KB')).toBe('kyc.error.documentType');
    expect(checkDocument({ type: 'application/pdf', size: 1001 }, types, 1000, '1 KB')).toEqual({ key: 'kyc.error.documentSize', params: { max: '1 KB' } });
    expect(checkDocument({ type: 'application/pdf', size: 1000 }, types, 1000, '1 KB')).toBeNull();
    expect(checkDocument({ type: 'image/png', size: 0 }, types, 1000, '1 KB')).toBe('kyc.error.document');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
  });

  it('computes the fee as the server does: fixed plus floor of the basis points', () => {
    expect(withdrawalFeeMinor(200_00, 0, 0)).toBe(0);
    expect(withdrawalFeeMinor(200_00, 10_00, 100)).toBe(12_00);
    expect(withdrawalFeeMinor(199, 0, 100)).toBe(1);
  });
});

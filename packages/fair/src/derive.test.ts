import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './bytes';
import { deriveDigit, deriveFromFirstMac, macWords, pickFromMac, REJECTION_BOUND } from './derive';
import { deriveDigitSync } from './node';
import { hmacSha256 } from './web-crypto';

/** A 32-byte MAC made of the given 32-bit words, big-endian. */
function macOf(words: number[]): Uint8Array {
  const mac = new Uint8Array(32);
  const view = new DataView(mac.buffer);
  words.forEach((w, i) => view.setUint32(i * 4, w, false));
  return mac;
}

describe('word reading and rejection', () => {
  it('reads eight big-endian words in byte order', () => {
    const mac = hexToBytes('0000000100000002fffffffe0a0b0c0d' + '00'.repeat(16))!;
    expect(macWords(mac)).toEqual([1, 2, 0xfffffffe, 0x0a0b0c0d, 0, 0, 0, 0]);
  });

  it('puts the bound at the largest multiple of 10 that fits in 32 bits', () => {
    expect(REJECTION_BOUND).toBe(4_294_967_290);
    expect(REJECTION_BOUND % 10).toBe(0);
    expect(2 ** 32 - REJECTION_BOUND).toBeLessThan(10);
  });

  it('accepts the word just below the bound and rejects the bound itself', () => {
    expect(pickFromMac(macOf([REJECTION_BOUND - 1, 3]))).toEqual({ wordIndex: 0, word: 4_294_967_289, digit: 9 });
    expect(pickFromMac(macOf([REJECTION_BOUND, 3]))).toEqual({ wordIndex: 1, word: 3, digit: 3 });
  });

  it('moves to the next word when the first is rejected, and on past several', () => {
    const words = [0xffffffff, 0xfffffffa, 0xfffffffc, 1234567, 8, 9, 10, 11];
    expect(pickFromMac(macOf(words))).toEqual({ wordIndex: 3, word: 1234567, digit: 7 });
  });

  it('gives null when all eight words are rejected', () => {
    expect(pickFromMac(macOf(Array(8).fill(REJECTION_BOUND)))).toBeNull();
  });

  it('falls back to mac[1] = HMAC(link, mac[0]) when every word of mac[0] is rejected', async () => {
    // No real link and period give such a MAC (probability about 10^-71), so the loop is
    // started from a constructed one; mac[1] is computed independently with node:crypto.
    const link = createHash('sha256').update('fallback link').digest();
    const mac0 = macOf([0xffffffff, 0xfffffffa, 0xfffffffb, 0xfffffffc, 0xfffffffd, 0xfffffffe, 0xffffffff, REJECTION_BOUND]);
    const mac1 = createHmac('sha256', link).update(mac0).digest();
    const firstWord = mac1.readUInt32BE(0);
    expect(firstWord).toBeLessThan(REJECTION_BOUND);
    const d = await deriveFromFirstMac(link, mac0, hmacSha256);
    expect(d.macIndex).toBe(1);
    expect(d.macsHex).toEqual([bytesToHex(mac0), mac1.toString('hex')]);
    expect(d.rejectedWords).toEqual(macWords(mac0));
    expect(d).toMatchObject({ wordIndex: 0, word: firstWord, digit: firstWord % 10 });
  });
});

describe('deriving a digit', () => {
  it('takes the first word of HMAC(link, period) mod 10 in the common case (openssl vector)', async () => {
    // mac[0] = a79bfdbf...: first word 0xa79bfdbf = 2812018111, digit 1.
    const d = await deriveDigit('aa'.repeat(32), '202611230600001');
    expect(d).toEqual({
      digit: 1,
      macsHex: ['a79bfdbf7cb3752f4737418ad1e5a03309ce0ae4632c083a9e6377b1af47969d'],
      macIndex: 0,
      wordIndex: 0,
      word: 2_812_018_111,
      rejectedWords: [],
    });
  });

  it('gives the same derivation on the WebCrypto and node:crypto paths', async () => {
    for (let i = 0; i < 200; i++) {
      const link = createHash('sha256').update(`link ${i}`).digest('hex');
      const period = `20261123180${String(i).padStart(4, '0')}`;
      expect(await deriveDigit(link, period)).toEqual(deriveDigitSync(link, period));
    }
  });

  it('refuses a link that is not 64 hex characters', async () => {
    await expect(deriveDigit('abc', '1')).rejects.toThrow(/64 hex/);
  });

  it('spreads 100,000 derivations evenly over the ten digits (chi-square, 9 degrees of freedom)', () => {
    // Deterministic inputs (a chain-like sequence of links and real-looking periods), so this
    // is a fixed check, not a flaky one. 27.88 is the 0.999 quantile of chi-square with 9 df.
    const counts = new Array<number>(10).fill(0);
    let link: Uint8Array = createHash('sha256').update('uniformity').digest();
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      link = createHash('sha256').update(link).digest();
      counts[deriveDigitSync(link, `20261123030${String(i % 2880).padStart(4, '0')}`).digit]!++;
    }
    const expected = n / 10;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
    for (const c of counts) expect(Math.abs(c - expected)).toBeLessThan(expected * 0.05);
  });
});

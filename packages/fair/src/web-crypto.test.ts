import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, parseLink, periodBytes } from './bytes';
import { hmacSha256Sync, sha256Sync } from './node';
import { hmacSha256, sha256 } from './web-crypto';

const hex = (s: string) => hexToBytes(s)!;
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('SHA-256 and HMAC-SHA256 known answers', () => {
  it('matches FIPS 180-2 SHA-256("abc") on both paths', async () => {
    const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(bytesToHex(await sha256(utf8('abc')))).toBe(expected);
    expect(bytesToHex(sha256Sync(utf8('abc')))).toBe(expected);
  });

  it('matches RFC 4231 test cases 1 and 2 on both paths', async () => {
    const cases = [
      { key: hex('0b'.repeat(20)), msg: utf8('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
      { key: utf8('Jefe'), msg: utf8('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
    ];
    for (const c of cases) {
      expect(bytesToHex(await hmacSha256(c.key, c.msg))).toBe(c.mac);
      expect(bytesToHex(hmacSha256Sync(c.key, c.msg))).toBe(c.mac);
    }
  });

  it('matches a vector computed with openssl (32-byte link key, period message)', async () => {
    // printf '202611230600001' | openssl dgst -sha256 -mac HMAC -macopt hexkey:aaaa...aa (32 bytes)
    const key = hex('aa'.repeat(32));
    expect(bytesToHex(await hmacSha256(key, periodBytes('202611230600001')))).toBe(
      'a79bfdbf7cb3752f4737418ad1e5a03309ce0ae4632c083a9e6377b1af47969d',
    );
    // echo -n aa..aa | xxd -r -p | sha256sum: the chain hashes raw bytes, not hex text.
    expect(bytesToHex(await sha256(key))).toBe('e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e');
  });

  it('agrees with node:crypto on many deterministic inputs', async () => {
    let key = new Uint8Array(32);
    for (let i = 0; i < 200; i++) {
      key = createHash('sha256').update(`key ${i}`).digest();
      const msg = utf8(`2026112303000${i}`);
      expect(bytesToHex(await hmacSha256(key, msg))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
      expect(bytesToHex(await sha256(key))).toBe(createHash('sha256').update(key).digest('hex'));
    }
  });
});

describe('encodings', () => {
  it('round-trips hex and accepts either case, normalising to lowercase', () => {
    const bytes = Uint8Array.from([0, 1, 0xab, 0xff]);
    expect(bytesToHex(bytes)).toBe('0001abff');
    expect(hexToBytes('0001ABff')).toEqual(bytes);
  });

  it('refuses what is not a 32-byte hex link', () => {
    expect(parseLink('ab'.repeat(32))).not.toBeNull();
    expect(parseLink('ab'.repeat(31))).toBeNull();
    expect(parseLink('ab'.repeat(33))).toBeNull();
    expect(parseLink('zz'.repeat(32))).toBeNull();
    expect(parseLink('a'.repeat(63))).toBeNull();
  });

  it('encodes the period as UTF-8 with no terminator', () => {
    expect(bytesToHex(periodBytes('20261123'))).toBe('3230323631313233');
    expect(periodBytes('é')).toEqual(Uint8Array.from([0xc3, 0xa9]));
  });
});

import { describe, expect, it } from 'vitest';
import { MINUTE_ROOMS } from './game';
import { roundByOrdinal } from './rounds';
import {
  estimateTrxDecidingNumber,
  isTrxDecidingBlock,
  TRX_WIN,
  trxDecidingSlotMs,
  trxDigit,
  tronBlockNumberOfId,
} from './trx';
import { WINGO } from './wingo';

const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));
// Block number 0x0000000004a817c8 = 78,125,000 followed by 24 bytes of header hash.
const id = (tail48: string) => hex(`0000000004a817c8${tail48}`);

describe('Trx Win digit from a block id', () => {
  it('reads the last 24 bytes right to left and takes the first decimal character', () => {
    expect(trxDigit(id('0'.repeat(47) + '7'))).toMatchObject({ digit: 7, charIndex: 47, fallback: false });
    expect(trxDigit(id('1' + 'a'.repeat(44) + '3fe'))).toMatchObject({ digit: 3, charIndex: 45 });
    expect(trxDigit(id('9' + 'b'.repeat(47)))).toMatchObject({ digit: 9, charIndex: 0 });
  });

  it('never reads the block-number prefix, and falls back to the last letter when no digit is left', () => {
    expect(trxDigit(id('c'.repeat(48)))).toMatchObject({ digit: 2, fallback: true });
    expect(trxDigit(id('a'.repeat(47) + 'f'))).toMatchObject({ digit: 5, fallback: true });
    expect(tronBlockNumberOfId(id('0'.repeat(48)))).toBe(78_125_000);
    expect(() => trxDigit(hex('00'.repeat(31)))).toThrow(RangeError);
  });

  it('is exactly uniform: over all 16^4 endings, each digit comes from (16^4 - 6^4) / 10 = 6,424', () => {
    const counts = Array(10).fill(0);
    let fallbacks = 0;
    for (let n = 0; n < 16 ** 4; n++) {
      const r = trxDigit(id('e'.repeat(44) + n.toString(16).padStart(4, '0')));
      if (r.fallback) fallbacks++;
      else counts[r.digit]++;
    }
    expect(counts).toEqual(Array(10).fill(6_424));
    expect(fallbacks).toBe(6 ** 4);
  });

  it('plays Wingo\'s selections and payouts', () => {
    expect(TRX_WIN.selections).toEqual(WINGO.selections);
    for (const s of WINGO.selections) for (const d of TRX_WIN.outcomes()) expect(TRX_WIN.payoutRatio(s, d)).toEqual(WINGO.payoutRatio(s, d));
    expect(TRX_WIN.outcomeFromBytes(id('0'.repeat(47) + '4'))).toEqual({ outcome: 4, words: [] });
  });
});

describe('Trx Win deciding block', () => {
  it('is the first 3-s slot strictly after the lock: 2 s after it, 3 s before the draw in every room', () => {
    for (const room of Object.values(MINUTE_ROOMS)) {
      for (const ordinal of [0, 1, 12_345, 29_000_000]) {
        const round = roundByOrdinal(room, ordinal);
        const slot = trxDecidingSlotMs(round.locksAtMs);
        expect(slot - round.locksAtMs).toBe(2_000);
        expect(round.drawsAtMs - slot).toBe(3_000);
      }
    }
    expect(trxDecidingSlotMs(3_000)).toBe(6_000); // a block exactly at the lock is not after it
    expect(trxDecidingSlotMs(2_999)).toBe(3_000);
  });

  it('is recognised from two headers, exactly one per chain', () => {
    const lock = 1_764_000_001_000;
    const chain = [
      { number: 100, timestampMs: lock - 7_000 },
      // the slot at lock - 4 s was missed
      { number: 101, timestampMs: lock - 1_000 },
      { number: 102, timestampMs: lock + 2_000 },
      { number: 103, timestampMs: lock + 5_000 },
    ];
    const deciding = chain.slice(1).filter((b, i) => isTrxDecidingBlock(b, chain[i]!, lock));
    expect(deciding).toEqual([chain[2]]);
    expect(isTrxDecidingBlock({ number: 101, timestampMs: lock }, chain[0]!, lock)).toBe(false);
    expect(isTrxDecidingBlock({ number: 105, timestampMs: lock + 2_000 }, chain[1]!, lock)).toBe(false);
    // From block 100 the estimate assumes no missed slot (103); the earlier miss makes it 102.
    expect(estimateTrxDecidingNumber(chain[0]!, lock)).toBe(103);
    expect(estimateTrxDecidingNumber(chain[1]!, lock)).toBe(102);
  });
});

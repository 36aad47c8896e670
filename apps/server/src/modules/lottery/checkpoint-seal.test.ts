import { describe, expect, it } from 'vitest';
import { createCheckpointSeal, isLegacyPlain } from './checkpoint-seal';

const link = 'ab'.repeat(32);
const place = { game: 'wingo', roomId: '1m', firstOrdinal: 1200, k: 5000 };

describe('checkpoint sealing', () => {
  it('round-trips a link and never stores it in the clear', () => {
    const seal = createCheckpointSeal('s'.repeat(40));
    const stored = seal.seal(place, link);
    expect(stored).not.toContain(link);
    expect(isLegacyPlain(stored)).toBe(false);
    expect(seal.open(place, stored)).toBe(link);
    // A fresh nonce each time: equal links do not give equal rows.
    expect(seal.seal(place, link)).not.toBe(stored);
  });

  it('refuses another key, another row, and a tampered value', () => {
    const seal = createCheckpointSeal('s'.repeat(40));
    const stored = seal.seal(place, link);
    expect(() => createCheckpointSeal('t'.repeat(40)).open(place, stored)).toThrow();
    expect(() => seal.open({ ...place, k: 4000 }, stored)).toThrow();
    expect(() => seal.open({ ...place, roomId: '30s' }, stored)).toThrow();
    const flipped = stored.slice(0, -2) + (stored.endsWith('A') ? 'B' : 'A') + stored.slice(-1);
    expect(() => seal.open(place, flipped)).toThrow();
    expect(() => seal.open(place, 'garbage')).toThrow();
  });

  it('reads a legacy plaintext checkpoint so an existing install keeps drawing', () => {
    expect(createCheckpointSeal('s'.repeat(40)).open(place, link)).toBe(link);
  });
});

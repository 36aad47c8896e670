import { describe, expect, it } from 'vitest';
import { loadVendorGames } from './games';
import { exactRtp, paytableFor, spin, TOTAL_WEIGHT } from './slot';

/** A seeded generator (mulberry32): the simulation is repeatable, and fast enough for millions of spins. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slotGames = [...loadVendorGames().values()].filter((g) => g.engine === 'slot');

describe('slot paytable', () => {
  it('every catalog slot game returns exactly its configured RTP (analytically)', () => {
    expect(slotGames.length).toBeGreaterThan(50);
    for (const g of slotGames) {
      const table = paytableFor(g.rtpBasisPoints);
      expect(table.losingWeight).toBeGreaterThan(0);
      expect(table.lines.every((l) => Number.isInteger(l.weight) && l.weight > 0)).toBe(true);
      expect(table.lines.reduce((s, l) => s + l.weight, 0) + table.losingWeight).toBe(TOTAL_WEIGHT);
      expect(exactRtp(table)).toBeCloseTo(g.rtpBasisPoints / 10_000, 12);
    }
  });

  it('refuses an RTP it cannot pay', () => {
    expect(() => paytableFor(12_000)).toThrow(RangeError);
    expect(() => paytableFor(96.5)).toThrow(RangeError);
  });

  it('a losing line never shows three of a kind; a winning one always does', () => {
    const table = paytableFor(9650);
    for (let look = 0; look < 216; look++) {
      const lose = spin(table, TOTAL_WEIGHT - 1, look);
      expect(lose.multiplier).toBe(0);
      expect(new Set(lose.reels).size).toBeGreaterThan(1);
    }
    expect(spin(table, 0, 0)).toEqual({ reels: ['seven', 'seven', 'seven'], multiplier: 50 });
  });

  // The lowest and the highest RTP in the catalog, 2,000,000 spins each (standard error about 0.16 pp).
  const extremes = [
    slotGames.reduce((a, b) => (b.rtpBasisPoints < a.rtpBasisPoints ? b : a)),
    slotGames.reduce((a, b) => (b.rtpBasisPoints > a.rtpBasisPoints ? b : a)),
  ];
  it.each(extremes.map((g) => [g.title, g.rtpBasisPoints] as const))('simulation of %s (%i bp) lands within 0.5 pp', (_title, rtp) => {
    const table = paytableFor(rtp);
    const next = rng(rtp);
    const spins = 2_000_000;
    let paid = 0;
    for (let i = 0; i < spins; i++) paid += spin(table, Math.floor(next() * TOTAL_WEIGHT), 0).multiplier;
    const measured = (paid / spins) * 100;
    expect(Math.abs(measured - rtp / 100)).toBeLessThan(0.5);
  });
});

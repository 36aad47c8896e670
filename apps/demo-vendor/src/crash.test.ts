import { describe, expect, it } from 'vitest';
import { commitmentOf, crashPayout, crashPointOf, crashRound, roundUniform } from './crash';

describe('crash fairness', () => {
  const seed = 'a'.repeat(64);

  it('the round is a pure function of the revealed seed, the client seed and the nonce', () => {
    expect(crashRound(seed, 'player', 0, 9700)).toBe(crashRound(seed, 'player', 0, 9700));
    expect(roundUniform(seed, 'player', 0)).not.toBe(roundUniform(seed, 'player', 1));
    expect(roundUniform(seed, 'player', 0)).not.toBe(roundUniform(seed, 'other', 0));
    // The commitment shown before the round matches the seed revealed after it, and no other.
    expect(commitmentOf(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(seed)).not.toBe(commitmentOf('b'.repeat(64)));
  });

  it('P(crash >= t) = R / t (exactly, for the boundary draws)', () => {
    const r = 0.97;
    for (const t of [1.01, 1.5, 2, 10, 100]) {
      // The smallest u that reaches t is 1 - R/t: just above it reaches, just below does not.
      const u = 1 - r / t;
      expect(crashPointOf(u + 1e-12, 9700)).toBeGreaterThanOrEqual(t);
      expect(crashPointOf(u - 1e-9, 9700)).toBeLessThan(t);
    }
    expect(crashPointOf(0, 9700)).toBe(1);
  });

  it('1,000,000 HMAC rounds: the return to player of a 2x cash-out is within 0.5 pp of the configured RTP', () => {
    const rtp = 9683;
    const rounds = 1_000_000;
    {
      const target = 2;
      let paid = 0;
      for (let n = 0; n < rounds; n++) paid += crashPayout(crashRound(seed, 'sim', n, rtp), target);
      expect(Math.abs((paid / rounds) * 100 - rtp / 100)).toBeLessThan(0.5);
    }
  }, 120_000);

  it('payout is the target when the round got there, else nothing', () => {
    expect(crashPayout(2.5, 2)).toBe(2);
    expect(crashPayout(1.99, 2)).toBe(0);
  });
});

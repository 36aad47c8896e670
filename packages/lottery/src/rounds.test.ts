import { describe, expect, it } from 'vitest';
import { DAY_MS, defineRoom, roundAfter, roundAt, roundByOrdinal, roundOfPeriod, roundPhase, secondsToDraw, WINGO_ROOMS } from './rounds';

const { '30s': R30, '1m': R1, '3m': R3, '5m': R5 } = WINGO_ROOMS;
// A fake clock: fixed instants, never the machine's time.
const at = (iso: string) => Date.parse(iso);
const MIDNIGHT_IST = at('2026-11-22T18:30:00Z'); // 2026-11-23 00:00:00 +05:30

describe('rooms', () => {
  it('has the four Wingo rooms with their codes and rounds per day', () => {
    expect(Object.values(WINGO_ROOMS).map((r) => [r.id, r.code, r.roundMs, r.lockMs, r.roundsPerDay, r.sequenceDigits])).toEqual([
      ['30s', '030', 30_000, 5_000, 2880, 4],
      ['1m', '060', 60_000, 5_000, 1440, 4],
      ['3m', '180', 180_000, 5_000, 480, 4],
      ['5m', '300', 300_000, 5_000, 288, 4],
    ]);
  });

  it('refuses a round length that does not divide a day, a lock as long as the round, a non-digit code', () => {
    expect(() => defineRoom('7s', '007', 7_000, 1_000)).toThrow(/divide a day/);
    expect(() => defineRoom('x', '010', 10_000, 10_000)).toThrow(/shorter/);
    expect(() => defineRoom('x', 'A1', 10_000, 1_000)).toThrow(/digits/);
    expect(defineRoom('1s', '001', 1_000, 0).sequenceDigits).toBe(5);
  });
});

describe('period numbers and times', () => {
  it('starts each IST day at sequence 0001, opening at 00:00 IST', () => {
    const r = roundAt(R30, MIDNIGHT_IST);
    expect(r).toMatchObject({ period: '202611230300001', istDate: '20261123', sequence: 1 });
    expect(r.opensAtMs).toBe(MIDNIGHT_IST);
    expect(r.locksAtMs).toBe(MIDNIGHT_IST + 25_000);
    expect(r.drawsAtMs).toBe(MIDNIGHT_IST + 30_000);
    expect(roundAt(R1, MIDNIGHT_IST).period).toBe('202611230600001');
    expect(roundAt(R3, MIDNIGHT_IST).period).toBe('202611231800001');
    expect(roundAt(R5, MIDNIGHT_IST).period).toBe('202611233000001');
  });

  it('numbers rounds within the day from the IST clock, not the UTC one', () => {
    // 12:00:10 UTC is 17:30:10 IST: 1050 minutes into the IST day.
    const t = at('2026-11-23T12:00:10Z');
    expect(roundAt(R1, t).period).toBe('202611230601051');
    expect(roundAt(R30, t).period).toBe(`20261123030${String(2 * 1050 + 1)}`);
    expect(roundAt(R5, t).sequence).toBe(211);
    // 20:00 UTC on 22 November is already 23 November in India.
    expect(roundAt(R1, at('2026-11-22T20:00:00Z')).istDate).toBe('20261123');
  });

  it('ends the day with round 2880 of the 30 s room, drawn exactly at IST midnight, and goes on with 0001', () => {
    const last = roundAt(R30, MIDNIGHT_IST - 1);
    expect(last).toMatchObject({ period: '202611220302880', sequence: 2880, drawsAtMs: MIDNIGHT_IST });
    const first = roundAfter(R30, last);
    expect(first.period).toBe('202611230300001');
    expect(first.opensAtMs).toBe(last.drawsAtMs);
    expect(first.ordinal).toBe(last.ordinal + 1);
    expect(roundAfter(R30, first, -1)).toEqual(last);
    for (const room of [R1, R3, R5]) {
      const l = roundAt(room, MIDNIGHT_IST - 1);
      expect(l.sequence).toBe(room.roundsPerDay);
      expect(l.drawsAtMs).toBe(MIDNIGHT_IST);
    }
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(roundAt(R5, at('2027-12-31T18:30:00Z')).period).toBe('202801013000001');
    expect(roundAt(R5, at('2027-12-31T18:29:59.999Z')).period).toBe('202712313000288');
    expect(roundAt(R1, at('2028-02-28T18:30:00Z')).istDate).toBe('20280229');
    expect(roundAt(R1, at('2028-02-29T18:30:00Z')).istDate).toBe('20280301');
  });

  it('agrees with the platform calendar on the IST date over years of instants', () => {
    for (let t = at('2024-01-01T00:00:00Z'); t < at('2031-01-01T00:00:00Z'); t += 7 * 3_600_000 + 13 * 60_000) {
      const ist = new Date(t + 19_800_000).toISOString();
      const r = roundAt(R3, t);
      expect(r.istDate).toBe(ist.slice(0, 10).replaceAll('-', ''));
      expect(r.opensAtMs).toBeLessThanOrEqual(t);
      expect(r.drawsAtMs).toBeGreaterThan(t);
    }
  });

  it('keeps rounds contiguous: each round opens when the one before draws', () => {
    let r = roundAt(R30, MIDNIGHT_IST - 10 * 30_000);
    for (let i = 0; i < 40; i++) {
      const next = roundAfter(R30, r);
      expect(next.opensAtMs).toBe(r.drawsAtMs);
      expect(roundAt(R30, r.drawsAtMs)).toEqual(next);
      expect(roundAt(R30, r.drawsAtMs - 1)).toEqual(r);
      r = next;
    }
  });
});

describe('period to times (the inverse)', () => {
  it('gives back the round of every period it produced', () => {
    for (const room of Object.values(WINGO_ROOMS)) {
      for (let t = MIDNIGHT_IST - DAY_MS; t < MIDNIGHT_IST + DAY_MS; t += 7_777_777) {
        const r = roundAt(room, t);
        expect(roundOfPeriod(room, r.period)).toEqual(r);
      }
    }
    expect(roundOfPeriod(R30, '202611230302880')!.drawsAtMs).toBe(MIDNIGHT_IST + DAY_MS);
  });

  it('refuses periods that name no round of the room', () => {
    for (const p of [
      '202611230600001', // the 1-minute room's code
      '202611230300000', // sequence 0
      '202611230302881', // past the 30 s room's last round
      '20261123030001', // sequence too short
      '2026112303000001', // sequence too long
      '202602310300001', // 31 February
      '202702290300001', // not a leap year
      '202613010300001', // month 13
      '19691231030001' + '1', // before the epoch (and 19691231 is one digit off anyway)
      'abcdefgh0300001',
      '',
    ]) {
      expect(roundOfPeriod(R30, p), p).toBeNull();
    }
    expect(roundOfPeriod(R5, '202611233000289')).toBeNull();
    expect(roundOfPeriod(R5, '202611233000288')).not.toBeNull();
    expect(roundOfPeriod(R30, '202802290300001')).not.toBeNull();
  });
});

describe('phases: betting is locked in the last 5 s', () => {
  const r = roundAt(R1, MIDNIGHT_IST + 60_000 * 7 + 1);

  it('is open up to 5 s before the draw, locked for the last 5 s, due at the draw', () => {
    expect(roundPhase(r, r.opensAtMs - 1)).toBe('upcoming');
    expect(roundPhase(r, r.opensAtMs)).toBe('open');
    expect(roundPhase(r, r.drawsAtMs - 5_001)).toBe('open');
    expect(roundPhase(r, r.drawsAtMs - 5_000)).toBe('locked');
    expect(roundPhase(r, r.drawsAtMs - 1)).toBe('locked');
    expect(roundPhase(r, r.drawsAtMs)).toBe('due');
  });

  it('counts down whole seconds to the draw', () => {
    expect(secondsToDraw(r, r.opensAtMs)).toBe(60);
    expect(secondsToDraw(r, r.drawsAtMs - 5_000)).toBe(5);
    expect(secondsToDraw(r, r.drawsAtMs - 4_001)).toBe(5);
    expect(secondsToDraw(r, r.drawsAtMs - 1)).toBe(1);
    expect(secondsToDraw(r, r.drawsAtMs + 3_000)).toBe(0);
  });

  it('refuses a time or ordinal that is not a whole number', () => {
    expect(() => roundAt(R1, 1.5)).toThrow(RangeError);
    expect(() => roundByOrdinal(R1, -1)).toThrow(RangeError);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { WINGO_ROOM_IDS, WINGO_SELECTION_CODES } from '@colorplay/contract';
import { WINGO, WINGO_ROOMS, WINGO_SELECTIONS } from '@colorplay/lottery';
import { describe, expect, it } from 'vitest';
import { decideDraw, linkIndexOf, payoutTable, shardOf, trendStatistics, wingoBetOutcome } from './rules';
import { OWNED_TABLES } from './tables';

describe('lottery rules', () => {
  it('the contract names the same selections and rooms as the rule table', () => {
    expect([...WINGO_SELECTION_CODES]).toEqual([...WINGO_SELECTIONS]);
    expect([...WINGO_ROOM_IDS]).toEqual(Object.keys(WINGO_ROOMS));
  });

  it('owns exactly the lottery_ tables its migrations create', () => {
    const dir = new URL('../../../migrations/', import.meta.url);
    const sql = readdirSync(dir).map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
    const created = [...sql.matchAll(/CREATE TABLE (lottery_\w+)/g)].map((m) => m[1]);
    expect(created.sort()).toEqual([...OWNED_TABLES].sort());
  });

  it('draws however late, waits for a missing beacon value, voids only without a link or past the beacon limit', () => {
    const settings = { beaconGiveUpMs: 86_400_000 };
    const ready = { link: 'available', beacon: 'available' } as const;
    // Lateness plays no part: a week late is still a draw.
    expect(decideDraw({ drawsAtMs: 1_000 }, 1_000, ready, settings)).toEqual({ kind: 'draw' });
    expect(decideDraw({ drawsAtMs: 1_000 }, 7 * 86_400_000, ready, settings)).toEqual({ kind: 'draw' });
    expect(decideDraw({ drawsAtMs: 1_000 }, 7 * 86_400_000, { link: 'available', beacon: 'not_needed' }, settings)).toEqual({ kind: 'draw' });
    // No beacon value: wait, and refund only past the give-up limit.
    expect(decideDraw({ drawsAtMs: 1_000 }, 86_401_000, { link: 'available', beacon: 'missing' }, settings)).toEqual({ kind: 'wait' });
    expect(decideDraw({ drawsAtMs: 1_000 }, 86_401_001, { link: 'available', beacon: 'missing' }, settings)).toEqual({ kind: 'void', reason: 'beacon_unavailable' });
    // A lost link can never be drawn.
    expect(decideDraw({ drawsAtMs: 1_000 }, 1_000, { link: 'lost', beacon: 'available' }, settings)).toEqual({ kind: 'void', reason: 'link_lost' });
  });

  it('maps ordinals onto links one to one inside the chain only', () => {
    expect(linkIndexOf(100, { firstOrdinal: 100, length: 5 })).toBe(1);
    expect(linkIndexOf(104, { firstOrdinal: 100, length: 5 })).toBe(5);
    expect(linkIndexOf(105, { firstOrdinal: 100, length: 5 })).toBeNull();
    expect(linkIndexOf(99, { firstOrdinal: 100, length: 5 })).toBeNull();
  });

  it('spreads bets over every shard', () => {
    const seen = new Set(Array.from({ length: 2_000 }, (_, i) => shardOf(`bet_${i}`, 16)));
    expect(seen.size).toBe(16);
  });

  it('gives settlement the rule table for every selection and result', () => {
    for (let digit = 0; digit <= 9; digit++) {
      const table = payoutTable(WINGO, digit as never);
      table.selections.forEach((s, i) => {
        const r = WINGO.payoutRatio(s, digit as never);
        expect([table.nums[i], table.dens[i]]).toEqual(r ? [r.num, r.den] : [0, 1]);
        const outcome = wingoBetOutcome({ selection: s, contractMinor: 98, totalMinor: 100 }, { status: 'settled', digit });
        expect(outcome.payoutMinor).toBe(r ? Math.floor((98 * r.num) / r.den) : 0);
      });
    }
    expect(wingoBetOutcome({ selection: 'red', contractMinor: 98, totalMinor: 100 }, { status: 'voided', digit: null })).toEqual({ status: 'refunded', payoutMinor: 100 });
    expect(wingoBetOutcome({ selection: 'red', contractMinor: 98, totalMinor: 100 }, { status: 'drawn', digit: 2 }).status).toBe('pending');
  });

  it('computes the chart statistics', () => {
    const s = trendStatistics([1, 1, 5, 0, 9]);
    expect(s.frequency).toEqual([1, 2, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(s.missing).toEqual([1, 3, 5, 5, 5, 2, 5, 5, 5, 0]);
    expect(s.maxConsecutive[1]).toBe(2);
    expect(s.maxMissing[1]).toBe(3);
    expect([s.big, s.small]).toEqual([2, 3]);
    expect(s.colours).toEqual({ green: 4, red: 1, violet: 2 });
  });
});

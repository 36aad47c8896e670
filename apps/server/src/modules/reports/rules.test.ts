import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeDaysIn, addDays, cumulative, daysBetween, monthSlices, newActivePairs, playerMonths, type PlayerFact, type PlayerMonth } from './rules';

/**
 * The month rollup's pure rules (decision 445): a range's month slices, the per-day new active
 * pairs, and played sums read as differences of running sums, each against a direct computation.
 */
const EPOCH = '2026-01-25';
const dayArb = fc.integer({ min: 0, max: 70 }).map((n) => addDays(EPOCH, n));
const kindArb = fc.constantFrom('lottery_bet', 'vendor_bet', 'lottery_refund', 'vendor_rollback', 'lottery_payout', 'deposit', 'adjustment', 'vendor_transfer_in');
const factArb: fc.Arbitrary<PlayerFact> = fc.record({
  day: dayArb,
  playerId: fc.constantFrom('1', '2', '10'),
  kind: kindArb,
  amountMinor: fc.integer({ min: -5_000, max: 5_000 }),
  entries: fc.constant(1),
});
const rangeArb = fc.tuple(dayArb, dayArb).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));

/** Merges month rows as the table's upsert does: bits or-ed, played added day by day. */
function upsert(table: Map<string, PlayerMonth>, rows: readonly PlayerMonth[]): void {
  for (const r of rows) {
    const key = `${r.month} ${r.playerId}`;
    const had = table.get(key);
    table.set(key, had ? { ...r, activeDays: had.activeDays | r.activeDays, pnlDays: had.pnlDays | r.pnlDays, played: had.played.map((v, i) => v + r.played[i]!) } : r);
  }
}

describe('month slices', () => {
  it('cover each day of a range once, with the bits of those days', () => {
    fc.assert(
      fc.property(rangeArb, ({ from, to }) => {
        const covered = monthSlices(from, to).flatMap((s) => {
          const days = Array.from({ length: s.hi - s.lo + 1 }, (_, i) => `${s.month.slice(0, 8)}${String(s.lo + i).padStart(2, '0')}`);
          expect(s.mask).toBe(days.reduce((m, d) => m + 2 ** (Number(d.slice(8)) - 1), 0));
          return days;
        });
        expect(covered).toEqual(daysBetween(from, to));
      }),
    );
  });

  it('end February on its last day and keep day 31 inside a positive 32-bit integer', () => {
    expect(monthSlices('2026-02-27', '2026-03-31')).toEqual([
      { month: '2026-02-01', lo: 27, hi: 28, mask: 2 ** 28 - 2 ** 26 },
      { month: '2026-03-01', lo: 1, hi: 31, mask: 2 ** 31 - 1 },
    ]);
    expect(monthSlices('2028-02-29', '2028-02-29')).toEqual([{ month: '2028-02-01', lo: 29, hi: 29, mask: 2 ** 28 }]);
  });
});

describe('the month rollup equals the facts it folds', () => {
  it('per-day active counts, a range\'s distinct active players and played sums, folded in random batches', () => {
    fc.assert(
      fc.property(fc.array(fc.array(factArb, { maxLength: 12 }), { maxLength: 6 }), rangeArb, (batches, { from, to }) => {
        const table = new Map<string, PlayerMonth>();
        const activePerDay = new Map<string, number>();
        for (const batch of batches) {
          const months = playerMonths(batch);
          const before = new Map([...table].map(([k, v]) => [k, v.activeDays]));
          for (const [day, n] of newActivePairs(months, before)) activePerDay.set(day, (activePerDay.get(day) ?? 0) + n);
          upsert(table, months);
        }
        const facts = batches.flat();
        const stakes = facts.filter((f) => f.kind === 'lottery_bet' || f.kind === 'vendor_bet');
        // Each day: distinct players with a stake.
        for (const day of new Set(facts.map((f) => f.day))) {
          expect([day, activePerDay.get(day) ?? 0]).toEqual([day, new Set(stakes.filter((f) => f.day === day).map((f) => f.playerId)).size]);
        }
        const inRange = (f: PlayerFact) => f.day >= from && f.day <= to;
        // The range's distinct active players, and the (day, player) pairs the bits stand for.
        const pairs = [...table.values()].flatMap((r) => activeDaysIn(r, from, to));
        expect(new Set(pairs.map((p) => p.playerId)).size).toBe(new Set(stakes.filter(inRange).map((f) => f.playerId)).size);
        expect(pairs.map((p) => `${p.day} ${p.playerId}`).sort()).toEqual([...new Set(stakes.filter(inRange).map((f) => `${f.day} ${f.playerId}`))].sort());
        // Played per player over the range, as the table reads it: cum[hi] - cum[lo - 1] per month.
        const played = new Map<string, number>();
        for (const s of monthSlices(from, to)) {
          for (const r of table.values()) {
            if (r.month !== s.month) continue;
            const cum = cumulative(r.played);
            played.set(r.playerId, (played.get(r.playerId) ?? 0) + cum[s.hi - 1]! - (s.lo > 1 ? cum[s.lo - 2]! : 0));
          }
        }
        for (const id of ['1', '2', '10']) {
          const direct = 0 - facts.filter((f) => inRange(f) && f.playerId === id && ['lottery_bet', 'vendor_bet', 'lottery_refund', 'vendor_rollback'].includes(f.kind)).reduce((s, f) => s + f.amountMinor, 0);
          expect([id, played.get(id) ?? 0]).toEqual([id, direct]);
        }
      }),
    );
  });

  it('marks P&L days only for kinds the P&L counts', () => {
    const [row] = playerMonths([
      { day: '2026-03-02', playerId: '7', kind: 'adjustment', amountMinor: 100, entries: 1 },
      { day: '2026-03-03', playerId: '7', kind: 'deposit', amountMinor: 100, entries: 1 },
      { day: '2026-03-04', playerId: '7', kind: 'vendor_transfer_in', amountMinor: -100, entries: 1 },
    ]);
    expect(row).toMatchObject({ month: '2026-03-01', activeDays: 0, pnlDays: 0b100 });
  });
});

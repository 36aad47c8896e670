import { VIP_LEVELS } from '@colorplay/contract';
import { describe, expect, it } from 'vitest';
import { checkInVerdict, istDay } from './check-in-rules';
import { tenureDays, vipLevel } from './vip-rules';

/** VIP's and the check-in's pure rules (decisions 545, 546): every boundary, on given times. */

const DAY = 86_400_000;
const NOW = new Date('2026-11-28T06:00:00.000Z');
const registered = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY - extraMs);

describe('vipLevel', () => {
  it('starts at 0 and needs every condition of a level: tenure, a verified identity, verified play', () => {
    expect(vipLevel({ registeredAt: NOW, kycVerified: false, verifiedPlayMinor: 0 }, NOW)).toBe(0);
    // Each level at exactly its thresholds, and one unit (a day, a paisa, the KYC flag) short of it.
    for (const row of VIP_LEVELS.slice(1)) {
      const at = { registeredAt: registered(row.tenureDays), kycVerified: true, verifiedPlayMinor: row.verifiedPlayMinor };
      expect(vipLevel(at, NOW)).toBe(row.level);
      expect(vipLevel({ ...at, registeredAt: registered(row.tenureDays, -1) }, NOW)).toBe(row.level - 1);
      expect(vipLevel({ ...at, verifiedPlayMinor: row.verifiedPlayMinor - 1 }, NOW)).toBe(row.level - 1);
      expect(vipLevel({ ...at, kycVerified: false }, NOW)).toBe(0);
    }
  });

  it('is capped by the weakest condition and never exceeds the top level', () => {
    expect(vipLevel({ registeredAt: registered(1000), kycVerified: true, verifiedPlayMinor: 1_000_00 }, NOW)).toBe(1);
    expect(vipLevel({ registeredAt: registered(31), kycVerified: true, verifiedPlayMinor: 10_00_000_00 }, NOW)).toBe(1);
    expect(vipLevel({ registeredAt: registered(5000), kycVerified: true, verifiedPlayMinor: 10_00_000_00 }, NOW)).toBe(VIP_LEVELS.length - 1);
  });

  it('counts whole days of tenure, never negative', () => {
    expect(tenureDays(registered(0, DAY - 1), NOW)).toBe(0);
    expect(tenureDays(registered(1), NOW)).toBe(1);
    expect(tenureDays(new Date(NOW.getTime() + DAY), NOW)).toBe(0);
  });

  it('publishes service benefits only, better or equal at each level', () => {
    for (const [i, row] of VIP_LEVELS.entries()) {
      expect(Object.keys(row).sort()).toEqual(['kycVerified', 'level', 'supportResponseHours', 'tenureDays', 'verifiedPlayMinor', 'withdrawalReviewFirst']);
      if (i === 0) continue;
      const prev = VIP_LEVELS[i - 1]!;
      expect(row.tenureDays).toBeGreaterThan(prev.tenureDays);
      expect(row.verifiedPlayMinor).toBeGreaterThan(prev.verifiedPlayMinor);
      expect(row.supportResponseHours).toBeLessThan(prev.supportResponseHours ?? Infinity);
    }
  });
});

describe('the check-in rules', () => {
  it('runs on IST calendar days: 18:29:59.999 UTC is still the day, 18:30 UTC is the next', () => {
    expect(istDay(new Date('2026-11-28T18:29:59.999Z'))).toBe('2026-11-28');
    expect(istDay(new Date('2026-11-28T18:30:00.000Z'))).toBe('2026-11-29');
    expect(istDay(new Date('2026-11-27T18:30:00.000Z'))).toBe('2026-11-28');
  });

  it('says done first, then the player’s own reason, then pause, budget and another bonus', () => {
    const base = { doneToday: false, ineligible: null, paused: false, budgetLeftMinor: 500, bonusMinor: 500, bonusActive: false };
    expect(checkInVerdict(base)).toEqual({ state: 'available' });
    expect(checkInVerdict({ ...base, doneToday: true, paused: true, ineligible: 'on_break' })).toEqual({ state: 'done' });
    expect(checkInVerdict({ ...base, paused: true, ineligible: 'on_break' })).toEqual({ state: 'unavailable', reason: 'on_break' });
    expect(checkInVerdict({ ...base, paused: true, budgetLeftMinor: 0 })).toEqual({ state: 'unavailable', reason: 'paused' });
    expect(checkInVerdict({ ...base, budgetLeftMinor: 499, bonusActive: true })).toEqual({ state: 'unavailable', reason: 'budget_spent' });
    expect(checkInVerdict({ ...base, bonusActive: true })).toEqual({ state: 'unavailable', reason: 'bonus_active' });
  });
});

import { describe, expect, it } from 'vitest';
import { eligibility, isWageringMultiple, wageringProgress, type EligibilityFacts } from './rules';

/** Promotions' pure rules (docs/promotions.md): every reason an offer is held back, and wagering progress. */
const now = new Date('2026-11-29T00:00:00Z');
const DAY = 86_400_000;
const fine: EligibilityFacts = { consentGiven: true, block: 'none', suspended: false, closed: false, lastLimitHitAt: null };

describe('eligibility', () => {
  it('allows a consenting player nothing holds back', () => {
    expect(eligibility(fine, now)).toEqual({ ok: true });
  });

  it.each([
    [{ consentGiven: false }, 'no_marketing_consent'],
    [{ block: 'break' as const }, 'on_break'],
    [{ block: 'exclusion' as const }, 'self_excluded'],
    [{ block: 'closed' as const }, 'self_excluded'],
    [{ suspended: true }, 'account_suspended'],
    [{ closed: true }, 'account_closed'],
    [{ lastLimitHitAt: new Date(now.getTime() - 30 * DAY + 1) }, 'limit_hit_recently'],
  ])('refuses %o as %s', (over, reason) => {
    expect(eligibility({ ...fine, ...over }, now)).toEqual({ ok: false, reason });
  });

  it('names safer gambling before consent, and forgets a limit hit after exactly 30 days', () => {
    expect(eligibility({ ...fine, consentGiven: false, block: 'break' }, now)).toEqual({ ok: false, reason: 'on_break' });
    expect(eligibility({ ...fine, lastLimitHitAt: new Date(now.getTime() - 30 * DAY) }, now)).toEqual({ ok: true });
  });
});

describe('wagering progress', () => {
  it('is net stakes minus hedges, never below zero, capped at bonus × multiple', () => {
    expect(wageringProgress({ amountMinor: 100_00, multiple: 5, netStakedMinor: 0, hedgedMinor: 0 })).toEqual({ requiredMinor: 500_00, wageredMinor: 0, complete: false });
    expect(wageringProgress({ amountMinor: 100_00, multiple: 5, netStakedMinor: 500_00, hedgedMinor: 490_00 })).toEqual({ requiredMinor: 500_00, wageredMinor: 10_00, complete: false });
    expect(wageringProgress({ amountMinor: 100_00, multiple: 5, netStakedMinor: -50_00, hedgedMinor: 0 }).wageredMinor).toBe(0);
    expect(wageringProgress({ amountMinor: 100_00, multiple: 5, netStakedMinor: 500_00, hedgedMinor: 0 })).toEqual({ requiredMinor: 500_00, wageredMinor: 500_00, complete: true });
    expect(wageringProgress({ amountMinor: 100_00, multiple: 1, netStakedMinor: 900_00, hedgedMinor: 0 }).wageredMinor).toBe(100_00);
  });

  it('accepts wagering multiples 1 to 5 only', () => {
    expect([0, 1, 5, 6, 2.5].map(isWageringMultiple)).toEqual([false, true, true, false, false]);
  });
});

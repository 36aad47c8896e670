import { describe, expect, it } from 'vitest';
import { firstDepositBonusMinor, offerStopped, refusalOf } from './first-deposit-rules';

describe('the first-deposit bonus rules', () => {
  it('gives the percent of the deposit rounded down to a paisa, at most the cap', () => {
    const offer = { percent: 20, capMinor: 200_00 };
    expect(firstDepositBonusMinor(offer, 500_00)).toBe(100_00);
    expect(firstDepositBonusMinor(offer, 1_000_00)).toBe(200_00);
    expect(firstDepositBonusMinor(offer, 2_000_00)).toBe(200_00);
    expect(firstDepositBonusMinor({ percent: 15, capMinor: 1_000_00 }, 100_03)).toBe(15_00);
  });

  it('says an offer stopped when paused or at its expiry, to the millisecond', () => {
    const at = new Date('2026-11-22T08:00:00Z');
    expect(offerStopped({ paused: false, expiresAt: new Date(at.getTime() + 1) }, at)).toBeNull();
    expect(offerStopped({ paused: false, expiresAt: at }, at)).toBe('offer_expired');
    expect(offerStopped({ paused: true, expiresAt: new Date(at.getTime() + 1) }, at)).toBe('offer_paused');
  });

  it('reads a refused grant\'s reason from its error, and nothing from another error', () => {
    expect(refusalOf({ code: 'PROMOTION_NOT_ELIGIBLE', publicDetails: { reason: 'on_break' } })).toBe('on_break');
    expect(refusalOf({ code: 'BONUS_ALREADY_ACTIVE' })).toBe('bonus_already_active');
    expect(refusalOf({ code: 'PROMOTION_TERMS_OUTDATED' })).toBe('terms_outdated');
    expect(refusalOf({ code: 'VALIDATION_FAILED' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_SETTINGS, paymentWindowPassed } from './deposit-rules';

/** Decision 390: when a cancelled or expired order can no longer be paid at a gateway that could not close it. */
describe('paymentWindowPassed', () => {
  const expiresAt = new Date('2026-08-03T10:15:00Z');
  const grace = DEFAULT_DEPOSIT_SETTINGS.windowGraceMinutes * 60_000;
  const at = (ms: number) => new Date(expiresAt.getTime() + ms);

  it('holds a cancelled or expired order until its expiry and the grace have passed', () => {
    for (const status of ['cancelled', 'expired']) {
      expect(paymentWindowPassed({ status, expiresAt }, DEFAULT_DEPOSIT_SETTINGS, at(-60_000))).toBe(false);
      expect(paymentWindowPassed({ status, expiresAt }, DEFAULT_DEPOSIT_SETTINGS, at(grace - 1))).toBe(false);
      expect(paymentWindowPassed({ status, expiresAt }, DEFAULT_DEPOSIT_SETTINGS, at(grace))).toBe(true);
    }
  });

  it('never says so for an order that is open, paid, failed or in review', () => {
    for (const status of ['created', 'pending_payment', 'utr_submitted', 'succeeded', 'failed']) {
      expect(paymentWindowPassed({ status, expiresAt }, DEFAULT_DEPOSIT_SETTINGS, at(24 * 3_600_000))).toBe(false);
    }
  });
});

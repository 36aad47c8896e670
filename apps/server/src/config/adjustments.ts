import { minorSchema, type EnvOf } from './shared';

/** Balance adjustments (decision 421): the amount from which a second, independent operator must approve. */
export const ADJUSTMENT_SECOND_APPROVAL_DEFAULT_MINOR = 10_000_00;

export const ADJUSTMENTS_ENV = {
  // At or above this amount (₹10,000 by default) a credit or debit by an operator waits for a
  // second, independent operator (the two-person rule of withdrawals).
  ADJUSTMENT_SECOND_APPROVAL_MINOR: minorSchema(ADJUSTMENT_SECOND_APPROVAL_DEFAULT_MINOR),
};

export function adjustmentSecondApprovalOf(e: EnvOf<typeof ADJUSTMENTS_ENV>, problems: string[]): number {
  if (e.ADJUSTMENT_SECOND_APPROVAL_MINOR < 1) problems.push('ADJUSTMENT_SECOND_APPROVAL_MINOR: must be at least 1');
  return e.ADJUSTMENT_SECOND_APPROVAL_MINOR;
}

/**
 * The deposit order statuses and channels as plain constants, with no zod, so the web app can
 * list them (history filters) without pulling the schemas into its pages
 * (`@colorplay/contract/deposit-states`). The schemas in wallet.ts are built from these.
 */
export const DEPOSIT_STATUSES = [
  'created',
  'pending_payment',
  'utr_submitted',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
] as const;

export const DEPOSIT_CHANNELS = ['upi', 'usdt'] as const;

/**
 * Why a UPI deposit order waits for a person (the deposits module writes only these: its
 * `review_reason` column is typed with them). The console says each in words (decision 444).
 */
export const DEPOSIT_REVIEW_REASONS = [
  // The player submitted a UTR the gateway has not confirmed.
  'utr_not_confirmed_by_gateway',
  // The gateway reports a payment for an order that had failed or was rejected.
  'paid_after_failure',
  // The gateway's UTR is already on another order.
  'utr_reused',
  // The gateway reports a payment without a UTR.
  'utr_missing',
  // The gateway's amount differs from the order's.
  'amount_mismatch',
  // A second disagreeing report for an order already waiting for a person.
  'gateway_mismatch',
] as const;
export type DepositReviewReason = (typeof DEPOSIT_REVIEW_REASONS)[number];

/** Why a USDT payment waits for a person (amount_too_small: what arrived is worth less than one paisa). */
export const USDT_REVIEW_REASONS = ['late_payment', 'second_payment', 'paid_after_cancel', 'amount_too_small', 'overpaid'] as const;

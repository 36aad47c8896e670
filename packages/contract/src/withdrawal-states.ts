/**
 * Withdrawal statuses, payout method kinds and KYC statuses as plain constants, with no zod, so
 * the web app can list them (history filters, labels) without pulling the schemas into its pages
 * (`@colorplay/contract/withdrawal-states`). The schemas in withdrawals.ts and kyc.ts use these.
 *
 *   requested --auto_approved--> approved      (small amount, verified player, no risk flag)
 *   requested --review_needed--> review
 *   review --operator_approved--> approved     (above WITHDRAWAL_SECOND_APPROVAL_MINOR: two operators)
 *   requested | review --player_cancelled--> cancelled
 *   requested | review --operator_rejected--> rejected
 *   approved --sent--> processing --gateway_paid--> paid
 *   approved | processing --gateway_failed--> failed
 *   paid --gateway_reversed--> failed_after_paid
 */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'review',
  'approved',
  'processing',
  'paid',
  'failed',
  'cancelled',
  'rejected',
  'failed_after_paid',
] as const;

/** Statuses in which the player may still cancel (the money has not left for the gateway). */
export const WITHDRAWAL_CANCELLABLE_STATUSES = ['requested', 'review'] as const;

/** Where a payout can go: a UPI id, an Indian bank account (IFSC), or a USDT (EVM) address. */
export const PAYOUT_METHOD_KINDS = ['upi', 'bank', 'usdt'] as const;

/** `none`: never submitted; `rejected` carries the operator's reason and may be submitted again. */
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;

/**
 * Why a withdrawal waits for a person instead of paying out automatically (the withdrawals
 * module's rules return only these). The console says each in words (decisions 422, 444).
 */
export const WITHDRAWAL_REVIEW_REASONS = ['amount_above_auto_limit', 'auto_payout_off', 'risk_flag:first_withdrawal', 'risk_flag:new_payout_method'] as const;
export type WithdrawalReviewReason = (typeof WITHDRAWAL_REVIEW_REASONS)[number];

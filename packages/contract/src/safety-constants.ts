/**
 * Responsible-gambling constants with no zod, so the web app's Safety page can list the choices
 * without pulling the schemas into its chunk (`@colorplay/contract/safety-constants`).
 */
/** What a limit limits: money paid in, net losses (stakes minus payouts), or money staked. */
export const SAFETY_LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
/** Rolling windows: the last 24 hours, 7 days, 30 days. */
export const SAFETY_PERIODS = ['day', 'week', 'month'] as const;
/** The break lengths the page offers, in days (any whole number of days up to 42 is accepted). */
export const BREAK_DAY_CHOICES = [1, 7, 30, 42] as const;
export const BREAK_MAX_DAYS = 42;
/** Self-exclusion lengths in months (at least six). */
export const EXCLUSION_MONTH_CHOICES = [6, 12, 60] as const;
/** Reality-check intervals in minutes. */
export const REALITY_CHECK_MINUTE_CHOICES = [15, 30, 60] as const;
/** Raising or removing a limit waits this long, then needs the player's confirmation. */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** After a self-exclusion ends, reopening takes effect this long after the player asks. */
export const REOPEN_WAIT_HOURS = 24;

/**
 * Why an operator suspended an account (decision 420): the reason code the audit log, the console
 * and the player's message name. A suspension keeps sign-in, history and withdrawals open.
 */
export const SUSPENSION_REASONS = ['fraud_suspected', 'payment_dispute', 'identity_unverified', 'responsible_gambling', 'account_sharing', 'other'] as const;

/**
 * Why an operator closed an account for good (decision 440): the reason code the audit log, the
 * console and the player's message name. The reason decides what happens to the balance.
 */
export const CLOSURE_REASONS = ['player_request', 'responsible_gambling', 'fraud_aml', 'duplicate_account', 'deceased_legal'] as const;

/**
 * The balance rule of each closure reason (decision 441): `pay_out` leaves the player's balance
 * theirs to withdraw through the normal withdrawal path (its usual review, the wagering lock
 * waived since they can no longer play); `hold` freezes it in place: the player's withdrawals are
 * refused until the investigation or the legal process decides. No money moves at the closure.
 */
export const CLOSURE_BALANCE_RULES = {
  player_request: 'pay_out',
  responsible_gambling: 'pay_out',
  duplicate_account: 'pay_out',
  fraud_aml: 'hold',
  deceased_legal: 'hold',
} as const satisfies Record<(typeof CLOSURE_REASONS)[number], 'pay_out' | 'hold'>;

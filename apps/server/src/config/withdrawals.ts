import { z } from 'zod';
import { type EnvOf, minorSchema } from './shared';

/**
 * Withdrawal rules: limits, fee, wagering lock, auto-payout and two-person thresholds. Amounts
 * are minor units (paise). WITHDRAWAL_DEFAULTS is the one source of their defaults: the env
 * schema below and the withdrawals module's DEFAULT_WITHDRAWAL_SETTINGS both read it.
 */

export type WithdrawalConfig = {
  minMinor: number;
  maxMinor: number;
  /** Withdrawal requests per player per IST calendar day (cancelled ones count too). */
  dailyCount: number;
  /** fee = feeFixedMinor + floor(amount * feeBps / 10000), kept by the house when paid. */
  feeFixedMinor: number;
  feeBps: number;
  /** Deposits must be staked this many times before their amount can be withdrawn. */
  wageringFactor: number;
  /** At or below this amount, a verified player without a risk flag is paid without review; 0: never. */
  autoApproveMaxMinor: number;
  /** At or above this amount two different operators must approve. */
  secondApprovalMinor: number;
  /** A payout method younger than this is a risk flag (a stolen account's new destination). */
  newMethodHoldHours: number;
};

export const WITHDRAWAL_DEFAULTS: Readonly<WithdrawalConfig> = Object.freeze({
  minMinor: 100_00,
  maxMinor: 100_000_00,
  dailyCount: 3,
  feeFixedMinor: 0,
  feeBps: 0,
  // Every deposit must be staked once before its amount can be withdrawn.
  wageringFactor: 1,
  autoApproveMaxMinor: 2_000_00,
  secondApprovalMinor: 25_000_00,
  // A payout method younger than a day is a risk flag.
  newMethodHoldHours: 24,
});

/** A fee above half the amount is a typo, not a business. */
const MAX_FEE_BPS = 5_000;
const MAX_DAILY_COUNT = 100;
const MAX_WAGERING_FACTOR = 50;
const MAX_NEW_METHOD_HOLD_HOURS = 24 * 30;

export const WITHDRAWALS_ENV = {
  WITHDRAWAL_MIN_MINOR: minorSchema(WITHDRAWAL_DEFAULTS.minMinor),
  WITHDRAWAL_MAX_MINOR: minorSchema(WITHDRAWAL_DEFAULTS.maxMinor),
  WITHDRAWAL_DAILY_COUNT: z.coerce.number().int().min(1).max(MAX_DAILY_COUNT).default(WITHDRAWAL_DEFAULTS.dailyCount),
  WITHDRAWAL_FEE_FIXED_MINOR: minorSchema(WITHDRAWAL_DEFAULTS.feeFixedMinor),
  WITHDRAWAL_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_FEE_BPS, `must be at most ${MAX_FEE_BPS} (50%)`)
    .default(WITHDRAWAL_DEFAULTS.feeBps),
  // 0 turns the wagering lock off; 1 (default) means every deposit must be staked once.
  WITHDRAWAL_WAGERING_FACTOR: z.coerce.number().min(0).max(MAX_WAGERING_FACTOR).default(WITHDRAWAL_DEFAULTS.wageringFactor),
  // 0 turns automatic payouts off: every withdrawal waits for an operator.
  WITHDRAWAL_AUTO_APPROVE_MAX_MINOR: minorSchema(WITHDRAWAL_DEFAULTS.autoApproveMaxMinor),
  WITHDRAWAL_SECOND_APPROVAL_MINOR: minorSchema(WITHDRAWAL_DEFAULTS.secondApprovalMinor),
  WITHDRAWAL_NEW_METHOD_HOLD_HOURS: z.coerce.number().int().min(0).max(MAX_NEW_METHOD_HOLD_HOURS).default(WITHDRAWAL_DEFAULTS.newMethodHoldHours),
};

export function withdrawalConfigOf(e: EnvOf<typeof WITHDRAWALS_ENV>, problems: string[]): WithdrawalConfig {
  if (e.WITHDRAWAL_MIN_MINOR < 1) problems.push('WITHDRAWAL_MIN_MINOR: must be at least 1');
  if (e.WITHDRAWAL_MAX_MINOR < e.WITHDRAWAL_MIN_MINOR) problems.push('WITHDRAWAL_MAX_MINOR: must be at least WITHDRAWAL_MIN_MINOR');
  if (e.WITHDRAWAL_SECOND_APPROVAL_MINOR < 1) problems.push('WITHDRAWAL_SECOND_APPROVAL_MINOR: must be at least 1');
  return {
    minMinor: e.WITHDRAWAL_MIN_MINOR,
    maxMinor: e.WITHDRAWAL_MAX_MINOR,
    dailyCount: e.WITHDRAWAL_DAILY_COUNT,
    feeFixedMinor: e.WITHDRAWAL_FEE_FIXED_MINOR,
    feeBps: e.WITHDRAWAL_FEE_BPS,
    wageringFactor: e.WITHDRAWAL_WAGERING_FACTOR,
    autoApproveMaxMinor: e.WITHDRAWAL_AUTO_APPROVE_MAX_MINOR,
    secondApprovalMinor: e.WITHDRAWAL_SECOND_APPROVAL_MINOR,
    newMethodHoldHours: e.WITHDRAWAL_NEW_METHOD_HOLD_HOURS,
  };
}

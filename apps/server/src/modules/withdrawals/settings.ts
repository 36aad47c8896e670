import { WITHDRAWAL_DEFAULTS } from '../../config';

/**
 * The withdrawal rules an operator configures (config/withdrawals.ts reads them from the
 * environment; see docs/operations.md). Amounts in minor units.
 */
export type WithdrawalSettings = {
  currency: string;
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
  /** How many payout methods a player may keep. */
  maxMethods: number;
  /** Whether USDT addresses can be used (true once the USDT channel exists and is configured). */
  usdtEnabled: boolean;
};

/**
 * The rules the environment sets take their defaults from the config (WITHDRAWAL_DEFAULTS, the
 * one source); the rest are this module's own.
 */
export const DEFAULT_WITHDRAWAL_SETTINGS: WithdrawalSettings = {
  currency: 'INR',
  ...WITHDRAWAL_DEFAULTS,
  maxMethods: 5,
  usdtEnabled: true,
};

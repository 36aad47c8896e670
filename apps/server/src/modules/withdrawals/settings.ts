import { WITHDRAWAL_DEFAULTS, type WithdrawalConfig } from '../../config';

/**
 * The withdrawal rules an operator configures (config/withdrawals.ts reads them from the
 * environment; see docs/operations.md). Amounts in minor units.
 */
export type WithdrawalSettings = WithdrawalConfig & {
  currency: string;
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

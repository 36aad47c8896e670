import type { SafetyOffered } from '@colorplay/contract';

/** The operator's responsible-gambling settings (validated in config/safety.ts from SAFETY_* variables). */
export type SafetySettings = {
  /** Which controls the player app offers; a control set earlier stays enforced either way. */
  offered: SafetyOffered;
  /** No deposit until the player has set a deposit limit. */
  mandatoryDepositLimit: boolean;
};

export const DEFAULT_SAFETY_SETTINGS: SafetySettings = {
  offered: { depositLimits: true, lossLimits: true, stakeLimits: true, breaks: true, selfExclusion: true, realityChecks: true },
  mandatoryDepositLimit: false,
};

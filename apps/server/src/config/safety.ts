import { z } from 'zod';
import { bareFlagSchema, commaList, type EnvOf, isOn } from './shared';

/** Responsible gambling: the controls offered, and whether a deposit limit is required first. */

/** The operator's responsible-gambling settings (the minimum age is KYC_MIN_AGE_YEARS, 18 by default). */
export type SafetyConfig = {
  offered: { depositLimits: boolean; lossLimits: boolean; stakeLimits: boolean; breaks: boolean; selfExclusion: boolean; realityChecks: boolean };
  mandatoryDepositLimit: boolean;
};

export const SAFETY_ENV = {
  // The controls offered (comma list of deposit, loss, stake, break, exclusion, reality; default
  // all) and whether a deposit limit is required first.
  SAFETY_CONTROLS: z.string().optional(),
  SAFETY_MANDATORY_DEPOSIT_LIMIT: bareFlagSchema.default('0'),
};

const SAFETY_CONTROL_NAMES = { deposit: 'depositLimits', loss: 'lossLimits', stake: 'stakeLimits', break: 'breaks', exclusion: 'selfExclusion', reality: 'realityChecks' } as const;

export function safetyConfigOf(e: EnvOf<typeof SAFETY_ENV>, problems: string[]): SafetyConfig {
  const names = e.SAFETY_CONTROLS === undefined ? Object.keys(SAFETY_CONTROL_NAMES) : commaList(e.SAFETY_CONTROLS);
  const offered = { depositLimits: false, lossLimits: false, stakeLimits: false, breaks: false, selfExclusion: false, realityChecks: false };
  for (const name of names) {
    if (name in SAFETY_CONTROL_NAMES) offered[SAFETY_CONTROL_NAMES[name as keyof typeof SAFETY_CONTROL_NAMES]] = true;
    else problems.push(`SAFETY_CONTROLS: unknown control "${name}" (use ${Object.keys(SAFETY_CONTROL_NAMES).join(', ')})`);
  }
  const mandatoryDepositLimit = isOn(e.SAFETY_MANDATORY_DEPOSIT_LIMIT);
  if (mandatoryDepositLimit && !offered.depositLimits) problems.push('SAFETY_MANDATORY_DEPOSIT_LIMIT: needs deposit limits offered (SAFETY_CONTROLS includes deposit)');
  return { offered, mandatoryDepositLimit };
}

import type { FirstDepositRefusal } from '@colorplay/contract';

/**
 * The first-deposit bonus's pure rules (docs/promotions.md, decision 540): how much a deposit
 * earns, and whether an offer runs at a time. No clock, no I/O: the time is an argument.
 */

/** percent of the deposit, rounded down to a whole paisa, at most the cap. */
export function firstDepositBonusMinor(offer: { percent: number; capMinor: number }, depositMinor: number): number {
  return Math.min(Math.floor((depositMinor * offer.percent) / 100), offer.capMinor);
}

/** Why an offer does not run now (paused, past its expiry), or null when it runs. */
export function offerStopped(offer: { paused: boolean; expiresAt: Date }, now: Date): Extract<FirstDepositRefusal, 'offer_paused' | 'offer_expired'> | null {
  if (offer.paused) return 'offer_paused';
  if (offer.expiresAt.getTime() <= now.getTime()) return 'offer_expired';
  return null;
}

/**
 * The reason a credit's grant was refused, from the grant's error (its code, and the eligibility
 * rule's reason in the details); null for an error that is not a refusal (retried instead).
 */
export function refusalOf(err: { code?: unknown; publicDetails?: Record<string, unknown> | undefined }): FirstDepositRefusal | null {
  if (err.code === 'BONUS_ALREADY_ACTIVE') return 'bonus_already_active';
  if (err.code === 'PROMOTION_TERMS_OUTDATED') return 'terms_outdated';
  if (err.code === 'PROMOTION_NOT_ELIGIBLE') return (err.publicDetails?.reason as FirstDepositRefusal | undefined) ?? null;
  return null;
}

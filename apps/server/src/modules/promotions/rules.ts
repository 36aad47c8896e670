import { BONUS_MAX_WAGERING_MULTIPLE, PROMOTION_LIMIT_COOL_OFF_DAYS, type PromotionIneligibleReason } from '@colorplay/contract';

/**
 * Promotions' pure rules (docs/promotions.md): who an offer may reach, and a bonus grant's
 * wagering progress. No clock, no I/O: the time is an argument.
 */

/** What the grant's transaction read about the player (safety controls, refusals, consent). */
export type EligibilityFacts = {
  consentGiven: boolean;
  /** The safety module's block now: a break, an exclusion, or the closed period after one. */
  block: 'none' | 'break' | 'exclusion' | 'closed';
  suspended: boolean;
  closed: boolean;
  /** The last time a deposit, stake or loss limit refused the player, or null. */
  lastLimitHitAt: Date | null;
};

/** The contract's list, so the Activity tab can say each one in words. */
export type IneligibleReason = PromotionIneligibleReason;

export const DAY_MS = 86_400_000;

/**
 * Whether an offer may be shown or granted to the player now (UK Gambling Commission's rules on
 * incentives as the reference): safer gambling first, then consent. The first reason found is
 * returned, in that order, so the player is never told "no consent" when the truth is a break.
 */
export function eligibility(facts: EligibilityFacts, now: Date): { ok: true } | { ok: false; reason: IneligibleReason } {
  if (facts.closed) return { ok: false, reason: 'account_closed' };
  if (facts.suspended) return { ok: false, reason: 'account_suspended' };
  if (facts.block === 'exclusion' || facts.block === 'closed') return { ok: false, reason: 'self_excluded' };
  if (facts.block === 'break') return { ok: false, reason: 'on_break' };
  if (facts.lastLimitHitAt && now.getTime() - facts.lastLimitHitAt.getTime() < PROMOTION_LIMIT_COOL_OFF_DAYS * DAY_MS) {
    return { ok: false, reason: 'limit_hit_recently' };
  }
  if (!facts.consentGiven) return { ok: false, reason: 'no_marketing_consent' };
  return { ok: true };
}

/** True for a wagering multiple an offer may set: a whole number from 1 to 5. */
export const isWageringMultiple = (n: number) => Number.isInteger(n) && n >= 1 && n <= BONUS_MAX_WAGERING_MULTIPLE;

/**
 * A grant's wagering progress: required = bonus × multiple; played = net stakes after the grant
 * minus their hedged part (decision 192's net exposure), never below zero, capped at required.
 */
export function wageringProgress(input: { amountMinor: number; multiple: number; netStakedMinor: number; hedgedMinor: number }): {
  requiredMinor: number;
  wageredMinor: number;
  complete: boolean;
} {
  const requiredMinor = input.amountMinor * input.multiple;
  const played = Math.max(0, input.netStakedMinor - input.hedgedMinor);
  const wageredMinor = Math.min(requiredMinor, played);
  return { requiredMinor, wageredMinor, complete: wageredMinor >= requiredMinor };
}

import { PROMOTION_LIMIT_COOL_OFF_DAYS, type PromotionStatus } from '@colorplay/contract';
import { DAY_MS, eligibility, type EligibilityFacts } from './rules';

/**
 * The Activity tab's answer (docs/promotions.md, "Offer status"): the grant's own rule
 * (`eligibility`) evaluated on what the player's controls say now, read-only, with when the
 * reason ends by itself. Pure: the facts and the time are arguments.
 */

/** The eligibility facts plus when the safety block ends by itself (null when open-ended or none). */
export type OfferStatusFacts = EligibilityFacts & { blockUntil: Date | null };

/**
 * Whether offers are paused now and why. `until` is said only for a reason that ends by itself: a
 * break or exclusion (its end), the closed period after one (its reopening, once asked for), and a
 * recent limit hit (the cool-off's end, to the millisecond as the rule counts it).
 */
export function offerStatus(facts: OfferStatusFacts, terms: { current: string; accepted: string | null }, now: Date): PromotionStatus {
  const verdict = eligibility(facts, now);
  const reason = verdict.ok ? null : verdict.reason;
  let until: Date | null = null;
  if (reason === 'on_break' || reason === 'self_excluded') until = facts.blockUntil;
  if (reason === 'limit_hit_recently' && facts.lastLimitHitAt) until = new Date(facts.lastLimitHitAt.getTime() + PROMOTION_LIMIT_COOL_OFF_DAYS * DAY_MS);
  return { offersPaused: reason !== null, reason, until: until?.toISOString() ?? null, termsVersion: terms.current, acceptedTermsVersion: terms.accepted };
}

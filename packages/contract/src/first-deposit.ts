import { z } from 'zod';
import { BONUS_MAX_WAGERING_MULTIPLE, PROMOTION_INELIGIBLE_REASONS } from './promotions';
import { pgText } from './text';

/**
 * The first-deposit bonus (docs/promotions.md, decisions 540-542): an offer the console runs (at
 * most one at a time), the player's opt-in at the recharge page, and what the credit decided.
 */

/** Why a first-deposit offer is not shown to the player, or why an opted-in claim was refused. */
export const FIRST_DEPOSIT_REFUSALS = [
  'no_offer',
  'not_first_deposit',
  'offer_paused',
  'offer_expired',
  'budget_spent',
  'bonus_already_active',
  'terms_outdated',
  ...PROMOTION_INELIGIBLE_REASONS,
] as const;
export type FirstDepositRefusal = (typeof FIRST_DEPOSIT_REFUSALS)[number];

/** A new offer (console, admin only): the bonus is `percent`% of the first deposit, at most `capMinor`. */
export const FirstDepositOfferInputSchema = z.strictObject({
  percent: z.number().int().min(1).max(100),
  capMinor: z.number().int().min(1).max(1_000_000_00),
  wageringMultiple: z.number().int().min(1).max(BONUS_MAX_WAGERING_MULTIPLE),
  bonusValidDays: z.number().int().min(1).max(90),
  budgetMinor: z.number().int().min(1).max(1_000_000_000_00),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type FirstDepositOfferInput = z.infer<typeof FirstDepositOfferInputSchema>;

export const FirstDepositOfferSchema = z
  .object({
    id: z.number().int(),
    percent: z.number().int(),
    capMinor: z.number().int(),
    wageringMultiple: z.number().int(),
    bonusValidDays: z.number().int(),
    budgetMinor: z.number().int(),
    spentMinor: z.number().int(),
    termsVersion: z.string(),
    expiresAt: z.iso.datetime(),
    paused: z.boolean(),
    pausedAt: z.iso.datetime().nullable(),
    createdBy: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'FirstDepositOffer' });
export type FirstDepositOffer = z.infer<typeof FirstDepositOfferSchema>;

export const FirstDepositOfferParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1) });

/** The player's opt-in and what the credit of its order decided (refusedReason when refused). */
export const FirstDepositClaimSchema = z
  .object({
    orderId: z.string(),
    offerId: z.number().int(),
    termsVersion: z.string(),
    optedAt: z.iso.datetime(),
    status: z.enum(['pending', 'granted', 'refused']),
    refusedReason: z.enum(FIRST_DEPOSIT_REFUSALS).nullable(),
    bonusMinor: z.number().int().nullable(),
    grantId: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FirstDepositClaim' });
export type FirstDepositClaim = z.infer<typeof FirstDepositClaimSchema>;

/**
 * What the recharge page shows: the running offer when the player may take it (no credited
 * deposit yet, eligible now), else null with the reason; and the player's claim, if any.
 */
export const FirstDepositStatusSchema = z
  .object({
    offer: FirstDepositOfferSchema.pick({ id: true, percent: true, capMinor: true, wageringMultiple: true, bonusValidDays: true, termsVersion: true, expiresAt: true }).nullable(),
    unavailableReason: z.enum(FIRST_DEPOSIT_REFUSALS).nullable(),
    claim: FirstDepositClaimSchema.nullable(),
  })
  .meta({ id: 'FirstDepositStatus' });
export type FirstDepositStatus = z.infer<typeof FirstDepositStatusSchema>;

/** The opt-in a UPI recharge order's body may carry: the terms version the player was shown. */
export const FirstDepositOptInSchema = z.strictObject({ termsVersion: pgText().min(1).max(40) });
export type FirstDepositOptIn = z.infer<typeof FirstDepositOptInSchema>;

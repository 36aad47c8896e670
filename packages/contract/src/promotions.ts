import { z } from 'zod';
import { pgText } from './text';

/**
 * Promotions' money core (docs/promotions.md; decisions 490-492): marketing consent, bonus grants and gift
 * codes. Bonus money lives in its own ledger accounts, is wagered at most 5 times its amount, and
 * converts to cash once; see docs/promotions.md for every rule.
 */

/** The largest wagering multiple an offer may set (the cap: at most 5 times the bonus). */
export const BONUS_MAX_WAGERING_MULTIPLE = 5;
/** The terms every bonus of this version is granted under; a player's grant records the version they accepted. */
export const PROMOTION_TERMS_VERSION = '2026-11-1';
/** No offer for this many days after the player hit a deposit, stake or loss limit. */
export const PROMOTION_LIMIT_COOL_OFF_DAYS = 30;

/** The player's marketing consent: off until given; `history` is every change, newest first. */
export const MarketingConsentSchema = z
  .object({
    given: z.boolean(),
    /** When the current state was set; null: never given (off by default). */
    changedAt: z.iso.datetime().nullable(),
    history: z.array(z.object({ given: z.boolean(), at: z.iso.datetime() })),
  })
  .meta({ id: 'MarketingConsent' });
export type MarketingConsent = z.infer<typeof MarketingConsentSchema>;

export const MarketingConsentInputSchema = z.strictObject({ given: z.boolean() });
export type MarketingConsentInput = z.infer<typeof MarketingConsentInputSchema>;

/**
 * Why no offer may reach a player now, in the order the rule checks them (docs/promotions.md): the
 * first that holds is the one given, so a player on a break is never told "no consent".
 */
export const PROMOTION_INELIGIBLE_REASONS = ['account_closed', 'account_suspended', 'self_excluded', 'on_break', 'limit_hit_recently', 'no_marketing_consent'] as const;
export type PromotionIneligibleReason = (typeof PROMOTION_INELIGIBLE_REASONS)[number];

/**
 * The Activity tab's first read: whether offers are paused for this player now and why (the grant's
 * own rule, evaluated read-only), and the terms version in force against the one they last accepted.
 */
export const PromotionStatusSchema = z
  .object({
    offersPaused: z.boolean(),
    /** The rule's first failing reason; null when offers may reach the player. */
    reason: z.enum(PROMOTION_INELIGIBLE_REASONS).nullable(),
    /**
     * When the reason ends by itself: the break's or the exclusion's end, the closed period's
     * reopening once asked for, 30 days after the last limit hit; null when only the player or an
     * operator can end it (consent, a suspension, a closure).
     */
    until: z.iso.datetime().nullable(),
    /** The terms version a redemption must accept now. */
    termsVersion: z.string(),
    /** The version on the player's newest bonus; null before their first one. */
    acceptedTermsVersion: z.string().nullable(),
  })
  .meta({ id: 'PromotionStatus' });
export type PromotionStatus = z.infer<typeof PromotionStatusSchema>;

export const BONUS_STATUSES = ['active', 'converted', 'forfeited', 'expired'] as const;
/**
 * Where a bonus came from: a gift code, the first-deposit offer, the daily check-in, or an invite
 * whose friend qualified. One list for the contract, the service and the database's CHECK (migration 039).
 */
export const BONUS_SOURCES = ['gift_code', 'first_deposit', 'check_in', 'invite'] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** One bonus grant as the player sees it, with its wagering progress in minor units. */
export const BonusGrantSchema = z
  .object({
    id: z.string(),
    source: z.enum(BONUS_SOURCES),
    status: z.enum(BONUS_STATUSES),
    amountMinor: z.number().int(),
    /** The bonus money still in the grant's account (0 once ended). */
    balanceMinor: z.number().int(),
    wageringMultiple: z.number().int().min(1).max(BONUS_MAX_WAGERING_MULTIPLE),
    requiredMinor: z.number().int(),
    /** Play counted so far (net stakes, hedges by net exposure), capped at requiredMinor. */
    wageredMinor: z.number().int(),
    termsVersion: z.string(),
    grantedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    endedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BonusGrant' });
export type BonusGrant = z.infer<typeof BonusGrantSchema>;

export const GIFT_CODE_PATTERN = /^[A-Z0-9]{4,24}$/;

/** A code as a player types it: spaces around and letter case do not matter. */
export const RedeemGiftCodeInputSchema = z.strictObject({
  code: pgText()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(GIFT_CODE_PATTERN, 'A gift code is 4 to 24 letters and digits')),
  /** The version of the terms the player was shown and accepted before redeeming. */
  termsVersion: pgText().min(1).max(40),
});
export type RedeemGiftCodeInput = z.infer<typeof RedeemGiftCodeInputSchema>;

/** A new gift code (console, admin only): every amount in minor units. */
export const GiftCodeInputSchema = z.strictObject({
  code: pgText().regex(GIFT_CODE_PATTERN, 'A gift code is 4 to 24 capital letters and digits'),
  bonusMinor: z.number().int().min(1).max(1_000_000_00),
  wageringMultiple: z.number().int().min(1).max(BONUS_MAX_WAGERING_MULTIPLE),
  bonusValidDays: z.number().int().min(1).max(90),
  budgetMinor: z.number().int().min(1).max(1_000_000_000_00),
  perPlayerCap: z.number().int().min(1).max(10),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type GiftCodeInput = z.infer<typeof GiftCodeInputSchema>;

export const GiftCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    bonusMinor: z.number().int(),
    wageringMultiple: z.number().int(),
    bonusValidDays: z.number().int(),
    budgetMinor: z.number().int(),
    spentMinor: z.number().int(),
    perPlayerCap: z.number().int(),
    termsVersion: z.string(),
    expiresAt: z.iso.datetime(),
    paused: z.boolean(),
    createdBy: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'GiftCode' });
export type GiftCode = z.infer<typeof GiftCodeSchema>;

export const GiftCodeParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1) });

import { z } from 'zod';
import { ReportRangeSchema, type ReportRange } from './reports';
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

/** A grant as the console shows it in the player view: with its offer's reference (a gift code's text). */
export const AdminBonusGrantSchema = BonusGrantSchema.extend({ sourceRef: z.string() }).meta({ id: 'AdminBonusGrant' });
export type AdminBonusGrant = z.infer<typeof AdminBonusGrantSchema>;

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

/** The console's cost report covers a range of IST days, as the reports do (at most REPORT_MAX_DAYS). */
export const PromotionCostQuerySchema = ReportRangeSchema;
export type PromotionCostQuery = ReportRange;

/** Transfers of one kind: how many, and the money they moved (minor units). */
const CostFigureSchema = z.object({ count: z.number().int().nonnegative(), amountMinor: z.number().int().nonnegative() });
export type PromotionCostFigure = z.infer<typeof CostFigureSchema>;

const CostFiguresSchema = z.object({
  /** Bonus money given (bonus_grant transfers in the range). */
  granted: CostFigureSchema,
  /** Bonus money that became cash (bonus_convert in the range), with what bonus stakes won: the offer's cost. */
  converted: CostFigureSchema,
  /** Taken back when the player withdrew first (bonus_forfeit in the range). */
  forfeited: CostFigureSchema,
  /** Taken back at expiry (bonus_expire in the range). */
  expired: CostFigureSchema,
  /** Active grants now and the bonus money still in their accounts (not bound to the range). */
  outstanding: CostFigureSchema,
});
export type PromotionCostFigures = z.infer<typeof CostFiguresSchema>;

/**
 * What the offers cost over a range of IST days (docs/promotions.md, "Console and cost"), read from
 * the ledger: per source and offer (a gift code by its id, the other offers by their reference), and
 * the totals.
 */
export const PromotionCostReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(
      CostFiguresSchema.extend({
        source: z.enum(BONUS_SOURCES),
        /** The offer's reference: a gift code's text, or the first-deposit, check-in or invite reference. */
        offerRef: z.string(),
        /** The gift code's id (null for other sources, or a code no longer found). */
        giftCodeId: z.number().int().nullable(),
      }),
    ),
    totals: CostFiguresSchema,
  })
  .meta({ id: 'PromotionCostReport' });
export type PromotionCostReport = z.infer<typeof PromotionCostReportSchema>;


/**
 * Why today's check-in is unavailable (decision 545): the player may not receive offers (a reason
 * above), the operator paused check-in, today's budget is spent, or another bonus is in play
 * (one bonus at a time).
 */
export const CHECK_IN_UNAVAILABLE_REASONS = [...PROMOTION_INELIGIBLE_REASONS, 'paused', 'budget_spent', 'bonus_active'] as const;
export type CheckInUnavailableReason = (typeof CHECK_IN_UNAVAILABLE_REASONS)[number];

/**
 * Today's check-in (an IST calendar day): available (with the offer: its bonus, wagering, validity
 * and terms version), done (with the bonus it gave), or unavailable (with the reason). The offer is
 * shown only when it is available: never to a player who may not receive offers.
 */
export const CheckInStateSchema = z
  .object({
    /** The IST calendar day, YYYY-MM-DD. */
    day: z.string(),
    state: z.enum(['available', 'done', 'unavailable']),
    reason: z.enum(CHECK_IN_UNAVAILABLE_REASONS).nullable(),
    offer: z
      .object({
        amountMinor: z.number().int(),
        wageringMultiple: z.number().int().min(1).max(BONUS_MAX_WAGERING_MULTIPLE),
        validDays: z.number().int(),
        termsVersion: z.string(),
      })
      .nullable(),
    /** The bonus today's check-in gave (state done). */
    grant: BonusGrantSchema.nullable(),
  })
  .meta({ id: 'CheckInState' });
export type CheckInState = z.infer<typeof CheckInStateSchema>;

export const CheckInInputSchema = z.strictObject({
  /** The version of the terms the player was shown with the offer. */
  termsVersion: pgText().min(1).max(40),
});
export type CheckInInput = z.infer<typeof CheckInInputSchema>;

/**
 * VIP levels (decision 546), published in full: one table for the server's rule, the web's VIP page
 * and docs/promotions.md. A level needs all of its conditions: account age, a verified identity
 * (KYC) and lifetime verified play (net stakes, hedged play by net exposure; never losses, never
 * deposits). Benefits are service only, never cash: support's response due sooner, and withdrawal
 * requests reviewed before lower levels'.
 */
export const VIP_LEVELS = [
  { level: 0, tenureDays: 0, kycVerified: false, verifiedPlayMinor: 0, supportResponseHours: null, withdrawalReviewFirst: false },
  { level: 1, tenureDays: 30, kycVerified: true, verifiedPlayMinor: 1_000_00, supportResponseHours: 18, withdrawalReviewFirst: true },
  { level: 2, tenureDays: 90, kycVerified: true, verifiedPlayMinor: 10_000_00, supportResponseHours: 12, withdrawalReviewFirst: true },
  { level: 3, tenureDays: 180, kycVerified: true, verifiedPlayMinor: 50_000_00, supportResponseHours: 8, withdrawalReviewFirst: true },
  { level: 4, tenureDays: 365, kycVerified: true, verifiedPlayMinor: 2_00_000_00, supportResponseHours: 6, withdrawalReviewFirst: true },
] as const satisfies readonly VipLevelRow[];
export const VIP_MAX_LEVEL = VIP_LEVELS.length - 1;

/** One published level: its conditions, and its service benefits (null hours: the standard response time). */
export type VipLevelRow = {
  level: number;
  tenureDays: number;
  kycVerified: boolean;
  verifiedPlayMinor: number;
  /** Support answers within this many hours (or the standard time when shorter). */
  supportResponseHours: number | null;
  /** Withdrawal requests are reviewed before those of lower levels. */
  withdrawalReviewFirst: boolean;
};

const VipLevelRowSchema = z.object({
  level: z.number().int(),
  tenureDays: z.number().int(),
  kycVerified: z.boolean(),
  verifiedPlayMinor: z.number().int(),
  supportResponseHours: z.number().int().nullable(),
  withdrawalReviewFirst: z.boolean(),
});

/**
 * The player's VIP standing: their level, what counts so far, the next level's conditions (null at
 * the top) and the whole published table. No amount "to go" is computed for the player: the page
 * states the conditions, it does not push play.
 */
export const VipStatusSchema = z
  .object({
    level: z.number().int().min(0),
    counts: z.object({ tenureDays: z.number().int(), kycVerified: z.boolean(), verifiedPlayMinor: z.number().int() }),
    next: VipLevelRowSchema.nullable(),
    levels: z.array(VipLevelRowSchema),
  })
  .meta({ id: 'VipStatus' });
export type VipStatus = z.infer<typeof VipStatusSchema>;

/**
 * The daily check-in's settings the console sets (admin; decision 565): the bonus (at most ₹100,
 * small by design), its wagering multiple and validity, what all check-ins of one IST day may cost,
 * and the pause. The CHECK_IN_* environment values are only the defaults.
 */
export const CheckInSettingsInputSchema = z.strictObject({
  bonusMinor: z.number().int().min(1).max(100_00),
  wageringMultiple: z.number().int().min(1).max(BONUS_MAX_WAGERING_MULTIPLE),
  validDays: z.number().int().min(1).max(30),
  dailyBudgetMinor: z.number().int().min(0).max(1_00_00_000_00),
  paused: z.boolean(),
});
export type CheckInSettingsInput = z.infer<typeof CheckInSettingsInputSchema>;

export const CheckInSettingsSchema = CheckInSettingsInputSchema.extend({
  /** The operator who last changed them (null while they are the environment's defaults). */
  updatedBy: z.number().int().nullable(),
  updatedAt: z.iso.datetime().nullable(),
}).meta({ id: 'CheckInSettings' });
export type CheckInSettings = z.infer<typeof CheckInSettingsSchema>;

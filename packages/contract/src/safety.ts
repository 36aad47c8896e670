import { z } from 'zod';
import {
  BREAK_MAX_DAYS,
  EXCLUSION_MONTH_CHOICES,
  REALITY_CHECK_MINUTE_CHOICES,
  SAFETY_LIMIT_KINDS,
  SAFETY_PERIODS,
  SUSPENSION_REASONS,
  CLOSURE_REASONS,
} from './safety-constants';
import { pgText } from './text';

export * from './safety-constants';

export const SafetyLimitKindSchema = z.enum(SAFETY_LIMIT_KINDS);
export type SafetyLimitKind = z.infer<typeof SafetyLimitKindSchema>;
export const SafetyPeriodSchema = z.enum(SAFETY_PERIODS);
export type SafetyPeriod = z.infer<typeof SafetyPeriodSchema>;

/** The largest limit accepted (₹1 crore in paise): far above any plausible one, well inside int8. */
export const SAFETY_LIMIT_MAX_MINOR = 1_000_000_000;

/** Sets (or, with null, removes) one limit. Lowering applies at once; raising and removing wait. */
export const SetSafetyLimitInputSchema = z.strictObject({
  kind: SafetyLimitKindSchema,
  period: SafetyPeriodSchema,
  /** Paise; null removes the limit. */
  amountMinor: z.number().int().min(100, 'A limit is at least ₹1').max(SAFETY_LIMIT_MAX_MINOR).nullable(),
});
export type SetSafetyLimitInput = z.infer<typeof SetSafetyLimitInputSchema>;

/**
 * The body of the requests that carry no other input (reopen the account, skip the prompt): the
 * player's explicit `{ "confirm": true }`, so an empty or stray body changes nothing.
 */
export const SafetyConfirmInputSchema = z.strictObject({ confirm: z.literal(true) });

/** Confirms a raise or removal after its cooling-off period. */
export const ConfirmSafetyLimitInputSchema = z.strictObject({ kind: SafetyLimitKindSchema, period: SafetyPeriodSchema });
export type ConfirmSafetyLimitInput = z.infer<typeof ConfirmSafetyLimitInputSchema>;

export const TakeBreakInputSchema = z.strictObject({ days: z.number().int().min(1).max(BREAK_MAX_DAYS) });
export type TakeBreakInput = z.infer<typeof TakeBreakInputSchema>;

export const SelfExcludeInputSchema = z.strictObject({
  months: z.union(EXCLUSION_MONTH_CHOICES.map((m) => z.literal(m)) as [z.ZodLiteral<6>, z.ZodLiteral<12>, z.ZodLiteral<60>]),
});
export type SelfExcludeInput = z.infer<typeof SelfExcludeInputSchema>;

export const SetRealityCheckInputSchema = z.strictObject({
  minutes: z.union([...REALITY_CHECK_MINUTE_CHOICES.map((m) => z.literal(m)), z.null()] as unknown as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodNull]),
});
export type SetRealityCheckInput = z.infer<typeof SetRealityCheckInputSchema>;

export const SafetyLimitSchema = z
  .object({
    kind: SafetyLimitKindSchema,
    period: SafetyPeriodSchema,
    /** The limit in force (paise), null when none. */
    amountMinor: z.number().int().nullable(),
    /** A raise or removal waiting for its cooling-off and the player's confirmation. */
    pending: z
      .object({
        amountMinor: z.number().int().nullable(),
        requestedAt: z.iso.datetime(),
        confirmableAt: z.iso.datetime(),
        confirmable: z.boolean(),
      })
      .nullable(),
    /** Used in the window (deposits credited, net loss, stakes). */
    usedMinor: z.number().int(),
    /**
     * Deposits only: open orders that could still be paid, held against the limit until they are
     * paid (then counted in `usedMinor`) or can no longer be paid (decision 390); 0 for the others.
     */
    reservedMinor: z.number().int().nonnegative(),
    /** What is left in the window (the limit minus used and reserved, never below 0), null without a limit. */
    remainingMinor: z.number().int().nullable(),
  })
  .meta({ id: 'SafetyLimit' });
export type SafetyLimit = z.infer<typeof SafetyLimitSchema>;

/**
 * A deposit limit that credited deposits passed (a payment that arrived for a cancelled or
 * expired order, an operator's approval): the window, the limit and what its credits add up to.
 */
export const DepositLimitPassSchema = z
  .object({
    period: SafetyPeriodSchema,
    limitMinor: z.number().int().positive(),
    /** Deposits credited in the window, this one included. */
    usedMinor: z.number().int().nonnegative(),
  })
  .meta({ id: 'DepositLimitPass' });
export type DepositLimitPass = z.infer<typeof DepositLimitPassSchema>;

/** none; a break (time-out); a self-exclusion; closed after an exclusion until reopened. */
export const SafetyBlockSchema = z
  .object({
    kind: z.enum(['none', 'break', 'exclusion', 'closed']),
    until: z.iso.datetime().nullable(),
    /** closed: when the player asked to reopen, and when the account reopens. */
    reopenRequestedAt: z.iso.datetime().nullable(),
    reopensAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SafetyBlock' });
export type SafetyBlock = z.infer<typeof SafetyBlockSchema>;

export const SafetyOfferedSchema = z.object({
  depositLimits: z.boolean(),
  lossLimits: z.boolean(),
  stakeLimits: z.boolean(),
  breaks: z.boolean(),
  selfExclusion: z.boolean(),
  realityChecks: z.boolean(),
});
export type SafetyOffered = z.infer<typeof SafetyOfferedSchema>;

export const NetDepositsSchema = z.object({
  last30DaysMinor: z.number().int(),
  last12MonthsMinor: z.number().int(),
  allTimeMinor: z.number().int(),
});

export const SafetyStateSchema = z
  .object({
    limits: z.array(SafetyLimitSchema),
    block: SafetyBlockSchema,
    realityCheckMinutes: z.number().int().nullable(),
    offered: SafetyOfferedSchema,
    /** The operator requires a deposit limit before the first deposit. */
    depositLimitRequired: z.boolean(),
    /** Ask the player to set a deposit limit (none set and the prompt was never answered). */
    depositLimitPrompt: z.boolean(),
    /** Deposits minus withdrawals paid. */
    netDeposits: NetDepositsSchema,
    currency: z.string(),
  })
  .meta({ id: 'SafetyState' });
export type SafetyState = z.infer<typeof SafetyStateSchema>;

/** The session's net result for the reality check: payouts minus stakes since `since`. */
export const SafetySessionQuerySchema = z.strictObject({ since: z.iso.datetime() });
export const SafetySessionSchema = z.object({ since: z.iso.datetime(), netResultMinor: z.number().int(), stakedMinor: z.number().int() });
export type SafetySession = z.infer<typeof SafetySessionSchema>;

/** One change of a control, as the player's history and the console show it. */
export const SafetyChangeSchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    action: z.string(),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: 'SafetyChange' });
export type SafetyChange = z.infer<typeof SafetyChangeSchema>;

export const SuspensionReasonSchema = z.enum(SUSPENSION_REASONS);
export type SuspensionReason = z.infer<typeof SuspensionReasonSchema>;
const SuspensionNoteSchema = pgText().trim().min(3, 'Write what the next operator needs to know').max(500);

/** An operator suspends an account (decision 420): a reason code and a note for the audit log. */
export const AdminSuspendInputSchema = z.strictObject({ reason: SuspensionReasonSchema, note: SuspensionNoteSchema });
export type AdminSuspendInput = z.infer<typeof AdminSuspendInputSchema>;
/** An operator lifts a suspension, saying why. */
export const AdminLiftSuspensionInputSchema = z.strictObject({ note: SuspensionNoteSchema });

/** A suspension in force: since when, why, and by which operator. */
export const AccountSuspensionSchema = z
  .object({ since: z.iso.datetime(), reason: SuspensionReasonSchema, note: z.string(), operatorId: z.number().int() })
  .meta({ id: 'AccountSuspension' });
export type AccountSuspension = z.infer<typeof AccountSuspensionSchema>;

export const ClosureReasonSchema = z.enum(CLOSURE_REASONS);
export type ClosureReason = z.infer<typeof ClosureReasonSchema>;
/** An operator closes an account for good (decision 440): a reason code and an optional note. */
export const AdminCloseInputSchema = z.strictObject({ reason: ClosureReasonSchema, note: pgText().trim().max(500).optional() });
export type AdminCloseInput = z.infer<typeof AdminCloseInputSchema>;

/** A closure: since when, why, by which operator, and the balance rule its reason gives (decision 441). */
export const AccountClosureSchema = z
  .object({
    since: z.iso.datetime(),
    reason: ClosureReasonSchema,
    note: z.string().nullable(),
    operatorId: z.number().int(),
    balanceRule: z.enum(['pay_out', 'hold']),
    /** The player's main balance when the closure was read (it stays in place: nothing moves at a closure). */
    balanceMinor: z.number().int(),
  })
  .meta({ id: 'AccountClosure' });
export type AccountClosure = z.infer<typeof AccountClosureSchema>;

/** The console's view of a player's controls, and the operator's suspension and closure if any. */
export const AdminPlayerSafetySchema = z.object({
  state: SafetyStateSchema,
  changes: z.array(SafetyChangeSchema),
  suspension: AccountSuspensionSchema.nullable(),
  closure: AccountClosureSchema.nullable(),
});
export type AdminPlayerSafety = z.infer<typeof AdminPlayerSafetySchema>;

/** Players whose money was refused by a control most often in the last days. */
export const AdminLimitHitSchema = z.object({ playerId: z.number().int(), hits: z.number().int(), lastAt: z.iso.datetime(), kinds: z.array(z.string()) });
export const AdminLimitHitsSchema = z.object({ days: z.number().int(), items: z.array(AdminLimitHitSchema) });
export type AdminLimitHits = z.infer<typeof AdminLimitHitsSchema>;
export const AdminLimitHitsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30), minHits: z.coerce.number().int().min(1).max(1000).default(3) });

/** An operator's responsible-gambling interaction note (decision 423): what they saw, what they did. */
export const AdminRgNoteInputSchema = z.strictObject({
  observed: pgText().trim().min(3, 'Write what you saw').max(1000),
  actionTaken: pgText().trim().min(3, 'Write what you did').max(1000),
});
export type AdminRgNoteInput = z.infer<typeof AdminRgNoteInputSchema>;
export const RgNoteSchema = z
  .object({ id: z.number().int(), at: z.iso.datetime(), operatorId: z.number().int(), observed: z.string(), actionTaken: z.string() })
  .meta({ id: 'RgNote' });
export type RgNote = z.infer<typeof RgNoteSchema>;

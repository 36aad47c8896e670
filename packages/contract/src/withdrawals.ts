import { z } from 'zod';
import { pgText } from './text';
import { AmountMinorSchema, IdempotencyKeySchema } from './wallet';
import {
  KYC_STATUSES,
  PAYOUT_METHOD_KINDS,
  WITHDRAWAL_STATUSES,
} from './withdrawal-states';

export { PAYOUT_METHOD_KINDS, WITHDRAWAL_CANCELLABLE_STATUSES, WITHDRAWAL_STATUSES } from './withdrawal-states';

// ---- Payout methods ----------------------------------------------------------------------

export const PayoutMethodKindSchema = z.enum(PAYOUT_METHOD_KINDS);
export type PayoutMethodKind = z.infer<typeof PayoutMethodKindSchema>;

export const PayoutMethodIdSchema = pgText().regex(/^pm_[A-Za-z0-9_-]{6,40}$/, 'Unknown payout method');

/** A UPI id (VPA) such as `name@okbank`. */
export const VpaSchema = pgText().regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/, 'Enter a UPI ID like name@bank');
/** IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IfscSchema = pgText().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'An IFSC is 11 characters like HDFC0001234');
/** Indian bank account numbers are 9 to 18 digits. */
export const BankAccountNumberSchema = pgText().regex(/^\d{9,18}$/, 'An account number is 9 to 18 digits');
export const AccountHolderSchema = pgText()
  .regex(/^[A-Za-z][A-Za-z .'-]{1,99}$/, 'Enter the name on the account (letters, spaces, . \' -)');
/** An EVM address (USDT on an EVM chain): 0x and 40 hex digits. */
export const EvmAddressSchema = pgText().regex(/^0x[0-9a-fA-F]{40}$/, 'An address is 0x followed by 40 hex digits');

export const AddPayoutMethodInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('upi'), vpa: VpaSchema }),
  z.strictObject({
    kind: z.literal('bank'),
    accountHolder: AccountHolderSchema,
    accountNumber: BankAccountNumberSchema,
    ifsc: IfscSchema,
  }),
  z.strictObject({ kind: z.literal('usdt'), address: EvmAddressSchema }),
]);
export type AddPayoutMethodInput = z.infer<typeof AddPayoutMethodInputSchema>;

export const PayoutMethodRefInputSchema = z.strictObject({ methodId: PayoutMethodIdSchema });

/** A saved payout method as the player sees it: bank account numbers are masked. */
export const PayoutMethodSchema = z
  .object({
    id: z.string(),
    kind: PayoutMethodKindSchema,
    /** One line for lists: `name@bank`, `HDFC0001234 ••••6789`, `0x12ab…cdef`. */
    summary: z.string(),
    details: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('upi'), vpa: z.string() }),
      z.object({ kind: z.literal('bank'), accountHolder: z.string(), accountNumberLast4: z.string(), ifsc: z.string() }),
      z.object({ kind: z.literal('usdt'), address: z.string() }),
    ]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PayoutMethod' });
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

export const PayoutMethodListSchema = z.object({
  items: z.array(PayoutMethodSchema),
  /** How many methods a player may keep (adding more answers PAYOUT_METHOD_LIMIT). */
  maxMethods: z.number().int(),
});
export type PayoutMethodList = z.infer<typeof PayoutMethodListSchema>;

// ---- Withdraw info -----------------------------------------------------------------------

export const KycStatusValueSchema = z.enum(KYC_STATUSES);
export type KycStatusValue = z.infer<typeof KycStatusValueSchema>;

/** Everything the withdraw screen states: what can go now, what is locked and why, the limits. */
export const WithdrawInfoSchema = z
  .object({
    currency: z.string(),
    /** The main wallet balance. */
    balanceMinor: z.number().int(),
    /** What a withdrawal may take now: the balance minus the wagering-locked part (never below 0). */
    withdrawableMinor: z.number().int(),
    /** Part of the balance that deposits not yet played through keep locked. */
    wageringLockedMinor: z.number().int(),
    wagering: z.object({
      /** Deposits must be staked this many times before their amount can be withdrawn. */
      factor: z.number(),
      /** Stakes still needed to unlock everything (0 when nothing is locked). */
      remainingToPlayMinor: z.number().int(),
      /** Why money is locked: `wagering` (deposits not yet played through) or null. */
      lockReason: z.enum(['wagering']).nullable(),
    }),
    minMinor: z.number().int(),
    maxMinor: z.number().int(),
    dailyCountLimit: z.number().int(),
    /** Withdrawals still allowed today (IST calendar day). */
    dailyCountLeft: z.number().int(),
    /** Taken from the amount when paid: fee = feeFixedMinor + floor(amount * feeBps / 10000). */
    feeFixedMinor: z.number().int(),
    feeBps: z.number().int(),
    kycStatus: KycStatusValueSchema,
    /** Payout method kinds that can be added and used now (usdt only once that channel exists). */
    methodKinds: z.array(PayoutMethodKindSchema),
    /** True when payouts go to the sandbox (no real money moves). */
    sandbox: z.boolean(),
  })
  .meta({ id: 'WithdrawInfo' });
export type WithdrawInfo = z.infer<typeof WithdrawInfoSchema>;

// ---- Withdrawals -------------------------------------------------------------------------

export const WithdrawalIdSchema = pgText().regex(/^wd_[A-Za-z0-9_-]{6,40}$/, 'Unknown withdrawal');
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

export const RequestWithdrawalInputSchema = z.strictObject({
  methodId: PayoutMethodIdSchema,
  amountMinor: AmountMinorSchema,
  idempotencyKey: IdempotencyKeySchema,
  /** The player confirmed the screen saying a withdrawal now forfeits their active bonus (decision 490). */
  forfeitBonus: z.boolean().optional(),
});
export type RequestWithdrawalInput = z.infer<typeof RequestWithdrawalInputSchema>;

export const WithdrawalRefInputSchema = z.strictObject({ withdrawalId: WithdrawalIdSchema });
export const WithdrawalQuerySchema = z.strictObject({ withdrawalId: WithdrawalIdSchema });

export const WithdrawalSchema = z
  .object({
    id: z.string(),
    /** Taken from the main wallet when requested. */
    amountMinor: z.number().int(),
    /** Kept by the house when paid (0 when no fee is configured). */
    feeMinor: z.number().int(),
    /** What reaches the payout method: amountMinor - feeMinor. */
    netAmountMinor: z.number().int(),
    currency: z.string(),
    status: WithdrawalStatusSchema,
    method: z.object({ id: z.string(), kind: PayoutMethodKindSchema, summary: z.string() }),
    /** True while the player may cancel (requested or review). */
    cancellable: z.boolean(),
    /** Why the payout failed (gateway's reason), for failed and failed_after_paid. */
    failureReason: z.string().nullable(),
    /** The operator's reason, for rejected. */
    rejectionReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** When approved (by an operator, or automatically). */
    approvedAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    /** When it reached a final status (paid, failed, cancelled, rejected, failed_after_paid). */
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalsQuerySchema = z.strictObject({
  status: WithdrawalStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: WithdrawalIdSchema.optional().describe('nextCursor of the previous page'),
});
export type WithdrawalsQuery = z.infer<typeof WithdrawalsQuerySchema>;

export const WithdrawalsPageSchema = z.object({
  items: z.array(WithdrawalSchema),
  nextCursor: z.string().nullable(),
});
export type WithdrawalsPage = z.infer<typeof WithdrawalsPageSchema>;

// ---- Operator views (used by the operator console; not player routes) ---------------------

/** A withdrawal as an operator's review queue shows it. */
export const WithdrawalReviewItemSchema = WithdrawalSchema.extend({
  playerId: z.number().int(),
  /** Operators who approved so far (one more is needed above the second-approval amount). */
  approvals: z.array(z.object({ operatorId: z.string(), note: z.string(), at: z.iso.datetime() })),
  approvalsRequired: z.number().int(),
  /** Why it was not paid automatically: `amount_above_auto_limit`, `risk_flag:<flag>`, `auto_payout_off`. */
  reviewReasons: z.array(z.string()),
}).meta({ id: 'WithdrawalReviewItem' });
export type WithdrawalReviewItem = z.infer<typeof WithdrawalReviewItemSchema>;

export const WithdrawalReviewPageSchema = z.object({
  items: z.array(WithdrawalReviewItemSchema),
  nextCursor: z.string().nullable(),
});
export type WithdrawalReviewPage = z.infer<typeof WithdrawalReviewPageSchema>;

/** An operator's note on an approval (may be empty). */
export const OperatorNoteSchema = pgText().trim().max(500);
/** The reason the player reads when an operator rejects a withdrawal. */
export const WithdrawalRejectReasonSchema = pgText().trim().min(1, 'Write the reason the player will read').max(300);

/** What an operator's approval did: recorded and waiting for a second operator, or approved. */
export const ApproveWithdrawalResultSchema = z.object({
  status: z.enum(['awaiting_second_approval', 'approved']),
  withdrawal: WithdrawalReviewItemSchema,
});
export type ApproveWithdrawalResult = z.infer<typeof ApproveWithdrawalResultSchema>;

// ---- Payout gateway callback (server to server, signed) -----------------------------------

/**
 * What the payout gateway posts to our callback (signed like the UPI webhook; see
 * docs/payments.md, "Payouts"). `withdrawalId` is ours: payouts are created idempotently by it.
 * `reversed`: a payout reported paid was returned by the bank later.
 */
export const PayoutCallbackEventSchema = z.strictObject({
  eventId: pgText().min(1).max(100),
  payoutRef: pgText().min(1).max(100),
  withdrawalId: WithdrawalIdSchema,
  status: z.enum(['paid', 'failed', 'reversed']),
  amountMinor: z.number().int().positive(),
  /** The bank's reference of a paid payout (UTR for UPI/IMPS, tx hash for USDT). */
  reference: pgText().max(100).nullable(),
  failureReason: pgText().max(200).nullable(),
});
export type PayoutCallbackEvent = z.infer<typeof PayoutCallbackEventSchema>;

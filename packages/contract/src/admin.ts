import { z } from 'zod';
import { AccountLinkSchema } from './account-links';
import { KycRejectReasonSchema, KycSubmissionIdSchema } from './kyc';
import { ADJUSTMENT_REASONS, ALERT_KINDS, AUDIT_ACTIONS, OPERATOR_ROLES } from './admin-constants';
import { AccountClosureSchema, DepositLimitPassSchema } from './safety';
import { pgText } from './text';
import { AmountMinorSchema, IdempotencyKeySchema } from './wallet';
import { WithdrawalIdSchema, WithdrawalRejectReasonSchema } from './withdrawals';

/**
 * The operator console's API (`/api/admin/...`, docs/admin.md). Operators are not players: they sign
 * in with username, password and a TOTP code, and their session is a cookie scoped to
 * `/api/admin`. Every state-changing request must also carry ADMIN_CSRF_HEADER (docs/admin.md).
 */
export { ADJUSTMENT_REASONS, ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_ENROL_PAGE, ADMIN_SESSION_COOKIE, ALERT_KINDS, AUDIT_ACTIONS, OPERATOR_ROLES } from './admin-constants';
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;


export const OperatorUsernameSchema = pgText()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9._-]{2,31}$/, '3 to 32 letters, digits, dot, dash or underscore, starting with a letter');
export const TotpCodeSchema = pgText().regex(/^\d{6}$/, 'The 6-digit code from the authenticator app');

export const OperatorLoginInputSchema = z.strictObject({
  username: OperatorUsernameSchema,
  password: pgText().min(1).max(200),
  code: TotpCodeSchema,
});
export type OperatorLoginInput = z.infer<typeof OperatorLoginInputSchema>;

export const OperatorSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: OperatorRoleSchema,
    disabled: z.boolean(),
    createdAt: z.iso.datetime(),
    createdBy: z.number().int().nullable().describe('The operator who made it in the console; null when the CLI made it'),
    countersignedBy: z.number().int().nullable(),
    awaitingCountersign: z
      .boolean()
      .describe('An admin or finance operator made in the console that no admin of another origin has countersigned yet: it moves no money (decision 395)'),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof OperatorSchema>;

/** Who is signed in and what the console may show them (the server checks every action again). */
export const OperatorSessionSchema = z
  .object({
    operator: OperatorSchema,
    permissions: z.array(z.string()),
    expiresAt: z.iso.datetime(),
    mustChangePassword: z.boolean().describe('Signed in with a one-time password: only a password change is allowed'),
  })
  .meta({ id: 'OperatorSession' });
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const ChangeOperatorPasswordInputSchema = z.strictObject({
  currentPassword: pgText().min(1).max(200),
  newPassword: pgText().min(OPERATOR_PASSWORD_MIN_LENGTH, `Use at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`).max(200),
});
export type ChangeOperatorPasswordInput = z.infer<typeof ChangeOperatorPasswordInputSchema>;

export const CreateOperatorInputSchema = z.strictObject({ username: OperatorUsernameSchema, role: OperatorRoleSchema });
export type CreateOperatorInput = z.infer<typeof CreateOperatorInputSchema>;
/** Shown once: the password and TOTP secret are never returned again. */
export const CreatedOperatorSchema = z.object({
  operator: OperatorSchema,
  password: z.string(),
  totpSecret: z.string().describe('Base32'),
  otpauthUri: z.string(),
});
export type CreatedOperator = z.infer<typeof CreatedOperatorSchema>;

/**
 * What the creator of an operator gets (console and CLI, decision 195): a one-time enrolment link,
 * shown once, for the new operator alone. No password or TOTP secret: the new operator chooses
 * the one and receives the other when they open the link.
 */
export const OperatorInvitationSchema = z
  .object({
    operator: OperatorSchema,
    enrolmentToken: z.string(),
    enrolmentPath: z.string().describe('ADMIN_ENROL_PAGE#token: the token never reaches a server log'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'OperatorInvitation' });
export type OperatorInvitation = z.infer<typeof OperatorInvitationSchema>;

export const EnrolmentTokenSchema = pgText().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an enrolment link');
export const EnrolmentStartInputSchema = z.strictObject({ token: EnrolmentTokenSchema });
/** The new operator's own TOTP secret, shown only to whoever opened the link. */
export const EnrolmentOfferSchema = z.object({
  username: z.string(),
  role: OperatorRoleSchema,
  totpSecret: z.string().describe('Base32'),
  otpauthUri: z.string(),
  expiresAt: z.iso.datetime(),
  openerKey: z.string().describe('Binds the started link to this opener: completing needs it, and the link opens no second time (decision 396)'),
});
export type EnrolmentOffer = z.infer<typeof EnrolmentOfferSchema>;
export const EnrolmentCompleteInputSchema = z.strictObject({
  token: EnrolmentTokenSchema,
  openerKey: EnrolmentTokenSchema,
  password: pgText().min(OPERATOR_PASSWORD_MIN_LENGTH, `Use at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`).max(200),
  code: TotpCodeSchema,
});
export type EnrolmentCompleteInput = z.infer<typeof EnrolmentCompleteInputSchema>;

export const AlertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKindSchema>;
export const OperatorAlertSchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    kind: AlertKindSchema,
    operatorId: z.number().int().nullable(),
    target: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OperatorAlert' });
export type OperatorAlert = z.infer<typeof OperatorAlertSchema>;

export const OperatorIdParamsSchema = z.strictObject({ operatorId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A note is required on every decision: the audit log must say why. */
export const DecisionNoteSchema = pgText().trim().min(3, 'Say why (3 characters or more)').max(500);

export const DepositReviewItemSchema = z.object({
  id: z.string(),
  playerId: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
  utr: z.string().nullable(),
  gatewayUtr: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** The player's deposit limits an approval would pass (deposits credited in the window plus `amountMinor`); empty when none. */
  limitWarning: z.array(DepositLimitPassSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DepositReviewItem = z.infer<typeof DepositReviewItemSchema>;
export const DepositReviewParamsSchema = z.strictObject({ orderId: pgText().regex(/^dep_[A-Za-z0-9_-]{6,60}$/, 'Unknown order') });
export const DepositReviewInputSchema = z.strictObject({ decision: z.enum(['approve', 'reject']), note: DecisionNoteSchema });
export type DepositReviewInput = z.infer<typeof DepositReviewInputSchema>;

/**
 * A USDT transfer under review (late payment, second payment, paid after cancel, worth less than
 * a paisa): the queue row. `transferId` is the transaction hash and log index ("0x…:3").
 */
export const UsdtReviewItemSchema = z.object({
  transferId: z.string(),
  orderId: z.string(),
  playerId: z.number().int(),
  orderStatus: z.string(),
  reviewReason: z.string().nullable(),
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  receivedBaseUnits: z.string(),
  receivedUsdt: z.string(),
  tokenSymbol: z.string(),
  orderAmountMinor: z.number().int(),
  orderUsdt: z.string(),
  rate: z.string(),
  creditMinor: z.number().int().describe('What an approval credits: what arrived at the locked rate, in paise'),
  /** The player's deposit limits an approval would pass (deposits credited in the window plus `creditMinor`); empty when none. */
  limitWarning: z.array(DepositLimitPassSchema),
  currency: z.string(),
  blockTime: z.iso.datetime(),
  seenAt: z.iso.datetime(),
});
export type UsdtReviewItem = z.infer<typeof UsdtReviewItemSchema>;
export const UsdtReviewParamsSchema = z.strictObject({ transferId: pgText().regex(/^0x[0-9a-f]{64}:\d{1,9}$/, 'Unknown transfer') });
export const UsdtReviewInputSchema = z.strictObject({ note: DecisionNoteSchema });
export type UsdtReviewInput = z.infer<typeof UsdtReviewInputSchema>;
export const UsdtReviewDecisionSchema = z.object({
  transferId: z.string(),
  orderId: z.string(),
  status: z.enum(['approved', 'rejected']),
  creditedMinor: z.number().int().nullable(),
  ledgerTransferId: z.string().nullable(),
  orderStatus: z.string(),
  /** The player's deposit limits this approval passed (an operator alert is raised for them); empty when none. */
  limitPassed: z.array(DepositLimitPassSchema),
});
export type UsdtReviewDecision = z.infer<typeof UsdtReviewDecisionSchema>;

export const PlayerLookupQuerySchema = z.strictObject({
  q: pgText().trim().min(1).max(20).describe('A player id, an 8-digit public UID, or a 10-digit phone number (with or without +91)'),
});
export const PlayerIdParamsSchema = z.strictObject({ playerId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const AdminLedgerQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.coerce.number().int().min(1).optional().describe('nextCursor of the previous page'),
});
export type AdminLedgerQuery = z.infer<typeof AdminLedgerQuerySchema>;

export const AdminPlayerSchema = z.object({
  id: z.number().int(),
  uid: z.number().int().describe('The public 8-digit id players see'),
  phone: z.string(),
  nickname: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  balances: z.array(z.object({ accountCode: z.string(), balanceMinor: z.number().int(), currency: z.string() })),
});
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>;

export const AdminLedgerEntrySchema = z.object({
  id: z.number().int(),
  transferId: z.string(),
  kind: z.string(),
  accountCode: z.string(),
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int().describe('Running balance after this entry'),
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const AdminLedgerPageSchema = z.object({ items: z.array(AdminLedgerEntrySchema), nextCursor: z.number().int().nullable() });
export type AdminLedgerPage = z.infer<typeof AdminLedgerPageSchema>;

export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    operatorId: z.number().int().nullable(),
    username: z.string().nullable(),
    action: AuditActionSchema,
    target: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.strictObject({
  operatorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: AuditActionSchema.optional(),
  target: pgText().max(100).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional().describe('nextCursor of the previous page'),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AdminWithdrawalParamsSchema = z.strictObject({ withdrawalId: WithdrawalIdSchema });
export const AdminWithdrawalReviewQuerySchema = z.strictObject({
  cursor: pgText().max(100).optional().describe('nextCursor of the previous page'),
});
export const AdminWithdrawalApproveInputSchema = z.strictObject({ note: DecisionNoteSchema });
export const AdminWithdrawalRejectInputSchema = z.strictObject({ note: WithdrawalRejectReasonSchema });
export const AdminKycParamsSchema = z.strictObject({ submissionId: KycSubmissionIdSchema });
export const AdminKycRejectInputSchema = z.strictObject({ reason: KycRejectReasonSchema });

// ---------------------------------------------------------------------------------------------
// Balance adjustments (decision 421): an operator's credit or debit with a reason code, posted as
// a ledger transfer of kind `adjustment`; at or above ADJUSTMENT_SECOND_APPROVAL_MINOR it waits
// for a second, independent operator (the two-person rule of withdrawals).
export const AdjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS);
export type AdjustmentReason = z.infer<typeof AdjustmentReasonSchema>;
export const AdjustmentIdSchema = pgText().regex(/^adj_[A-Za-z0-9_-]{8,40}$/, 'An adjustment id (adj_...)');
export const AdminAdjustmentInputSchema = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  amountMinor: AmountMinorSchema,
  reason: AdjustmentReasonSchema,
  note: pgText().trim().min(3, 'Write why, for the audit log').max(500),
  idempotencyKey: IdempotencyKeySchema,
});
export type AdminAdjustmentInput = z.infer<typeof AdminAdjustmentInputSchema>;
export const AdminAdjustmentParamsSchema = z.strictObject({ adjustmentId: AdjustmentIdSchema });
export const AdjustmentSchema = z
  .object({
    id: z.string(),
    playerId: z.number().int(),
    direction: z.enum(['credit', 'debit']),
    amountMinor: z.number().int(),
    reason: AdjustmentReasonSchema,
    note: z.string(),
    requestedBy: z.number().int(),
    requestedAt: z.iso.datetime(),
    approvalsNeeded: z.number().int(),
    approvers: z.array(z.number().int()),
    status: z.enum(['awaiting_second_approval', 'applied']),
    transferId: z.string().nullable(),
    appliedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Adjustment' });
export type Adjustment = z.infer<typeof AdjustmentSchema>;

/**
 * What a review card shows without another click (decision 422): the player's money, their last
 * 30 days of deposits and withdrawals, wagering, identity check and responsible-gambling state.
 */
export const AdminReviewContextSchema = z
  .object({
    playerId: z.number().int(),
    balanceMinor: z.number().int(),
    withdrawableMinor: z.number().int(),
    /** Stakes still needed before the wagering lock clears (0: nothing locked). */
    remainingToPlayMinor: z.number().int(),
    /** Deposits credited in the last 30 days. */
    deposits30dMinor: z.number().int(),
    /** Money that left the main wallet by withdrawals in the last 30 days (requested minus returned). */
    withdrawals30dMinor: z.number().int(),
    kycStatus: z.string(),
    /** The player's own block: none, break, exclusion or closed. */
    safetyBlock: z.enum(['none', 'break', 'exclusion', 'closed']),
    /** How many of the player's own limits are in force. */
    limitsInForce: z.number().int(),
    suspended: z.boolean(),
    /** An operator's closure (decision 440) and what it does to the balance (decision 441), or null. */
    closure: AccountClosureSchema.pick({ reason: true, balanceRule: true }).nullable(),
    /** Other accounts linked to this one (decision 430), with the reasons and any operator's decision. */
    linkedAccounts: z.array(AccountLinkSchema),
  })
  .meta({ id: 'AdminReviewContext' });
export type AdminReviewContext = z.infer<typeof AdminReviewContextSchema>;

import { z } from 'zod';
import { pgText } from './text';
import { DEPOSIT_CHANNELS, DEPOSIT_STATUSES } from './deposit-states';

/** Money is always an integer count of minor units (paise for INR); never a float. */
export const AmountMinorSchema = z
  .number()
  .int('Amounts are whole numbers of paise')
  .positive('The amount must be more than zero')
  .max(Number.MAX_SAFE_INTEGER);

export const IdempotencyKeySchema = pgText()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Send a unique key of 8 to 100 letters, digits, - or _');

export const DepositIdSchema = pgText().regex(/^dep_[A-Za-z0-9_-]{6,40}$/, 'Unknown order number');

/** A UPI transaction reference (UTR): 12 digits. */
export const UtrSchema = pgText().regex(/^\d{12}$/, 'A UTR is exactly 12 digits');

export { DEPOSIT_CHANNELS, DEPOSIT_STATUSES } from './deposit-states';
export const DepositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

export const DepositChannelSchema = z.enum(DEPOSIT_CHANNELS);
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

export const BalanceSchema = z.object({ balanceMinor: z.number().int(), currency: z.string() });
export type Balance = z.infer<typeof BalanceSchema>;

export const WalletSchema = z
  .object({
    currency: z.string(),
    totalMinor: z.number().int(),
    mainMinor: z.number().int(),
    vendors: z.array(z.object({ vendorCode: z.string(), balanceMinor: z.number().int() })),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof WalletSchema>;

export const TransferToMainInputSchema = z.strictObject({ idempotencyKey: IdempotencyKeySchema });
export const TransferToMainResultSchema = z.object({
  movedMinor: z.number().int(),
  wallet: WalletSchema,
});

export const DepositChannelInfoSchema = z.object({
  channel: DepositChannelSchema,
  enabled: z.boolean(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  presetsMinor: z.array(z.number().int()),
});
export const DepositInfoSchema = z
  .object({
    currency: z.string(),
    expiryMinutes: z.number().int(),
    sandbox: z.boolean().describe('True when no real money can move (sandbox channels)'),
    channels: z.array(DepositChannelInfoSchema),
  })
  .meta({ id: 'DepositInfo' });
export type DepositInfo = z.infer<typeof DepositInfoSchema>;

export const DepositSchema = z
  .object({
    id: z.string(),
    channel: DepositChannelSchema,
    amountMinor: z.number().int(),
    currency: z.string(),
    status: DepositStatusSchema,
    payeeVpa: z.string(),
    upiLink: z.string().describe('upi://pay link for the QR code and UPI apps'),
    paymentUrl: z.string().nullable().describe('Gateway page where the payment can be made'),
    utr: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof DepositSchema>;

export const CreateRechargeInputSchema = z.strictObject({
  channel: z.literal('upi'),
  amountMinor: AmountMinorSchema,
  idempotencyKey: IdempotencyKeySchema,
  /** The player's opt-in to the first-deposit bonus (docs/promotions.md): never sent unless they ticked it. */
  firstDepositBonus: z.strictObject({ termsVersion: pgText().min(1).max(40) }).optional(),
});
export type CreateRechargeInput = z.infer<typeof CreateRechargeInputSchema>;

export const DepositRefInputSchema = z.strictObject({ orderId: DepositIdSchema });
export const SubmitUtrInputSchema = z.strictObject({ orderId: DepositIdSchema, utr: UtrSchema });

export const DepositsQuerySchema = z.strictObject({
  id: DepositIdSchema.optional(),
  status: DepositStatusSchema.optional(),
  channel: DepositChannelSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: DepositIdSchema.optional().describe('nextCursor of the previous page'),
});
export type DepositsQuery = z.infer<typeof DepositsQuerySchema>;

export const DepositsPageSchema = z.object({
  items: z.array(DepositSchema),
  nextCursor: z.string().nullable(),
});
export type DepositsPage = z.infer<typeof DepositsPageSchema>;

/** What a payment gateway posts to our webhook (signed; see docs/payments.md). */
export const UpiWebhookEventSchema = z.strictObject({
  eventId: pgText().min(1).max(100),
  gatewayRef: pgText().min(1).max(100),
  // Our order id as the gateway knows it (sent when the payment was opened): a notice still
  // finds its order when the payment reference was never recorded on our side.
  merchantOrderId: DepositIdSchema.optional(),
  status: z.enum(['paid', 'declined']),
  amountMinor: z.number().int().positive(),
  utr: UtrSchema.nullable(),
});
export type UpiWebhookEvent = z.infer<typeof UpiWebhookEventSchema>;

// Minor units as a plain decimal string ("500.00"); it lives with the report tables, which the
// console imports without zod.
export { minorToDecimal } from './report-tables';

import { z } from 'zod';
import { pgText } from './text';
import { AmountMinorSchema, DepositIdSchema, DepositSchema, IdempotencyKeySchema } from './wallet';
import { USDT_REVIEW_REASONS } from './deposit-states';

/**
 * USDT recharge (docs/payments.md): the player orders an amount in INR, the server locks the USDT amount
 * at the rate of that moment and gives an address of its own for the order; a chain watcher
 * follows the token's Transfer logs to that address and credits the INR value of what arrived,
 * at the locked rate, once the transfer is N blocks deep.
 *
 * Token amounts travel as strings: `...BaseUnits` is an integer in the token's smallest unit
 * (10^-decimals of a token; bigint on the server), `usdt...` is the same amount as a decimal
 * string in whole tokens ("6.006007"). Neither is ever a float.
 */

/** A USDT order id (`usdt_...`): another prefix than UPI orders (`dep_...`). */
export const UsdtOrderIdSchema = pgText().regex(/^usdt_[A-Za-z0-9_-]{6,40}$/, 'Unknown order number');

/**
 * waiting: no transfer seen yet. seen: a transfer is in a block, confirmations < required.
 * succeeded: credited. expired: nothing arrived in time. review: money arrived but a person must
 * decide (after expiry, a second payment, a cancelled order). cancelled: the player cancelled
 * before paying.
 */
export const USDT_DEPOSIT_STATUSES = ['waiting', 'seen', 'succeeded', 'expired', 'review', 'cancelled'] as const;
export const UsdtDepositStatusSchema = z.enum(USDT_DEPOSIT_STATUSES);
export type UsdtDepositStatus = z.infer<typeof UsdtDepositStatusSchema>;

// Plain constants (deposit-states.ts), so the console can list them without the schemas.
export { USDT_REVIEW_REASONS };
export const UsdtReviewReasonSchema = z.enum(USDT_REVIEW_REASONS);
export type UsdtReviewReason = z.infer<typeof UsdtReviewReasonSchema>;

const baseUnits = z.string().regex(/^\d+$/).describe('Integer amount in the token base unit (10^-decimals of a token)');
const tokenDecimal = z.string().regex(/^\d+(\.\d+)?$/).describe('Amount in whole tokens as a decimal string, e.g. "6.006007"');

/** The order as the player sees it: the create answer, the status poll and the history rows. */
export const UsdtDepositSchema = z
  .object({
    id: z.string(),
    channel: z.literal('usdt'),
    status: UsdtDepositStatusSchema,
    /** The ordered amount in INR paise. */
    amountMinor: z.number().int(),
    currency: z.string().describe('The wallet currency credited (INR)'),
    /** What the player must send, locked at creation. */
    usdtAmount: tokenDecimal,
    usdtAmountBaseUnits: baseUnits,
    rate: z.string().regex(/^\d+(\.\d+)?$/).describe('Locked rate: INR per 1 USDT, decimal string ("83.25")'),
    rateMinorPerToken: z.number().int().describe('Locked rate in paise per 1 whole USDT (8325)'),
    depositAddress: z.string().describe('EIP-55 checksummed address unique to this order'),
    network: z.string().describe('Network name to show ("Send only USDT on <network>")'),
    chainId: z.number().int(),
    tokenAddress: z.string().describe('The USDT token contract address on that network'),
    tokenSymbol: z.string(),
    tokenDecimals: z.number().int(),
    /** Confirmations of the transfer being followed (0 while waiting), and how many are required. */
    confirmations: z.number().int(),
    requiredConfirmations: z.number().int(),
    /** What arrived so far (sum of the transfers counted for this order), null while nothing did. */
    receivedBaseUnits: baseUnits.nullable(),
    receivedUsdt: tokenDecimal.nullable(),
    /** INR paise credited to the wallet (what arrived at the locked rate, floored), null until credited. */
    creditedMinor: z.number().int().nullable(),
    txHash: z.string().nullable().describe('Hash of the transaction of the transfer followed or credited'),
    underpaid: z.boolean().describe('Less than usdtAmount arrived; what arrived was credited'),
    overpaid: z.boolean().describe('More than usdtAmount arrived; what was ordered was credited (within 1 %) and the rest went to review'),
    reviewReason: UsdtReviewReasonSchema.nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    serverTime: z.iso.datetime().describe('Server clock when answered, to correct the countdown'),
  })
  .meta({ id: 'UsdtDeposit' });
export type UsdtDeposit = z.infer<typeof UsdtDepositSchema>;

/** POST /api/wallet/get-recharge-url-usdt (idempotent by key, like the UPI recharge). */
export const CreateUsdtRechargeInputSchema = z.strictObject({
  amountMinor: AmountMinorSchema,
  idempotencyKey: IdempotencyKeySchema,
});
export type CreateUsdtRechargeInput = z.infer<typeof CreateUsdtRechargeInputSchema>;

/** GET /api/wallet/get-usdt-deposit-status-pooling?orderId= */
export const UsdtDepositStatusQuerySchema = z.strictObject({ orderId: UsdtOrderIdSchema });

/**
 * POST /api/wallet/cancel-deposit takes an order id of either kind. The answer is the order in
 * its own shape: a `Deposit` for a UPI id (`dep_`), a `UsdtDeposit` for a USDT id (`usdt_`).
 */
export const CancelDepositInputSchema = z.strictObject({ orderId: z.union([DepositIdSchema, UsdtOrderIdSchema]) });
export const CancelDepositResultSchema = z.union([DepositSchema, UsdtDepositSchema]);

/**
 * GET /api/wallet/get-usdt-deposits: the player's USDT orders, newest first (the recharge history
 * shows them beside the UPI orders of get-deposits, which lists UPI orders only).
 */
export const UsdtDepositsQuerySchema = z.strictObject({
  status: UsdtDepositStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: UsdtOrderIdSchema.optional().describe('nextCursor of the previous page'),
});
export type UsdtDepositsQuery = z.infer<typeof UsdtDepositsQuerySchema>;
export const UsdtDepositsPageSchema = z.object({ items: z.array(UsdtDepositSchema), nextCursor: z.string().nullable() });
export type UsdtDepositsPage = z.infer<typeof UsdtDepositsPageSchema>;

/**
 * POST /api/sandbox/usdt/faucet (sandbox chain only; the route does not exist otherwise): sends
 * test USDT from the dev chain's deployer to the order's address. Without amountBaseUnits it
 * sends exactly the order's usdtAmountBaseUnits; with it, that amount (to try under/overpayment).
 */
export const UsdtFaucetInputSchema = z.strictObject({
  orderId: UsdtOrderIdSchema,
  amountBaseUnits: pgText()
    .regex(/^[1-9]\d{0,40}$/, 'A positive whole number of base units')
    .optional(),
});
export const UsdtFaucetResultSchema = z.object({
  txHash: z.string(),
  to: z.string(),
  amountBaseUnits: baseUnits,
  blockNumber: z.number().int(),
});
export type UsdtFaucetResult = z.infer<typeof UsdtFaucetResultSchema>;

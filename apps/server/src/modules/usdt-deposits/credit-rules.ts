import type { UsdtDepositStatus, UsdtReviewReason } from '@colorplay/contract';
import { creditForPayment } from './amounts';

/** A transfer the watcher found, as the credit decision needs it. */
export type SeenTransfer = { blockNumber: number; blockTime: Date; amountBaseUnits: bigint };

/** The order as the credit decision needs it. */
export type OrderFacts = {
  status: UsdtDepositStatus;
  expiresAt: Date;
  tokenAmount: bigint;
  /** The INR amount ordered, in paise: what an exact payment of `tokenAmount` credits. */
  amountMinor: number;
  rateMinorPerToken: number;
  decimals: number;
  /** The channel's per-order maximum now (it holds at credit time, not only at order time). */
  maxMinor: number;
  /** True when another transfer was already credited for this order (or is under review as the first). */
  alreadyPaid: boolean;
};

export type CreditDecision =
  | { action: 'wait'; confirmations: number }
  /** excessMinor > 0: the value beyond the credit goes to the review queue, never to the balance. */
  | { action: 'credit'; creditedMinor: number; excessMinor: number; underpaid: boolean; overpaid: boolean }
  | { action: 'review'; reason: UsdtReviewReason };

/**
 * How much more than ordered an automatic credit may be, in basis points of the order (1 %):
 * wallets round what they send (to 2 or 4 decimals, or add a cent to be safe), and a player who
 * sends ₹500.40 for a ₹500 order should see ₹500.40 without waiting for a person. Anything
 * beyond waits for an operator (decision 191).
 */
export const OVERPAY_TOLERANCE_BPS = 100;

/**
 * The most an order's payment is credited without a person: what was ordered plus the
 * tolerance, and never more than the channel's per-order maximum at credit time.
 */
export function autoCreditCapMinor(amountMinor: number, maxMinor: number): number {
  return Math.min(amountMinor + Math.floor((amountMinor * OVERPAY_TOLERANCE_BPS) / 10_000), maxMinor);
}

/** Confirmations of a block at a head: the block itself counts as one. */
export function confirmationsOf(blockNumber: number, headNumber: number): number {
  return Math.max(0, headNumber - blockNumber + 1);
}

/**
 * What to do with one transfer to an order's address, given the chain head. Pure. A transfer is
 * decided only once it is `required` blocks deep (the caller has re-verified it on the chain
 * then); before that it waits. The deadline is the block's time, so a payment made in time but
 * seen after the expiry sweep still counts, and one mined after the deadline never does.
 */
export function decideTransfer(t: SeenTransfer, order: OrderFacts, headNumber: number, required: number): CreditDecision {
  const confirmations = confirmationsOf(t.blockNumber, headNumber);
  if (confirmations < required) return { action: 'wait', confirmations };
  if (order.alreadyPaid || order.status === 'succeeded' || order.status === 'review') return { action: 'review', reason: 'second_payment' };
  if (order.status === 'cancelled') return { action: 'review', reason: 'paid_after_cancel' };
  if (t.blockTime.getTime() > order.expiresAt.getTime()) return { action: 'review', reason: 'late_payment' };
  // What the payment is worth (an exact payment of the rounded amount asked is exactly the
  // order: decision 260); an overpayment credits what was ordered within the tolerance, and the
  // rest waits for an operator (decision 191).
  const value = creditForPayment(t.amountBaseUnits, order);
  if (value <= 0n) return { action: 'review', reason: 'amount_too_small' };
  const cap = BigInt(Math.max(0, autoCreditCapMinor(order.amountMinor, order.maxMinor)));
  const credited = value < cap ? value : cap;
  if (credited <= 0n) return { action: 'review', reason: 'overpaid' };
  return {
    action: 'credit',
    creditedMinor: Number(credited),
    excessMinor: Number(value - credited),
    underpaid: t.amountBaseUnits < order.tokenAmount,
    overpaid: t.amountBaseUnits > order.tokenAmount,
  };
}

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
  /** True when another transfer was already credited for this order (or is under review as the first). */
  alreadyPaid: boolean;
};

export type CreditDecision =
  | { action: 'wait'; confirmations: number }
  | { action: 'credit'; creditedMinor: number; underpaid: boolean; overpaid: boolean }
  | { action: 'review'; reason: UsdtReviewReason };

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
  const credited = creditForPayment(t.amountBaseUnits, order);
  if (credited <= 0n) return { action: 'review', reason: 'amount_too_small' };
  return {
    action: 'credit',
    creditedMinor: Number(credited),
    underpaid: t.amountBaseUnits < order.tokenAmount,
    overpaid: t.amountBaseUnits > order.tokenAmount,
  };
}

import type { DepositChannel, DepositStatus, UsdtDepositStatus } from '@colorplay/contract';
import { DEPOSIT_CHANNELS, DEPOSIT_STATUSES } from '@colorplay/contract/deposit-states';
import type { PlainMessageKey } from '../../lib/i18n';
import '../../lib/wallet-texts';

/** Every order status, in the order the history filter lists them. */
export const DEPOSIT_STATUS_LIST: readonly DepositStatus[] = DEPOSIT_STATUSES;

/** Channels the history filter offers. */
export const DEPOSIT_CHANNEL_LIST: readonly DepositChannel[] = DEPOSIT_CHANNELS;

/**
 * States in which nothing more is expected while the player watches: succeeded and failed are
 * final (docs/payments.md); cancelled and expired could still turn into succeeded if money
 * arrives late, but that is the gateway's rare late report, not something to poll for.
 */
const CLOSED: ReadonlySet<DepositStatus> = new Set(['succeeded', 'failed', 'cancelled', 'expired']);

/** Whether the payment page should stop polling an order in this state. */
export function isClosedStatus(status: DepositStatus): boolean {
  return CLOSED.has(status);
}

/**
 * While a USDT order is waiting for a transfer or counting its confirmations, its page keeps asking
 * for the status. The other states need a person (review) or are final for the player.
 */
export function isOpenUsdtStatus(status: UsdtDepositStatus): boolean {
  return status === 'waiting' || status === 'seen';
}

/** Whether the player may still pay, give a UTR or cancel. */
export function isAwaitingPayment(status: DepositStatus): boolean {
  return status === 'created' || status === 'pending_payment';
}

/** The chip label of each status: text, never colour alone. */
export const STATUS_LABEL: Record<DepositStatus, PlainMessageKey> = {
  created: 'deposit.status.created',
  pending_payment: 'deposit.status.pending_payment',
  utr_submitted: 'deposit.status.utr_submitted',
  succeeded: 'deposit.status.succeeded',
  failed: 'deposit.status.failed',
  cancelled: 'deposit.status.cancelled',
  expired: 'deposit.status.expired',
};

/** The colour family of each status chip (the label carries the meaning). */
export const STATUS_TONE: Record<DepositStatus, 'pending' | 'success' | 'fail' | 'neutral'> = {
  created: 'pending',
  pending_payment: 'pending',
  utr_submitted: 'pending',
  succeeded: 'success',
  failed: 'fail',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** Channel names as shown. */
export const CHANNEL_LABEL: Record<DepositChannel, PlainMessageKey> = {
  upi: 'deposit.channel.upi',
  usdt: 'deposit.channel.usdt',
};

import type { UsdtDeposit, UsdtDepositStatus, UsdtReviewReason } from '@colorplay/contract';
import { formatMoneyMinor } from '../../lib/format';
import type { PlainMessageKey, Translate } from '../../lib/i18n';
import '../../lib/wallet-texts';

/** The words of the USDT recharge, shared by the recharge, payment and history screens. */

/** The chip label of each status: text, never colour alone. */
export const USDT_STATUS_LABEL: Record<UsdtDepositStatus, PlainMessageKey> = {
  waiting: 'usdt.chip.waiting',
  seen: 'usdt.chip.seen',
  succeeded: 'usdt.chip.succeeded',
  expired: 'usdt.chip.expired',
  review: 'usdt.chip.review',
  cancelled: 'usdt.chip.cancelled',
};

/** The colour family of each chip, with the class names of the UPI status chips. */
export const USDT_STATUS_TONE: Record<UsdtDepositStatus, 'pending' | 'success' | 'fail' | 'neutral'> = {
  waiting: 'pending',
  seen: 'pending',
  succeeded: 'success',
  expired: 'neutral',
  review: 'pending',
  cancelled: 'neutral',
};

const REVIEW_REASON: Record<UsdtReviewReason, PlainMessageKey> = {
  late_payment: 'usdt.review.late_payment',
  second_payment: 'usdt.review.second_payment',
  paid_after_cancel: 'usdt.review.paid_after_cancel',
  amount_too_small: 'usdt.review.amount_too_small',
  overpaid: 'usdt.review.overpaid',
};

/** The sentence under the chip: what the order is doing and what the player may expect. */
export function usdtStatusText(t: Translate, deposit: UsdtDeposit): string {
  switch (deposit.status) {
    case 'waiting':
      return t('usdt.status.waiting');
    case 'seen':
      return t('usdt.status.seen', { confirmations: deposit.confirmations, required: deposit.requiredConfirmations });
    case 'succeeded':
      return t('usdt.status.succeeded', { amount: formatMoneyMinor(deposit.creditedMinor ?? deposit.amountMinor, deposit.currency) });
    case 'expired':
      return t('usdt.status.expired');
    case 'review':
      return deposit.reviewReason ? `${t(REVIEW_REASON[deposit.reviewReason])} ${t('usdt.status.review')}` : t('usdt.status.review');
    case 'cancelled':
      return t('usdt.status.cancelled');
  }
}

/** The note about an amount that differs from the order's, or null when it matched. */
export function usdtAmountNote(t: Translate, deposit: UsdtDeposit): string | null {
  const received = deposit.receivedUsdt ?? '0';
  if (deposit.underpaid) return t('usdt.underpaid', { received });
  if (deposit.overpaid) return t('usdt.overpaid', { received });
  return null;
}

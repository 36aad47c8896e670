import type { UsdtDeposit, UsdtDepositStatus, UsdtReviewReason } from '@colorplay/contract';
import { formatMoneyMinor } from '../../lib/format';
import { translate, useI18n, type Messages } from '../../lib/i18n';
import { enUsdt } from '../../lib/messages/en-usdt';

/**
 * The words of the USDT recharge, in one module so the recharge, payment and history chunks share
 * one small chunk for them. The USDT recharge's own dictionary (lib/messages/en-usdt.ts), kept out of the `/` bundle
 * (decision 135), with the same typing as `t()`: a key's `{name}` placeholders must be passed.
 */
export type UsdtMessageKey = keyof typeof enUsdt;
type Names<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type Args<K extends UsdtMessageKey> = [Names<(typeof enUsdt)[K]>] extends [never] ? [] : [params: Record<Names<(typeof enUsdt)[K]>, string | number>];
export type UsdtTranslate = <K extends UsdtMessageKey>(key: K, ...params: Args<K>) => string;
/** A USDT key whose message has no `{name}` placeholders, for tables of labels. */
export type PlainUsdtKey = { [K in UsdtMessageKey]: [Names<(typeof enUsdt)[K]>] extends [never] ? K : never }[UsdtMessageKey];

/** Translates a USDT key; interpolation is the app's `translate`. Only English exists today. */
export const ut: UsdtTranslate = (key, ...params) =>
  translate(enUsdt as unknown as Messages, key as unknown as keyof Messages, params[0] as Record<string, string | number> | undefined);

/** The app's `t` plus the USDT screens' `ut`. */
export function useUsdtI18n() {
  const { t } = useI18n();
  return { t, ut };
}

/**
 * While an order is waiting for a transfer or counting its confirmations, its page keeps asking
 * for the status. The other states need a person (review) or are final for the player.
 */
export function isOpenUsdtStatus(status: UsdtDepositStatus): boolean {
  return status === 'waiting' || status === 'seen';
}

/** The chip label of each status: text, never colour alone. */
export const USDT_STATUS_LABEL: Record<UsdtDepositStatus, PlainUsdtKey> = {
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

const REVIEW_REASON: Record<UsdtReviewReason, PlainUsdtKey> = {
  late_payment: 'usdt.review.late_payment',
  second_payment: 'usdt.review.second_payment',
  paid_after_cancel: 'usdt.review.paid_after_cancel',
  amount_too_small: 'usdt.review.amount_too_small',
  overpaid: 'usdt.review.overpaid',
};

/** The sentence under the chip: what the order is doing and what the player may expect. */
export function usdtStatusText(ut: UsdtTranslate, deposit: UsdtDeposit): string {
  switch (deposit.status) {
    case 'waiting':
      return ut('usdt.status.waiting');
    case 'seen':
      return ut('usdt.status.seen', { confirmations: deposit.confirmations, required: deposit.requiredConfirmations });
    case 'succeeded':
      return ut('usdt.status.succeeded', { amount: formatMoneyMinor(deposit.creditedMinor ?? deposit.amountMinor, deposit.currency) });
    case 'expired':
      return ut('usdt.status.expired');
    case 'review':
      return deposit.reviewReason ? `${ut(REVIEW_REASON[deposit.reviewReason])} ${ut('usdt.status.review')}` : ut('usdt.status.review');
    case 'cancelled':
      return ut('usdt.status.cancelled');
  }
}

/** The note about an amount that differs from the order's, or null when it matched. */
export function usdtAmountNote(ut: UsdtTranslate, deposit: UsdtDeposit): string | null {
  const received = deposit.receivedUsdt ?? '0';
  if (deposit.underpaid) return ut('usdt.underpaid', { received });
  if (deposit.overpaid) return ut('usdt.overpaid', { received });
  return null;
}

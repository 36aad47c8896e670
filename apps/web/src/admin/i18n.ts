import type { DepositReviewReason } from '@colorplay/contract/deposit-states';
import type { USDT_REVIEW_REASONS } from '@colorplay/contract/deposit-states';
import type { SAFETY_PERIODS } from '@colorplay/contract/safety-constants';
import type { KYC_STATUSES, WithdrawalReviewReason } from '@colorplay/contract/withdrawal-states';
import { ApiError } from '../lib/api-client';
import { t, type PlainMessageKey } from '../lib/i18n';
import { defineArea } from '../lib/i18n-areas';
import { enAdmin } from '../lib/messages/en-admin';

/**
 * The console's strings (lib/messages/en-admin.ts) load with the console chunk under /admin,
 * never with the player bundle (decision 220). The console stays English: its
 * Hindi entry is its English dictionary.
 */
type EnAdmin = typeof enAdmin;

declare module '../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnAdmin {}
}

// The console may stay English (decision 221); the review cards' reasons are in Hindi too (decision 422).
defineArea('admin', enAdmin, { hi: () => import('../lib/messages/hi/admin').then((m) => ({ ...enAdmin, ...m.hiAdmin })) });

// Each map is keyed by the contract's list of the codes the server writes (decisions 422, 444):
// a code added there without words here fails the typecheck.
const WITHDRAWAL_REASON_KEYS: Record<WithdrawalReviewReason, PlainMessageKey> = {
  amount_above_auto_limit: 'admin.withdrawals.reason.amount_above_auto_limit',
  auto_payout_off: 'admin.withdrawals.reason.auto_payout_off',
  'risk_flag:first_withdrawal': 'admin.withdrawals.reason.first_withdrawal',
  'risk_flag:new_payout_method': 'admin.withdrawals.reason.new_payout_method',
};
const DEPOSIT_REASON_KEYS: Record<DepositReviewReason, PlainMessageKey> = {
  utr_not_confirmed_by_gateway: 'admin.deposits.reason.utr_not_confirmed_by_gateway',
  paid_after_failure: 'admin.deposits.reason.paid_after_failure',
  utr_reused: 'admin.deposits.reason.utr_reused',
  utr_missing: 'admin.deposits.reason.utr_missing',
  amount_mismatch: 'admin.deposits.reason.amount_mismatch',
  gateway_mismatch: 'admin.deposits.reason.gateway_mismatch',
};
const USDT_REASON_KEYS: Record<(typeof USDT_REVIEW_REASONS)[number], PlainMessageKey> = {
  late_payment: 'admin.usdt.reason.late_payment',
  second_payment: 'admin.usdt.reason.second_payment',
  paid_after_cancel: 'admin.usdt.reason.paid_after_cancel',
  amount_too_small: 'admin.usdt.reason.amount_too_small',
  overpaid: 'admin.usdt.reason.overpaid',
};
const PERIOD_KEYS: Record<(typeof SAFETY_PERIODS)[number], PlainMessageKey> = {
  day: 'admin.period.day',
  week: 'admin.period.week',
  month: 'admin.period.month',
};
const KYC_STATUS_KEYS: Record<(typeof KYC_STATUSES)[number], PlainMessageKey> = {
  none: 'admin.kycStatus.none',
  pending: 'admin.kycStatus.pending',
  verified: 'admin.kycStatus.verified',
  rejected: 'admin.kycStatus.rejected',
};

const keyOf = (keys: Record<string, PlainMessageKey>, code: string): PlainMessageKey | undefined => (Object.hasOwn(keys, code) ? keys[code] : undefined);

/** Why a withdrawal waits for review, in words (a code this console does not know yet shows as itself). */
export function withdrawalReasonText(code: string): string {
  const key = keyOf(WITHDRAWAL_REASON_KEYS, code);
  return key ? t(key) : t('admin.withdrawals.reason.unknown', { code });
}

/** Why a UPI deposit (UTR) waits for review, in words; an unknown code shows as itself. */
export function depositReasonText(code: string): string {
  const key = keyOf(DEPOSIT_REASON_KEYS, code);
  return key ? t(key) : t('admin.deposits.reason.unknown', { code });
}

/** Why a USDT payment waits for review, as the card's sentence; an unknown code shows as itself. */
export function usdtReasonText(code: string): string {
  const key = keyOf(USDT_REASON_KEYS, code);
  return key ? t(key) : t('admin.usdt.reason.other', { reason: code });
}

/** A deposit limit's window in words (day, week, month). */
export function limitPeriodText(period: string): string {
  const key = keyOf(PERIOD_KEYS, period);
  return key ? t(key) : t('admin.code.unknown', { code: period });
}

/** A KYC status in words. */
export function kycStatusText(status: string): string {
  const key = keyOf(KYC_STATUS_KEYS, status);
  return key ? t(key) : t('admin.code.unknown', { code: status });
}

/**
 * A failure in the console's words. The console keeps its own texts (rather than the player
 * app's error messages) so that nothing of the player bundle's error texts is shared with this chunk.
 */
export function adminErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return t('admin.err.generic', { code: 'UNKNOWN' });
  if (err.code === 'FORBIDDEN') return t('admin.err.forbidden');
  if (err.code === 'SECOND_APPROVER_NOT_INDEPENDENT') return t('admin.err.notIndependent');
  if (err.code === 'OPERATOR_NOT_COUNTERSIGNED') return t('admin.err.notCountersigned');
  if (err.code === 'COUNTERSIGN_NOT_INDEPENDENT') return t('admin.err.countersignNotIndependent');
  if (err.code === 'UNAUTHORIZED') return t('admin.err.signedOut');
  if (err.code === 'NOT_FOUND' || err.code.endsWith('_NOT_FOUND')) return t('admin.err.notFound');
  if (err.status === 409) return t('admin.err.conflict');
  if (err.code === 'VALIDATION_FAILED') return t('admin.err.invalid');
  if (err.code === 'RATE_LIMITED') return t('admin.err.rateLimited');
  if (err.code === 'NETWORK' || err.code === 'TIMEOUT') return t('admin.err.network');
  return t('admin.err.generic', { code: err.code });
}

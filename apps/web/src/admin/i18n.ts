import { ApiError } from '../lib/api-client';
import { t } from '../lib/i18n';
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

const WITHDRAWAL_REASON_KEYS = {
  amount_above_auto_limit: 'admin.withdrawals.reason.amount_above_auto_limit',
  auto_payout_off: 'admin.withdrawals.reason.auto_payout_off',
  'risk_flag:first_withdrawal': 'admin.withdrawals.reason.first_withdrawal',
  'risk_flag:new_payout_method': 'admin.withdrawals.reason.new_payout_method',
} as const;

/** Why a withdrawal waits for review, in words (a code this console does not know yet shows as itself). */
export function withdrawalReasonText(code: string): string {
  const key = WITHDRAWAL_REASON_KEYS[code as keyof typeof WITHDRAWAL_REASON_KEYS];
  return key ? t(key) : t('admin.withdrawals.reason.unknown', { code });
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

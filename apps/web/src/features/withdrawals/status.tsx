import type { KycStatusValue, PayoutMethodKind, WithdrawalStatus } from '@colorplay/contract';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import '../../lib/withdraw-texts';

/**
 * Statuses in which nothing more happens while the player watches. A paid withdrawal can still be
 * returned by the bank days later (failed_after_paid), but that is not something to poll for.
 */
const FINAL: ReadonlySet<WithdrawalStatus> = new Set(['paid', 'failed', 'cancelled', 'rejected', 'failed_after_paid']);

/** Whether the history keeps asking for a withdrawal's status. */
export function isFinalWithdrawal(status: WithdrawalStatus): boolean {
  return FINAL.has(status);
}

/** Statuses in which the money came back to the main wallet (the balance must be read again). */
export const RETURNED: ReadonlySet<WithdrawalStatus> = new Set(['failed', 'cancelled', 'rejected', 'failed_after_paid']);

/** The chip label of each status: text, never colour alone. */
const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, PlainMessageKey> = {
  requested: 'withdrawals.status.requested',
  review: 'withdrawals.status.review',
  approved: 'withdrawals.status.approved',
  processing: 'withdrawals.status.processing',
  paid: 'withdrawals.status.paid',
  failed: 'withdrawals.status.failed',
  cancelled: 'withdrawals.status.cancelled',
  rejected: 'withdrawals.status.rejected',
  failed_after_paid: 'withdrawals.status.failed_after_paid',
};

const TONE: Record<WithdrawalStatus, 'pending' | 'success' | 'fail' | 'neutral'> = {
  requested: 'pending',
  review: 'pending',
  approved: 'pending',
  processing: 'pending',
  paid: 'success',
  failed: 'fail',
  cancelled: 'neutral',
  rejected: 'fail',
  failed_after_paid: 'fail',
};

/** A withdrawal's status as a chip (the wallet's chip styles). */
export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  const { t } = useI18n();
  return <span className={`status-chip status-chip--${TONE[status]}`}>{t(WITHDRAWAL_STATUS_LABEL[status])}</span>;
}

export const KYC_STATUS_LABEL: Record<KycStatusValue, PlainMessageKey> = {
  none: 'kyc.status.none',
  pending: 'kyc.status.pending',
  verified: 'kyc.status.verified',
  rejected: 'kyc.status.rejected',
};

export const KYC_TONE: Record<KycStatusValue, 'pending' | 'success' | 'fail' | 'neutral'> = {
  none: 'neutral',
  pending: 'pending',
  verified: 'success',
  rejected: 'fail',
};

export const METHOD_KIND_LABEL: Record<PayoutMethodKind, PlainMessageKey> = {
  upi: 'methods.kind.upi',
  bank: 'methods.kind.bank',
  usdt: 'methods.kind.usdt',
};

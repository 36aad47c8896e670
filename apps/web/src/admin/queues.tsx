import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { DepositReviewItem, KycReviewItem, KycSubmission, OperatorSession, WithdrawalReviewItem, WithdrawalReviewPage } from '@colorplay/contract';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { adminApi, apiUrl, fillPath } from './api';
import { t } from '../lib/i18n';
import { depositReasonText, kycStatusText, withdrawalReasonText } from './i18n';
import { LimitWarnings, limitWarningTexts } from './limit-warning';
import { QueuePage, type Decided } from './queue-page';
import { ReviewContext } from './review-context';

export function DepositsQueue({ session }: { session: OperatorSession }) {
  const decide = (id: string, decisionKind: 'approve' | 'reject') => (note: string) =>
    adminApi.post<Decided>(fillPath(LAZY_API_PATHS.admin_deposit_decide, { orderId: id }), { decision: decisionKind, note });
  return (
    <QueuePage<DepositReviewItem>
      session={session}
      name="deposits"
      heading={t('admin.deposits.heading')}
      permission="deposits.review"
      load={(signal) => adminApi.get<{ items: DepositReviewItem[] }>(LAZY_API_PATHS.admin_deposits_review, signal)}
      itemKey={(o) => o.id}
      details={(o) => (
        <>
          <p>{t('admin.deposits.row', { id: o.id, playerId: o.playerId, amount: formatMoneyMinor(o.amountMinor, o.currency), utr: o.utr ?? '-' })}</p>
          {o.reviewReason && <p>{t('admin.deposits.reason', { reason: depositReasonText(o.reviewReason) })}</p>}
          <p>{formatDateTimeIst(new Date(o.updatedAt))}</p>
          <LimitWarnings texts={limitWarningTexts(o.limitWarning, o.playerId, o.currency)} />
        </>
      )}
      actions={(o) => [
        {
          label: t('admin.approve'),
          title: t('admin.dialog.approveDeposit', { id: o.id }),
          // Said before the decision, as for USDT (decision 435): an approval past a limit still credits.
          ...(o.limitWarning.length > 0 ? { description: limitWarningTexts(o.limitWarning, o.playerId, o.currency).join(' ') } : {}),
          fieldLabel: t('admin.note'),
          run: decide(o.id, 'approve'),
        },
        { label: t('admin.reject'), title: t('admin.dialog.rejectDeposit', { id: o.id }), fieldLabel: t('admin.note'), run: decide(o.id, 'reject') },
      ]}
    />
  );
}

export function WithdrawalsQueue({ session }: { session: OperatorSession }) {
  // Approving answers with the withdrawal inside; the notice names the id and the new status.
  const approve = (id: string) => async (note: string) => {
    const r = await adminApi.post<{ status: string; withdrawal: WithdrawalReviewItem }>(fillPath(LAZY_API_PATHS.admin_withdrawal_approve, { withdrawalId: id }), { note });
    return { id, status: r.status };
  };
  const reject = (id: string) => (note: string) => adminApi.post<WithdrawalReviewItem>(fillPath(LAZY_API_PATHS.admin_withdrawal_reject, { withdrawalId: id }), { note });
  return (
    <QueuePage<WithdrawalReviewItem>
      session={session}
      name="withdrawals"
      heading={t('admin.withdrawals.heading')}
      permission="withdrawals.review"
      load={(signal) => adminApi.get<WithdrawalReviewPage>(LAZY_API_PATHS.admin_withdrawals_review, signal)}
      itemKey={(w) => w.id}
      details={(w) => (
        <>
          <p>{t('admin.withdrawals.row', { id: w.id, playerId: w.playerId, amount: formatMoneyMinor(w.amountMinor), status: w.status })}</p>
          <p>{t('admin.withdrawals.approvals', { count: w.approvals.length, required: w.approvalsRequired })}</p>
          {w.approvals.length > 0 && w.approvals.length < w.approvalsRequired && <p className="admin-badge">{t('admin.withdrawals.awaitingSecond')}</p>}
          {w.reviewReasons.length > 0 && <p>{t('admin.withdrawals.reasons', { reasons: w.reviewReasons.map(withdrawalReasonText).join('; ') })}</p>}
          <ReviewContext playerId={w.playerId} />
        </>
      )}
      actions={(w) => [
        { label: t('admin.approve'), title: t('admin.dialog.approveWithdrawal', { id: w.id }), fieldLabel: t('admin.note'), run: approve(w.id) },
        { label: t('admin.reject'), title: t('admin.dialog.rejectWithdrawal', { id: w.id }), fieldLabel: t('admin.reason'), run: reject(w.id) },
      ]}
    />
  );
}

export function KycQueue({ session }: { session: OperatorSession }) {
  return (
    <QueuePage<KycReviewItem>
      session={session}
      name="kyc"
      heading={t('admin.kyc.heading')}
      permission="kyc.review"
      load={(signal) => adminApi.get<{ items: KycReviewItem[] }>(LAZY_API_PATHS.admin_kyc_pending, signal)}
      itemKey={(k) => k.id}
      details={(k) => (
        <>
          <p>{t('admin.kyc.row', { id: k.id, playerId: k.playerId, name: k.fullName, dob: k.dateOfBirth, pan: k.panNumber })}</p>
          {k.panSharedWith.length > 0 && (
            <p className="admin-warning" role="note">
              {t('admin.kyc.panShared', {
                players: k.panSharedWith.map((o) => t('admin.kyc.panSharedPlayer', { playerId: o.playerId, status: kycStatusText(o.status) })).join(', '),
              })}
            </p>
          )}
          <a href={apiUrl(fillPath(LAZY_API_PATHS.admin_kyc_document, { submissionId: k.id }))} target="_blank" rel="noreferrer">
            {t('admin.kyc.document')}
          </a>
        </>
      )}
      actions={(k) => [
        {
          label: t('admin.kyc.verify'),
          title: t('admin.dialog.verifyKyc', { id: k.id }),
          fieldLabel: null,
          run: () => adminApi.post<KycSubmission>(fillPath(LAZY_API_PATHS.admin_kyc_verify, { submissionId: k.id })),
        },
        {
          label: t('admin.reject'),
          title: t('admin.dialog.rejectKyc', { id: k.id }),
          fieldLabel: t('admin.reason'),
          run: (reason) => adminApi.post<KycSubmission>(fillPath(LAZY_API_PATHS.admin_kyc_reject, { submissionId: k.id }), { reason }),
        },
      ]}
    />
  );
}

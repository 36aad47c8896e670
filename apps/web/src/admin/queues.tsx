import type { DepositReviewItem, KycSubmission, OperatorSession, WithdrawalReviewItem, WithdrawalReviewPage } from '@colorplay/contract';
import { useState } from 'react';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { adminApi, API_PATHS, apiUrl, fillPath } from './api';
import { DecisionDialog } from './decision-dialog';
import { at } from './i18n';
import { useLoad } from './use-load';
import { LoadError } from './load-error';

type Pending = { title: string; fieldLabel: string | null; description?: string; run: (text: string) => Promise<{ id: string; status: string }> };

/** The dialog state and the "done" notice every queue shares. */
export function useDecision(reload: () => void) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const dialog = pending && (
    <DecisionDialog
      title={pending.title}
      fieldLabel={pending.fieldLabel}
      description={pending.description}
      onConfirm={async (text) => {
        const result = await pending.run(text);
        setDone(at('admin.done', { id: result.id, status: result.status }));
        reload();
      }}
      onClose={() => setPending(null)}
    />
  );
  const notice = done && <p role="status">{done}</p>;
  return { open: setPending, dialog, notice };
}

export const can = (session: OperatorSession, action: string) => session.permissions.includes(action);

export function DepositsQueue({ session }: { session: OperatorSession }) {
  const list = useLoad((signal) => adminApi.get<{ items: DepositReviewItem[] }>(API_PATHS.admin_deposits_review, signal), '');
  const decision = useDecision(list.reload);
  const decide = (id: string, decisionKind: 'approve' | 'reject') => (note: string) =>
    adminApi.post<{ id: string; status: string }>(fillPath(API_PATHS.admin_deposit_decide, { orderId: id }), { decision: decisionKind, note });
  return (
    <section aria-labelledby="deposits-heading">
      <h1 id="deposits-heading">{at('admin.deposits.heading')}</h1>
      {decision.notice}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{at('admin.empty')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((o) => (
          <li key={o.id}>
            <p>{at('admin.deposits.row', { id: o.id, playerId: o.playerId, amount: formatMoneyMinor(o.amountMinor, o.currency), utr: o.utr ?? '-' })}</p>
            {o.reviewReason && <p>{at('admin.deposits.reason', { reason: o.reviewReason })}</p>}
            <p>{formatDateTimeIst(new Date(o.updatedAt))}</p>
            {can(session, 'deposits.review') && (
              <div className="admin-actions">
                <button type="button" onClick={() => decision.open({ title: at('admin.dialog.approveDeposit', { id: o.id }), fieldLabel: at('admin.note'), run: decide(o.id, 'approve') })}>
                  {at('admin.approve')}
                </button>
                <button type="button" onClick={() => decision.open({ title: at('admin.dialog.rejectDeposit', { id: o.id }), fieldLabel: at('admin.note'), run: decide(o.id, 'reject') })}>
                  {at('admin.reject')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {decision.dialog}
    </section>
  );
}

export function WithdrawalsQueue({ session }: { session: OperatorSession }) {
  const list = useLoad((signal) => adminApi.get<WithdrawalReviewPage>(API_PATHS.admin_withdrawals_review, signal), '');
  const decision = useDecision(list.reload);
  const approve = (id: string) => async (note: string) => {
    const r = await adminApi.post<{ status: string; withdrawal: WithdrawalReviewItem }>(fillPath(API_PATHS.admin_withdrawal_approve, { withdrawalId: id }), { note });
    return { id, status: r.status };
  };
  const reject = (id: string) => (note: string) => adminApi.post<WithdrawalReviewItem>(fillPath(API_PATHS.admin_withdrawal_reject, { withdrawalId: id }), { note });
  return (
    <section aria-labelledby="withdrawals-heading">
      <h1 id="withdrawals-heading">{at('admin.withdrawals.heading')}</h1>
      {decision.notice}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{at('admin.empty')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((w) => (
          <li key={w.id}>
            <p>{at('admin.withdrawals.row', { id: w.id, playerId: w.playerId, amount: formatMoneyMinor(w.amountMinor), status: w.status })}</p>
            <p>{at('admin.withdrawals.approvals', { count: w.approvals.length, required: w.approvalsRequired })}</p>
            {w.approvals.length > 0 && w.approvals.length < w.approvalsRequired && <p className="admin-badge">{at('admin.withdrawals.awaitingSecond')}</p>}
            {w.reviewReasons.length > 0 && <p>{at('admin.withdrawals.reasons', { reasons: w.reviewReasons.join(', ') })}</p>}
            {can(session, 'withdrawals.review') && (
              <div className="admin-actions">
                <button type="button" onClick={() => decision.open({ title: at('admin.dialog.approveWithdrawal', { id: w.id }), fieldLabel: at('admin.note'), run: approve(w.id) })}>
                  {at('admin.approve')}
                </button>
                <button type="button" onClick={() => decision.open({ title: at('admin.dialog.rejectWithdrawal', { id: w.id }), fieldLabel: at('admin.reason'), run: reject(w.id) })}>
                  {at('admin.reject')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {decision.dialog}
    </section>
  );
}

export function KycQueue({ session }: { session: OperatorSession }) {
  const list = useLoad((signal) => adminApi.get<{ items: KycSubmission[] }>(API_PATHS.admin_kyc_pending, signal), '');
  const decision = useDecision(list.reload);
  return (
    <section aria-labelledby="kyc-heading">
      <h1 id="kyc-heading">{at('admin.kyc.heading')}</h1>
      {decision.notice}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{at('admin.empty')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((k) => (
          <li key={k.id}>
            <p>{at('admin.kyc.row', { id: k.id, playerId: k.playerId, name: k.fullName, dob: k.dateOfBirth, pan: k.panNumber })}</p>
            <a href={apiUrl(fillPath(API_PATHS.admin_kyc_document, { submissionId: k.id }))} target="_blank" rel="noreferrer">
              {at('admin.kyc.document')}
            </a>
            {can(session, 'kyc.review') && (
              <div className="admin-actions">
                <button
                  type="button"
                  onClick={() => decision.open({ title: at('admin.dialog.verifyKyc', { id: k.id }), fieldLabel: null, run: () => adminApi.post<KycSubmission>(fillPath(API_PATHS.admin_kyc_verify, { submissionId: k.id })) })}
                >
                  {at('admin.kyc.verify')}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    decision.open({
                      title: at('admin.dialog.rejectKyc', { id: k.id }),
                      fieldLabel: at('admin.reason'),
                      run: (reason) => adminApi.post<KycSubmission>(fillPath(API_PATHS.admin_kyc_reject, { submissionId: k.id }), { reason }),
                    })
                  }
                >
                  {at('admin.reject')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {decision.dialog}
    </section>
  );
}

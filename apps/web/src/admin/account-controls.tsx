import type { AccountClosure, AccountSuspension, AdminPlayerSafety, AdminReviewContext, ClosureReason, OperatorSession, SuspensionReason } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { CLOSURE_BALANCE_RULES, CLOSURE_REASONS, SUSPENSION_REASONS } from '@colorplay/contract/safety-constants';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { DecisionDialog } from './decision-dialog';
import { adminErrorText } from './i18n';
import { LoadError } from './load-error';
import { can } from './queue-page';
import { useLoad } from './use-load';

/**
 * The account's status and an operator's suspension (decision 420): suspended accounts keep
 * sign-in, history and withdrawals; deposits, bets and games are refused. Support and admin
 * suspend and lift (each audited); the others see the status only. Admin closes an account for
 * good (decision 440) after a confirmation that shows the balance and its rule (decision 441).
 */
export function AccountControls({ playerId, session }: { playerId: number; session: OperatorSession }) {
  const view = useLoad((signal) => adminApi.get<AdminPlayerSafety>(fillPath(LAZY_API_PATHS.admin_player_safety, { playerId }), signal), `account:${playerId}`);
  const [lifting, setLifting] = useState(false);
  if (view.error) return <LoadError error={view.error} retry={view.reload} />;
  if (!view.data) return <p>{t('admin.loading')}</p>;
  const { suspension, closure } = view.data;
  const allowed = can(session, 'players.suspend') && !closure;
  return (
    <section aria-labelledby={`account-${playerId}`}>
      <h3 id={`account-${playerId}`}>{t('admin.account.heading')}</h3>
      {closure && <ClosureStatus closure={closure} />}
      {closure ? null : suspension ? (
        <p>
          {t('admin.account.suspended', {
            date: formatDateTimeIst(new Date(suspension.since)),
            reason: t(`admin.account.reason.${suspension.reason}`),
            note: suspension.note,
            operator: suspension.operatorId,
          })}
        </p>
      ) : (
        <p>{t('admin.account.open')}</p>
      )}
      {allowed && suspension && (
        <button type="button" onClick={() => setLifting(true)}>
          {t('admin.account.lift')}
        </button>
      )}
      {allowed && !suspension && <SuspendForm playerId={playerId} onDone={view.reload} />}
      {!closure && can(session, 'players.close') && <CloseForm playerId={playerId} onDone={view.reload} />}
      {lifting && (
        <DecisionDialog
          title={t('admin.account.liftTitle')}
          fieldLabel={t('admin.account.note')}
          onConfirm={async (note) => {
            await adminApi.post<AccountSuspension>(fillPath(LAZY_API_PATHS.admin_player_suspension_lift, { playerId }), { note });
            view.reload();
          }}
          onClose={() => setLifting(false)}
        />
      )}
    </section>
  );
}

function SuspendForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const reasonId = useId();
  const noteId = useId();
  const [reason, setReason] = useState<SuspensionReason>('fraud_suspected');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim().length < 3) {
      setError(t('admin.noteTooShort'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await adminApi.post<AccountSuspension>(fillPath(LAZY_API_PATHS.admin_player_suspend, { playerId }), { reason, note: note.trim() });
      onDone();
    } catch (err) {
      setError(adminErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={t('admin.account.suspendForm')}>
      <p>{t('admin.account.explain')}</p>
      <label htmlFor={reasonId}>{t('admin.account.reason')}</label>{' '}
      <select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as SuspensionReason)}>
        {SUSPENSION_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`admin.account.reason.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={noteId}>{t('admin.account.note')}</label>
      <textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy}>
        {t('admin.account.suspend')}
      </button>
    </form>
  );
}

function ClosureStatus({ closure }: { closure: AccountClosure }) {
  const balance = formatMoneyMinor(closure.balanceMinor);
  return (
    <>
      <p>
        {t('admin.account.closed', {
          date: formatDateTimeIst(new Date(closure.since)),
          reason: t(`admin.account.closeReason.${closure.reason}`),
          note: closure.note ? t('admin.account.closedNote', { note: closure.note }) : '',
          operator: closure.operatorId,
        })}
      </p>
      <p>{closure.balanceRule === 'hold' ? t('admin.account.closedHold', { balance }) : t('admin.account.closedPayOut', { balance })}</p>
    </>
  );
}

/** Admin's closure: a reason (in words), an optional note, then a dialog with the balance and what happens to it. */
function CloseForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const reasonId = useId();
  const noteId = useId();
  const [reason, setReason] = useState<ClosureReason>('player_request');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  return (
    <form
      aria-label={t('admin.account.closeForm')}
      onSubmit={(e) => {
        e.preventDefault();
        setConfirming(true);
      }}
    >
      <p>{t('admin.account.closeExplain')}</p>
      <label htmlFor={reasonId}>{t('admin.account.closeReason')}</label>{' '}
      <select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as ClosureReason)}>
        {CLOSURE_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`admin.account.closeReason.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={noteId}>{t('admin.account.closeNote')}</label>
      <textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
      <button type="submit">{t('admin.account.close')}</button>
      {confirming && <CloseDialog playerId={playerId} reason={reason} note={note.trim()} onDone={onDone} onClose={() => setConfirming(false)} />}
    </form>
  );
}

function CloseDialog({ playerId, reason, note, onDone, onClose }: { playerId: number; reason: ClosureReason; note: string; onDone: () => void; onClose: () => void }) {
  const titleId = useId();
  // The balance as it stands when the operator decides: the review context's money figures.
  const context = useLoad((signal) => adminApi.get<AdminReviewContext>(fillPath(LAZY_API_PATHS.admin_player_review_context, { playerId }), signal), `close:${playerId}`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await adminApi.post<AccountClosure>(fillPath(LAZY_API_PATHS.admin_player_close, { playerId }), note ? { reason, note } : { reason });
      onClose();
      onDone();
    } catch (err) {
      setError(adminErrorText(err));
      setBusy(false);
    }
  }

  return (
    <div className="admin-dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="admin-dialog">
        <h2 id={titleId}>{t('admin.account.closeTitle', { playerId })}</h2>
        <p>{t(`admin.account.closeReason.${reason}`)}</p>
        {context.error ? (
          <LoadError error={context.error} retry={context.reload} />
        ) : context.data ? (
          <p>
            {t('admin.account.closeBalance', { balance: formatMoneyMinor(context.data.balanceMinor), withdrawable: formatMoneyMinor(context.data.withdrawableMinor) })}
          </p>
        ) : (
          <p>{t('admin.loading')}</p>
        )}
        <p>{CLOSURE_BALANCE_RULES[reason] === 'hold' ? t('admin.account.closeHold') : t('admin.account.closePayOut')}</p>
        {error && <p role="alert">{error}</p>}
        <div className="admin-actions">
          <button type="button" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="button" disabled={busy || !context.data} onClick={() => void confirm()}>
            {t('admin.account.closeConfirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

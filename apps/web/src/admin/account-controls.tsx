import type { AccountSuspension, AdminPlayerSafety, OperatorSession, SuspensionReason } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { SUSPENSION_REASONS } from '@colorplay/contract/safety-constants';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTimeIst } from '../lib/format';
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
 * suspend and lift (each audited); the others see the status only.
 */
export function AccountControls({ playerId, session }: { playerId: number; session: OperatorSession }) {
  const view = useLoad((signal) => adminApi.get<AdminPlayerSafety>(fillPath(LAZY_API_PATHS.admin_player_safety, { playerId }), signal), `account:${playerId}`);
  const [lifting, setLifting] = useState(false);
  if (view.error) return <LoadError error={view.error} retry={view.reload} />;
  if (!view.data) return <p>{t('admin.loading')}</p>;
  const suspension = view.data.suspension;
  const allowed = can(session, 'players.suspend');
  return (
    <section aria-labelledby={`account-${playerId}`}>
      <h3 id={`account-${playerId}`}>{t('admin.account.heading')}</h3>
      {suspension ? (
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

import type { OperatorSession, RgNote } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTimeIst } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { adminErrorText } from './i18n';
import { LoadError } from './load-error';
import { can } from './queue-page';
import { useLoad } from './use-load';

/** Responsible-gambling interaction notes (decision 423): what an operator saw and what they did, newest first, never edited. */
export function RgNotesPanel({ playerId, session }: { playerId: number; session: OperatorSession }) {
  const path = fillPath(LAZY_API_PATHS.admin_player_rg_notes, { playerId });
  const notes = useLoad((signal) => adminApi.get<{ items: RgNote[] }>(path, signal), path);
  const observedId = useId();
  const actionId = useId();
  const [observed, setObserved] = useState('');
  const [actionTaken, setActionTaken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (observed.trim().length < 3 || actionTaken.trim().length < 3) return setError(t('admin.noteTooShort'));
    setBusy(true);
    setError(null);
    try {
      await adminApi.post<RgNote>(path, { observed: observed.trim(), actionTaken: actionTaken.trim() });
      setObserved('');
      setActionTaken('');
      notes.reload();
    } catch (err) {
      setError(adminErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`rg-notes-${playerId}`}>
      <h3 id={`rg-notes-${playerId}`}>{t('admin.rgNotes.heading')}</h3>
      {notes.error ? (
        <LoadError error={notes.error} retry={notes.reload} />
      ) : !notes.data ? (
        <p>{t('admin.loading')}</p>
      ) : notes.data.items.length === 0 ? (
        <p>{t('admin.players.none')}</p>
      ) : (
        <ul className="admin-list">
          {notes.data.items.map((n) => (
            <li key={n.id}>
              {t('admin.rgNotes.row', { date: formatDateTimeIst(new Date(n.at)), operator: n.operatorId, observed: n.observed, action: n.actionTaken })}
            </li>
          ))}
        </ul>
      )}
      {can(session, 'players.rg_note') && (
        <form onSubmit={submit} aria-label={t('admin.rgNotes.form')}>
          <label htmlFor={observedId}>{t('admin.rgNotes.observed')}</label>
          <textarea id={observedId} value={observed} onChange={(e) => setObserved(e.target.value)} rows={2} maxLength={1000} />
          <label htmlFor={actionId}>{t('admin.rgNotes.action')}</label>
          <textarea id={actionId} value={actionTaken} onChange={(e) => setActionTaken(e.target.value)} rows={2} maxLength={1000} />
          {error && <p role="alert">{error}</p>}
          <button type="submit" disabled={busy}>
            {t('admin.rgNotes.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

import type { AccountLink, AccountLinks, OperatorSession } from '@colorplay/contract';
import { LINK_DECISIONS } from '@colorplay/contract/admin-constants';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTimeIst } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { adminErrorText } from './i18n';
import { LoadError } from './load-error';
import { can } from './queue-page';
import { useLoad } from './use-load';

/** Each reason of a link in words, with the masked detail (a payout destination) when there is one. */
export function linkReasonsText(link: AccountLink): string {
  return link.reasons
    .map((r) => t(`admin.links.reason.${r.reason}`, { detail: r.detail ?? '', date: formatDateTimeIst(new Date(r.since)) }))
    .join('; ');
}

/**
 * Linked accounts (decisions 430, 431): the accounts sharing a payout destination, a PAN, a browser
 * or a registration address with this one, each with its reasons and the decision in force.
 * Support and admin record a decision; nobody is suspended by it.
 */
export function LinksPanel({ playerId, session }: { playerId: number; session: OperatorSession }) {
  const path = fillPath(LAZY_API_PATHS.admin_player_links, { playerId });
  const links = useLoad((signal) => adminApi.get<AccountLinks>(path, signal), path);
  const mayDecide = can(session, 'links.decide');
  return (
    <section aria-labelledby={`links-${playerId}`}>
      <h3 id={`links-${playerId}`}>{t('admin.links.heading')}</h3>
      {links.error ? (
        <LoadError error={links.error} retry={links.reload} />
      ) : !links.data ? (
        <p>{t('admin.loading')}</p>
      ) : links.data.items.length === 0 ? (
        <p>{t('admin.links.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.links.col.account')}</th>
              <th scope="col">{t('admin.links.col.reasons')}</th>
              <th scope="col">{t('admin.links.col.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {links.data.items.map((l) => (
              <tr key={l.playerId}>
                <td>{t('admin.links.account', { id: l.playerId, uid: l.uid, nickname: l.nickname })}</td>
                <td>{linkReasonsText(l)}</td>
                <td>
                  {l.decision
                    ? t('admin.links.decided', { decision: t(`admin.links.decision.${l.decision.decision}`), note: l.decision.note, operator: l.decision.operatorId, date: formatDateTimeIst(new Date(l.decision.at)) })
                    : t('admin.links.undecided')}
                  {mayDecide && <DecideForm playerId={playerId} link={l} onDone={links.reload} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DecideForm({ playerId, link, onDone }: { playerId: number; link: AccountLink; onDone: () => void }) {
  const decisionId = useId();
  const noteId = useId();
  const [decision, setDecision] = useState<(typeof LINK_DECISIONS)[number]>('not_related');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim().length < 3) return setError(t('admin.noteTooShort'));
    setBusy(true);
    setError(null);
    try {
      await adminApi.post<AccountLink>(fillPath(LAZY_API_PATHS.admin_player_link_decide, { playerId, otherPlayerId: link.playerId }), { decision, note: note.trim() });
      setNote('');
      onDone();
    } catch (err) {
      setError(adminErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={t('admin.links.form', { id: link.playerId })}>
      <label htmlFor={decisionId}>{t('admin.links.decisionLabel')}</label>
      <select id={decisionId} value={decision} onChange={(e) => setDecision(e.target.value as (typeof LINK_DECISIONS)[number])}>
        {LINK_DECISIONS.map((d) => (
          <option key={d} value={d}>
            {t(`admin.links.decision.${d}`)}
          </option>
        ))}
      </select>
      <label htmlFor={noteId}>{t('admin.links.note')}</label>
      <input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy}>
        {t('admin.links.submit')}
      </button>
    </form>
  );
}

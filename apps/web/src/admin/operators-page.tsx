import type { Operator, OperatorInvitation, OperatorRole, OperatorSession } from '@colorplay/contract';
import { formatDateTimeIst } from '../lib/format';
import { OPERATOR_ROLES } from '@colorplay/contract/admin-constants';
import { useState, type FormEvent } from 'react';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { adminApi, fillPath } from './api';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/**
 * Admins only (the server refuses others): create operators (who enrol through a one-time link,
 * so the admin never sees their password or authenticator secret), countersign an admin or finance
 * operator another admin made (decision 395: until then it moves no money), and disable them.
 */
export function OperatorsPage({ session }: { session: OperatorSession }) {
  const list = useLoad((signal) => adminApi.get<{ items: Operator[] }>(LAZY_API_PATHS.admin_operators, signal), '');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [created, setCreated] = useState<OperatorInvitation | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setCreated(await adminApi.post<OperatorInvitation>(LAZY_API_PATHS.admin_operators, { username: username.trim(), role }));
      setUsername('');
      list.reload();
    } catch (err) {
      setError(adminErrorText(err));
    }
  }

  async function act(path: typeof LAZY_API_PATHS.admin_operator_disable | typeof LAZY_API_PATHS.admin_operator_countersign, o: Operator) {
    setError(null);
    try {
      await adminApi.post<Operator>(fillPath(path, { operatorId: o.id }));
      list.reload();
    } catch (err) {
      setError(adminErrorText(err));
    }
  }
  const pending = list.data?.items.filter((o) => o.awaitingCountersign && !o.disabled) ?? [];

  return (
    <section aria-labelledby="operators-heading">
      <h1 id="operators-heading">{t('admin.operators.heading')}</h1>
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      <ul className="admin-list">
        {list.data?.items.map((o) => (
          <li key={o.id}>
            <span>{t('admin.operators.row', { username: o.username, role: o.role })}</span>
            {o.disabled ? (
              <span className="admin-badge">{t('admin.operators.disabled')}</span>
            ) : (
              o.id !== session.operator.id && (
                <button type="button" onClick={() => void act(LAZY_API_PATHS.admin_operator_disable, o)}>
                  {t('admin.operators.disable', { username: o.username })}
                </button>
              )
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="countersign-heading">
        <h2 id="countersign-heading">{t('admin.operators.pendingHeading')}</h2>
        <p>{t('admin.operators.pendingHelp')}</p>
        {pending.length === 0 ? (
          <p>{t('admin.operators.pendingNone')}</p>
        ) : (
          <ul className="admin-list">
            {pending.map((o) => (
              <li key={o.id}>
                <span>{t('admin.operators.pendingRow', { username: o.username, role: o.role, creator: o.createdBy ?? '' })}</span>
                {/* Its creator may not vouch for it; the server also refuses anyone of the creator's origin. */}
                {o.createdBy !== session.operator.id && (
                  <button type="button" onClick={() => void act(LAZY_API_PATHS.admin_operator_countersign, o)}>
                    {t('admin.operators.countersign', { username: o.username })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <form onSubmit={create} className="admin-row">
        <h2>{t('admin.operators.create')}</h2>
        <label htmlFor="op-username">{t('admin.operators.username')}</label>
        <input id="op-username" value={username} onChange={(e) => setUsername(e.target.value)} required autoComplete="off" />
        <label htmlFor="op-role">{t('admin.operators.role')}</label>
        <select id="op-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.role.${r}`)}
            </option>
          ))}
        </select>
        <button type="submit">{t('admin.operators.create')}</button>
      </form>
      {error && <p role="alert">{error}</p>}
      {created && (
        <div role="status">
          <p>{t('admin.operators.invited', { username: created.operator.username })}</p>
          <p className="admin-wrap">{t('admin.operators.link', { link: window.location.origin + created.enrolmentPath })}</p>
          <p>{t('admin.operators.expires', { date: formatDateTimeIst(new Date(created.expiresAt)) })}</p>
        </div>
      )}
    </section>
  );
}

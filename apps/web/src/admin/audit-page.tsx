import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { AuditPage } from '@colorplay/contract';
import { AUDIT_ACTIONS } from '@colorplay/contract/admin-constants';
import { useState, type FormEvent } from 'react';
import { formatDateTimeIst } from '../lib/format';
import { adminApi, apiUrl } from './api';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

type Filters = { action: string; operatorId: string; target: string };

function queryOf(f: Filters): string {
  const params = new URLSearchParams();
  if (f.action) params.set('action', f.action);
  if (f.operatorId.trim()) params.set('operatorId', f.operatorId.trim());
  if (f.target.trim()) params.set('target', f.target.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function AuditLogPage() {
  const [draft, setDraft] = useState<Filters>({ action: '', operatorId: '', target: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const list = useLoad((signal) => adminApi.get<AuditPage>(LAZY_API_PATHS.admin_audit + queryOf(filters), signal), queryOf(filters));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">{t('admin.audit.heading')}</h1>
      <form onSubmit={apply} className="admin-row">
        <label htmlFor="audit-action">{t('admin.audit.action')}</label>
        <select id="audit-action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
          <option value="">{t('admin.audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <label htmlFor="audit-operator">{t('admin.audit.operatorId')}</label>
        <input id="audit-operator" inputMode="numeric" value={draft.operatorId} onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })} />
        <label htmlFor="audit-target">{t('admin.audit.target')}</label>
        <input id="audit-target" value={draft.target} onChange={(e) => setDraft({ ...draft, target: e.target.value })} />
        <button type="submit">{t('admin.audit.apply')}</button>
        {/* A plain link: the browser downloads with the session cookie; the export is audited. */}
        <a href={apiUrl(LAZY_API_PATHS.admin_audit_csv + queryOf(filters))} download>
          {t('admin.audit.export')}
        </a>
      </form>
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      <ul className="admin-list">
        {list.data?.items.map((e) => (
          <li key={e.id}>
            <p>{t('admin.audit.row', { date: formatDateTimeIst(new Date(e.at)), who: e.username ?? '-', action: e.action, target: e.target ?? '-' })}</p>
            {e.ip && (
              <p>
                {t('admin.audit.from', { ip: e.ip })} {e.userAgent}
              </p>
            )}
            {e.after !== null && <pre>{JSON.stringify(e.after)}</pre>}
          </li>
        ))}
      </ul>
    </section>
  );
}

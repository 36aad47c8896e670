import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { OperatorAlert } from '@colorplay/contract';
import { formatDateTimeIst } from '../lib/format';
import { adminApi } from './api';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/** What someone should look at (decision 195): each alert is also in the audit log. */
export function AlertsPage() {
  const list = useLoad((signal) => adminApi.get<{ items: OperatorAlert[] }>(LAZY_API_PATHS.admin_alerts, signal), '');
  return (
    <section aria-labelledby="alerts-heading">
      <h1 id="alerts-heading">{t('admin.alerts.heading')}</h1>
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data && list.data.items.length === 0 && <p>{t('admin.alerts.none')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((a) => (
          <li key={a.id}>
            <p>
              <strong>{t(`admin.alerts.kind.${a.kind}`)}</strong>
            </p>
            <p>{t('admin.alerts.row', { date: formatDateTimeIst(new Date(a.at)), operator: a.operatorId ?? '-', target: a.target ?? '-' })}</p>
            <pre>{JSON.stringify(a.details)}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { DepositReviewItem, KycReviewItem, OperatorSession, ReportSummary, UsdtReviewItem, WithdrawalReviewPage } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { REPORT_COLUMNS } from '@colorplay/contract/report-tables';
import { Link } from 'react-router';
import { formatDateTimeIst } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi } from './api';
import './i18n';
import { LoadError } from './load-error';
import { istToday, ReportTable } from './reports-page';
import { useLoad } from './use-load';

/** What the home page shows of a queue: how many wait (at least, when it pages) and since when. */
export type QueueState = { size: number; more: boolean; oldestAt: string | null };

const stateOf = (times: readonly string[], more = false): QueueState => ({ size: times.length, more, oldestAt: times.length ? [...times].sort()[0]! : null });

/**
 * The console's work queues, as the home page lists them: one entry per queue, its page, the
 * permission that reads it, and how to load its size and oldest item. Another queue is one more
 * entry here (its page and its reader).
 */
export const HOME_QUEUES: ReadonlyArray<{ id: 'deposits' | 'usdt' | 'withdrawals' | 'kyc'; to: string; permission: string; load: (signal: AbortSignal) => Promise<QueueState> }> = [
  { id: 'deposits', to: '/deposits', permission: 'deposits.read', load: async (signal) => stateOf((await adminApi.get<{ items: DepositReviewItem[] }>(LAZY_API_PATHS.admin_deposits_review, signal)).items.map((d) => d.createdAt)) },
  { id: 'usdt', to: '/usdt', permission: 'usdt.read', load: async (signal) => stateOf((await adminApi.get<{ items: UsdtReviewItem[] }>(LAZY_API_PATHS.admin_usdt_review, signal)).items.map((u) => u.seenAt)) },
  {
    id: 'withdrawals',
    to: '/withdrawals',
    permission: 'withdrawals.read',
    load: async (signal) => {
      // The first page of the queue: beyond it the count is "at least".
      const page = await adminApi.get<WithdrawalReviewPage>(LAZY_API_PATHS.admin_withdrawals_review, signal);
      return stateOf(page.items.map((w) => w.createdAt), page.nextCursor !== null);
    },
  },
  { id: 'kyc', to: '/kyc', permission: 'kyc.read', load: async (signal) => stateOf((await adminApi.get<{ items: KycReviewItem[] }>(LAZY_API_PATHS.admin_kyc_pending, signal)).items.map((k) => k.submittedAt)) },
];

/** Whole minutes (or hours, or days) since an instant, for "waiting since". */
export function ageText(since: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000));
  if (minutes < 60) return t('admin.home.ageMinutes', { n: minutes });
  if (minutes < 48 * 60) return t('admin.home.ageHours', { n: Math.floor(minutes / 60) });
  return t('admin.home.ageDays', { n: Math.floor(minutes / 1440) });
}

/** The console's home: each queue's size and age, and (for finance and admin) today's figures. */
export function HomePage({ session }: { session: OperatorSession }) {
  const queues = HOME_QUEUES.filter((q) => session.permissions.includes(q.permission));
  // The ages are as of the moment the sizes arrived (reload for fresher ones).
  const states = useLoad(async (signal) => ({ list: await Promise.all(queues.map((q) => q.load(signal))), atMs: Date.now() }), '');
  const seesReports = session.permissions.includes('reports.read');
  const today = istToday();
  const figures = useLoad((signal) => (seesReports ? adminApi.get<ReportSummary>(`${LAZY_API_PATHS.admin_reports}?from=${today}&to=${today}`, signal) : Promise.resolve(null)), today);
  return (
    <section aria-labelledby="home-heading">
      <h1 id="home-heading">{t('admin.home.heading')}</h1>
      <h2>{t('admin.home.queues')}</h2>
      {states.error ? <LoadError error={states.error} retry={states.reload} /> : null}
      <table className="admin-table">
        <caption>{t('admin.home.queues')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.home.queue')}</th>
            <th scope="col">{t('admin.home.waiting')}</th>
            <th scope="col">{t('admin.home.oldest')}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q, i) => {
            const s = states.data?.list[i];
            return (
              <tr key={q.id}>
                <th scope="row">
                  <Link to={q.to}>{t(`admin.nav.${q.id}`)}</Link>
                </th>
                <td className="numeric">{s ? (s.more ? t('admin.home.atLeast', { n: s.size }) : String(s.size)) : '…'}</td>
                <td>{s?.oldestAt ? t('admin.home.since', { age: ageText(s.oldestAt, states.data!.atMs), at: formatDateTimeIst(new Date(s.oldestAt)) }) : s ? t('admin.home.none') : '…'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {seesReports && (
        <>
          <h2>{t('admin.home.today', { day: today })}</h2>
          {figures.error ? <LoadError error={figures.error} retry={figures.reload} /> : null}
          {figures.data && <ReportTable caption={t('admin.home.today', { day: today })} columns={REPORT_COLUMNS.daily} rows={figures.data.days} rowKey={(d) => d.day} />}
          <Link to="/reports">{t('admin.home.allReports')}</Link>
        </>
      )}
    </section>
  );
}

import type { Liabilities, PlayerPnl, ReportSummary } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { REPORT_COLUMNS, channelRows, liabilityRows, type ReportColumn } from '@colorplay/contract/report-tables';
import { useState, type FormEvent } from 'react';
import { t } from '../lib/i18n';
import { adminApi, apiUrl } from './api';
import { BarChart } from './bar-chart';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/** Today in India Standard Time (UTC+05:30 all year), YYYY-MM-DD: the reports' day. */
export const istToday = (nowMs = Date.now()) => new Date(nowMs + 330 * 60_000).toISOString().slice(0, 10);

type Range = { from: string; to: string };
const query = (r: Range) => `?from=${r.from}&to=${r.to}`;

/** The daily figures a chart can show, by their column in the day table. */
const CHART_FIGURES = ['deposits_inr', 'withdrawals_inr', 'ggr_inr', 'stakes_inr', 'payouts_inr', 'fees_inr', 'active_players'] as const;

/**
 * The business's figures (docs/admin.md, "Reports"; finance and admin): a range of IST days,
 * each report as a table (the same columns the CSV export writes), charts beside the tables.
 */
export function ReportsPage() {
  const today = istToday();
  const [draft, setDraft] = useState<Range>({ from: today, to: today });
  const [range, setRange] = useState<Range>(draft);
  const [figure, setFigure] = useState<(typeof CHART_FIGURES)[number]>('deposits_inr');
  const summary = useLoad((signal) => adminApi.get<ReportSummary>(LAZY_API_PATHS.admin_reports + query(range), signal), query(range));
  const players = useLoad((signal) => adminApi.get<{ items: PlayerPnl[] }>(LAZY_API_PATHS.admin_reports_players + query(range), signal), query(range));
  const liabilities = useLoad((signal) => adminApi.get<Liabilities>(LAZY_API_PATHS.admin_reports_liabilities, signal), '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const csv = (report: string) => apiUrl(`${LAZY_API_PATHS.admin_reports_csv}${query(range)}&report=${report}`);
  const s = summary.data;
  const figureColumn = REPORT_COLUMNS.daily.find((c) => c.id === figure)!;
  return (
    <section aria-labelledby="reports-heading">
      <h1 id="reports-heading">{t('admin.reports.heading')}</h1>
      <p>{t('admin.reports.intro')}</p>
      <form onSubmit={apply} className="admin-row">
        <label htmlFor="reports-from">{t('admin.reports.from')}</label>
        <input id="reports-from" type="date" required value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <label htmlFor="reports-to">{t('admin.reports.to')}</label>
        <input id="reports-to" type="date" required value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <button type="submit">{t('admin.reports.show')}</button>
      </form>
      {summary.error ? <LoadError error={summary.error} retry={summary.reload} /> : null}
      {summary.loading && !s ? <p role="status">{t('admin.loading')}</p> : null}
      {s && (
        <>
          <section aria-labelledby="reports-days">
            <h2 id="reports-days">{t('admin.reports.days')}</h2>
            <label htmlFor="reports-figure">{t('admin.reports.chartFigure')}</label>
            <select id="reports-figure" value={figure} onChange={(e) => setFigure(e.target.value as typeof figure)}>
              {CHART_FIGURES.map((f) => (
                <option key={f} value={f}>
                  {t(`admin.reports.col.${f}`)}
                </option>
              ))}
            </select>
            <BarChart
              title={t('admin.reports.chartDays', { figure: t(`admin.reports.col.${figure}`) })}
              bars={s.days.map((d) => ({ label: d.day, value: Number(figureColumn.cell(d)), text: figureColumn.cell(d) }))}
            />
            <ReportTable caption={t('admin.reports.days')} columns={REPORT_COLUMNS.daily} rows={s.days} rowKey={(d) => d.day} />
            <CsvLink href={csv('daily')} />
          </section>
          <section aria-labelledby="reports-channels">
            <h2 id="reports-channels">{t('admin.reports.channels')}</h2>
            <ReportTable caption={t('admin.reports.channels')} columns={REPORT_COLUMNS.channels} rows={channelRows(s)} rowKey={(c) => `${c.direction}:${c.channel}`} />
            <CsvLink href={csv('channels')} />
          </section>
          <section aria-labelledby="reports-games">
            <h2 id="reports-games">{t('admin.reports.games')}</h2>
            <p>{t('admin.reports.ggrDefinition')}</p>
            <BarChart title={t('admin.reports.chartGames')} bars={s.games.map((g) => ({ label: [g.account, g.game, g.room].filter(Boolean).join(' '), value: g.ggrMinor / 100, text: REPORT_COLUMNS.games.find((c) => c.id === 'ggr_inr')!.cell(g) }))} />
            <ReportTable caption={t('admin.reports.games')} columns={REPORT_COLUMNS.games} rows={s.games} rowKey={(g) => `${g.account}:${g.game}:${g.room}`} />
            <CsvLink href={csv('games')} />
          </section>
          <section aria-labelledby="reports-cohorts">
            <h2 id="reports-cohorts">{t('admin.reports.cohorts')}</h2>
            <p>{t('admin.reports.cohortsDefinition')}</p>
            <ReportTable caption={t('admin.reports.cohorts')} columns={REPORT_COLUMNS.cohorts} rows={s.cohorts} rowKey={(c) => c.day} />
            <CsvLink href={csv('cohorts')} />
          </section>
        </>
      )}
      <section aria-labelledby="reports-players">
        <h2 id="reports-players">{t('admin.reports.players')}</h2>
        {players.error ? <LoadError error={players.error} retry={players.reload} /> : null}
        {players.data && <ReportTable caption={t('admin.reports.players')} columns={REPORT_COLUMNS.players} rows={players.data.items} rowKey={(p) => p.playerId} />}
        <CsvLink href={csv('players')} />
      </section>
      <section aria-labelledby="reports-liabilities">
        <h2 id="reports-liabilities">{t('admin.reports.liabilities')}</h2>
        <p>{t('admin.reports.liabilitiesDefinition')}</p>
        {liabilities.error ? <LoadError error={liabilities.error} retry={liabilities.reload} /> : null}
        {liabilities.data && <ReportTable caption={t('admin.reports.liabilities')} columns={REPORT_COLUMNS.liabilities} rows={liabilityRows(liabilities.data)} rowKey={(l) => l.line} />}
        <CsvLink href={csv('liabilities')} />
      </section>
    </section>
  );
}

/** The header of a column: its message when it has one (every fixed column does). */
const headerOf = (id: string) => t(`admin.reports.col.${id}` as 'admin.reports.col.day');

/** A report's table: the columns the CSV export writes, in the same order, cells as they are exported. */
export function ReportTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: readonly ReportColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string }) {
  if (rows.length === 0) return <p>{t('admin.reports.none')}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col">
                {headerOf(c.id)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.id} scope="row">
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.id} className={c.numeric ? 'numeric' : undefined}>
                    {c.cell(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CsvLink({ href }: { href: string }) {
  // A plain link: the browser downloads with the session cookie; the export is audited.
  return (
    <a href={href} download>
      {t('admin.reports.csv')}
    </a>
  );
}

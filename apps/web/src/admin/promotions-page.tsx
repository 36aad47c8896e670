import type { FieldIssue, GiftCode, OperatorSession, PromotionCostFigures, PromotionCostReport } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { parseRupeesToMinor } from '../lib/amount';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, apiUrl, fillPath } from './api';
import { DecisionDialog } from './decision-dialog';
import { adminErrorText } from './i18n';
import './i18n';
import { FormError, LoadError } from './load-error';
import { istToday } from './reports-page';
import { useLoad } from './use-load';

/** The contract's gift code rules, repeated as plain values: the console chunk does not load zod for one form. */
const CODE_PATTERN = /^[A-Z0-9]{4,24}$/;
const MULTIPLES = [1, 2, 3, 4, 5] as const;
const FIGURES = ['granted', 'converted', 'forfeited', 'expired', 'outstanding'] as const;

/** A `datetime-local` value read as India time (the console's times are IST). */
const istToIso = (local: string) => new Date(`${local}:00+05:30`).toISOString();
/** Now (plus `days`) as a `datetime-local` value in India time. */
const istLocal = (days = 0) => new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 16);

const stateOf = (c: GiftCode, now: number): 'paused' | 'expired' | 'spent' | 'running' => {
  if (c.paused) return 'paused';
  if (Date.parse(c.expiresAt) <= now) return 'expired';
  return c.budgetMinor - c.spentMinor < c.bonusMinor ? 'spent' : 'running';
};

/** A refusal in words: a code that exists has its own sentence, the rest as every console page says them. */
const refusalText = (err: unknown) => (err instanceof ApiError && err.code === 'GIFT_CODE_EXISTS' ? t('admin.promo.codeExists') : adminErrorText(err));

/**
 * Promotions (docs/promotions.md, "Console and cost"): the gift codes with their budget spent, a
 * form to create one and a pause (admins, countersigned), and what the offers cost over a range of
 * IST days, read from the ledger. Every operator reads; only an admin creates and pauses.
 */
export function PromotionsPage({ session }: { session: OperatorSession }) {
  const canManage = session.permissions.includes('promotions.manage');
  const list = useLoad(async (signal) => ({ ...(await adminApi.get<{ items: GiftCode[] }>(LAZY_API_PATHS.admin_gift_codes, signal)), at: Date.now() }), '');
  const [notice, setNotice] = useState<string | null>(null);
  const [pausing, setPausing] = useState<GiftCode | null>(null);

  return (
    <section aria-labelledby="promo-heading">
      <h1 id="promo-heading">{t('admin.promo.heading')}</h1>
      <p>{t('admin.promo.help')}</p>
      {canManage && <GiftCodeForm onCreated={(c) => (setNotice(t('admin.promo.created', { code: c.code })), list.reload())} />}
      <h2 id="promo-codes">{t('admin.promo.codesHeading')}</h2>
      {notice && <p role="status">{notice}</p>}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.loading && !list.data ? <p role="status">{t('admin.loading')}</p> : null}
      {list.data && list.data.items.length === 0 && <p>{t('admin.promo.none')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="admin-scroll" role="region" aria-labelledby="promo-codes" tabIndex={0}>
          <table className="admin-table">
            <caption>{t('admin.promo.codesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.promo.col.code')}</th>
                <th scope="col">{t('admin.promo.col.bonus')}</th>
                <th scope="col">{t('admin.promo.col.multiple')}</th>
                <th scope="col">{t('admin.promo.col.budget')}</th>
                <th scope="col">{t('admin.promo.col.cap')}</th>
                <th scope="col">{t('admin.promo.col.expires')}</th>
                <th scope="col">{t('admin.promo.col.state')}</th>
                <th scope="col">{t('admin.promo.col.created')}</th>
                {canManage && <th scope="col">{t('admin.promo.col.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.code}</th>
                  <td className="numeric">{t('admin.promo.bonusCell', { amount: formatMoneyMinor(c.bonusMinor), days: c.bonusValidDays })}</td>
                  <td className="numeric">{t('admin.promo.multipleCell', { multiple: c.wageringMultiple })}</td>
                  <td className="numeric">{t('admin.promo.budgetCell', { spent: formatMoneyMinor(c.spentMinor), budget: formatMoneyMinor(c.budgetMinor) })}</td>
                  <td className="numeric">{c.perPlayerCap}</td>
                  <td>{formatDateTimeIst(new Date(c.expiresAt))}</td>
                  <td>{t(`admin.promo.state.${stateOf(c, list.data!.at)}`)}</td>
                  <td>{t('admin.promo.createdCell', { operator: c.createdBy, at: formatDateTimeIst(new Date(c.createdAt)) })}</td>
                  {canManage && (
                    <td>
                      {!c.paused && (
                        <button type="button" onClick={() => (setNotice(null), setPausing(c))} aria-label={t('admin.promo.pauseLabel', { code: c.code })}>
                          {t('admin.promo.pause')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pausing && (
        <DecisionDialog
          title={t('admin.promo.pauseTitle', { code: pausing.code })}
          fieldLabel={null}
          description={t('admin.promo.pauseHelp')}
          onConfirm={async () => {
            await adminApi.post(fillPath(LAZY_API_PATHS.admin_gift_code_pause, { id: pausing.id }));
            setNotice(t('admin.promo.paused', { code: pausing.code }));
            list.reload();
          }}
          onClose={() => setPausing(null)}
        />
      )}
      <CostReport />
    </section>
  );
}

type Draft = { code: string; bonus: string; wageringMultiple: string; bonusValidDays: string; budget: string; perPlayerCap: string; expiresAt: string };
type Problems = Partial<Record<keyof Draft, string>>;

/** The form's own checks, each in words under its field; the server checks all of them again. */
function check(d: Draft): { problems: Problems; body?: Record<string, unknown> } {
  const problems: Problems = {};
  const whole = (text: string, min: number, max: number) => (/^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? Number(text) : null);
  if (!CODE_PATTERN.test(d.code)) problems.code = t('admin.promo.bad.code');
  const bonus = parseRupeesToMinor(d.bonus);
  if (!bonus.ok || bonus.amountMinor <= 0) problems.bonus = t('admin.promo.bad.amount');
  const budget = parseRupeesToMinor(d.budget);
  if (!budget.ok || budget.amountMinor <= 0) problems.budget = t('admin.promo.bad.amount');
  else if (bonus.ok && budget.amountMinor < bonus.amountMinor) problems.budget = t('admin.promo.bad.budget');
  const days = whole(d.bonusValidDays, 1, 90);
  if (days === null) problems.bonusValidDays = t('admin.promo.bad.days');
  const cap = whole(d.perPlayerCap, 1, 10);
  if (cap === null) problems.perPlayerCap = t('admin.promo.bad.cap');
  const expires = d.expiresAt ? Date.parse(istToIso(d.expiresAt)) : NaN;
  if (!(expires > Date.now())) problems.expiresAt = t('admin.promo.bad.expires');
  if (Object.keys(problems).length > 0 || !bonus.ok || !budget.ok) return { problems };
  return {
    problems,
    body: { code: d.code, bonusMinor: bonus.amountMinor, wageringMultiple: Number(d.wageringMultiple), bonusValidDays: days, budgetMinor: budget.amountMinor, perPlayerCap: cap, expiresAt: new Date(expires).toISOString() },
  };
}

function GiftCodeForm({ onCreated }: { onCreated: (c: GiftCode) => void }) {
  const id = useId();
  const blank = (): Draft => ({ code: '', bonus: '', wageringMultiple: '3', bonusValidDays: '7', budget: '', perPlayerCap: '1', expiresAt: istLocal(7) });
  const [draft, setDraft] = useState<Draft>(blank);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; issues: FieldIssue[] } | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: field === 'code' ? e.target.value.toUpperCase() : e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = check(draft);
    setProblems(checked.problems);
    if (!checked.body) return;
    setBusy(true);
    try {
      const created = await adminApi.post<GiftCode>(LAZY_API_PATHS.admin_gift_codes, checked.body);
      setDraft(blank());
      onCreated(created);
    } catch (err) {
      setError({ text: refusalText(err), issues: err instanceof ApiError ? (err.issues ?? []) : [] });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Draft, input: Record<string, unknown>) => {
    const problemId = `${id}-${name}-problem`;
    return (
      <>
        <label htmlFor={`${id}-${name}`}>{t(`admin.promo.field.${name}`)}</label>
        <input id={`${id}-${name}`} value={draft[name]} onChange={set(name)} required aria-invalid={problems[name] ? true : undefined} aria-describedby={problems[name] ? problemId : undefined} {...input} />
        {problems[name] && (
          <p id={problemId} className="admin-field-problem">
            {problems[name]}
          </p>
        )}
      </>
    );
  };

  return (
    <form onSubmit={submit} className="admin-form" aria-label={t('admin.promo.formHeading')} noValidate>
      <h2>{t('admin.promo.formHeading')}</h2>
      <p>{t('admin.promo.formHelp')}</p>
      {field('code', { type: 'text', maxLength: 24, autoComplete: 'off' })}
      {field('bonus', { type: 'text', inputMode: 'decimal' })}
      <label htmlFor={`${id}-wageringMultiple`}>{t('admin.promo.field.wageringMultiple')}</label>
      <select id={`${id}-wageringMultiple`} value={draft.wageringMultiple} onChange={set('wageringMultiple')}>
        {MULTIPLES.map((m) => (
          <option key={m} value={String(m)}>
            {t('admin.promo.multipleCell', { multiple: m })}
          </option>
        ))}
      </select>
      {field('bonusValidDays', { type: 'text', inputMode: 'numeric' })}
      {field('budget', { type: 'text', inputMode: 'decimal' })}
      {field('perPlayerCap', { type: 'text', inputMode: 'numeric' })}
      {field('expiresAt', { type: 'datetime-local' })}
      <button type="submit" disabled={busy}>
        {t('admin.promo.create')}
      </button>
      <FormError error={error} />
    </form>
  );
}

type Range = { from: string; to: string };

/** The offers' cost over a range of IST days: a table per source and offer, with the totals. */
function CostReport() {
  const today = istToday();
  const [draft, setDraft] = useState<Range>({ from: today, to: today });
  const [range, setRange] = useState<Range>(draft);
  const query = `?from=${range.from}&to=${range.to}`;
  const report = useLoad((signal) => adminApi.get<PromotionCostReport>(LAZY_API_PATHS.admin_promotions_cost + query, signal), query);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const r = report.data;
  const cells = (f: PromotionCostFigures) =>
    FIGURES.flatMap((k) => [
      <td key={`${k}-n`} className="numeric">
        {f[k].count}
      </td>,
      <td key={`${k}-inr`} className="numeric">
        {formatMoneyMinor(f[k].amountMinor)}
      </td>,
    ]);
  return (
    <section aria-labelledby="promo-cost">
      <h2 id="promo-cost">{t('admin.promo.cost.heading')}</h2>
      <p>{t('admin.promo.cost.help')}</p>
      <form onSubmit={apply} className="admin-row" aria-label={t('admin.promo.cost.range')}>
        <label htmlFor="promo-cost-from">{t('admin.reports.from')}</label>
        <input id="promo-cost-from" type="date" required value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <label htmlFor="promo-cost-to">{t('admin.reports.to')}</label>
        <input id="promo-cost-to" type="date" required value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <button type="submit">{t('admin.reports.show')}</button>
      </form>
      {report.error ? <LoadError error={report.error} retry={report.reload} /> : null}
      {report.loading && !r ? <p role="status">{t('admin.loading')}</p> : null}
      {r && r.rows.length === 0 && <p>{t('admin.promo.cost.none')}</p>}
      {r && r.rows.length > 0 && (
        <div className="admin-table-scroll" role="region" aria-labelledby="promo-cost" tabIndex={0}>
          <table className="admin-table">
            <caption>{t('admin.promo.cost.caption', { from: r.from, to: r.to })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.promo.cost.col.offer')}</th>
                <th scope="col">{t('admin.promo.cost.col.source')}</th>
                {FIGURES.flatMap((k) => [
                  <th key={`${k}-n`} scope="col">
                    {t(`admin.promo.cost.col.${k}`)}
                  </th>,
                  <th key={`${k}-inr`} scope="col">
                    {t(`admin.promo.cost.col.${k}Inr`)}
                  </th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {r.rows.map((row) => (
                <tr key={`${row.source}:${row.offerRef}`}>
                  <th scope="row">{row.offerRef}</th>
                  <td>{t(`admin.promo.source.${row.source}`)}</td>
                  {cells(row)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('admin.promo.cost.total')}</th>
                <td />
                {cells(r.totals)}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {r && (
        // A plain link, as on the reports page: the browser downloads with the session cookie; the export is audited.
        <a href={apiUrl(LAZY_API_PATHS.admin_promotions_cost_csv + query)} download>
          {t('admin.reports.csv')}
        </a>
      )}
    </section>
  );
}

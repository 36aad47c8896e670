import type { OperatorSession, ReconImport, ReconItem } from '@colorplay/contract';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { adminApi, fillPath } from './api';
import { DecisionDialog } from './decision-dialog';
import { adminErrorText } from './i18n';
import './i18n';
import { ListTable } from './list-table';
import { FormError, type FormFailure } from './load-error';
import { useLoad } from './use-load';

/** Today's date in India, the settlement day a gateway's daily file usually covers. */
const todayIst = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/**
 * Reconciliation (docs/payments.md): import a gateway's settlement file, then resolve each
 * difference with a reason, crediting through the normal deposit path (paid but not credited)
 * or explaining. Support reads; finance and admin import and resolve.
 */
export function ReconciliationPage({ session }: { session: OperatorSession }) {
  const canManage = session.permissions.includes('reconciliation.manage');
  const open = useLoad((signal) => adminApi.get<{ items: ReconItem[] }>(`${LAZY_API_PATHS.admin_recon_items}?state=open`, signal), '');
  const [resolving, setResolving] = useState<{ item: ReconItem; action: 'credit' | 'explain' } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function resolve(reason: string) {
    if (!resolving) return;
    const done = await adminApi.post<ReconItem>(fillPath(LAZY_API_PATHS.admin_recon_resolve, { itemId: resolving.item.id }), { action: resolving.action, reason });
    setNotice(t(done.state === 'credited' ? 'admin.recon.credited' : 'admin.recon.explained', { orderId: done.orderId }));
    open.reload();
  }

  return (
    <section aria-labelledby="recon-heading">
      <h1 id="recon-heading">{t('admin.recon.heading')}</h1>
      {canManage && <ImportForm onImported={open.reload} />}
      <h2>{t('admin.recon.openHeading')}</h2>
      {notice && <p role="status">{notice}</p>}
      <ListTable list={open} caption={t('admin.recon.openCaption')} none={t('admin.recon.noneOpen')} columns={
        <>
          <th scope="col">{t('admin.recon.col.order')}</th>
          <th scope="col">{t('admin.recon.col.kind')}</th>
          <th scope="col">{t('admin.recon.col.file')}</th>
          <th scope="col">{t('admin.recon.col.ours')}</th>
          {canManage && <th scope="col">{t('admin.recon.col.actions')}</th>}
        </>
      }>
        {(items) =>
          items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.orderId}</th>
              <td>{t(`admin.recon.kind.${item.kind}`)}</td>
              <td>
                {item.file
                  ? t('admin.recon.fileLine', { line: item.lineNo ?? '-', status: item.file.status, amount: formatMoneyMinor(item.file.amountMinor), utr: item.file.utr || '-' })
                  : t('admin.recon.notInFile')}
              </td>
              <td>{item.order ? t('admin.recon.orderFacts', { status: item.order.status, amount: formatMoneyMinor(item.order.amountMinor) }) : t('admin.recon.noOrder')}</td>
              {canManage && (
                <td>
                  {item.kind === 'paid_not_credited' && (
                    <button type="button" onClick={() => setResolving({ item, action: 'credit' })} aria-label={t('admin.recon.creditLabel', { orderId: item.orderId })}>
                      {t('admin.recon.credit')}
                    </button>
                  )}
                  <button type="button" onClick={() => setResolving({ item, action: 'explain' })} aria-label={t('admin.recon.explainLabel', { orderId: item.orderId })}>
                    {t('admin.recon.explain')}
                  </button>
                </td>
              )}
            </tr>
          ))
        }
      </ListTable>
      {resolving && (
        <DecisionDialog
          title={t(resolving.action === 'credit' ? 'admin.recon.creditTitle' : 'admin.recon.explainTitle', { orderId: resolving.item.orderId })}
          description={resolving.action === 'credit' ? t('admin.recon.creditDescription') : undefined}
          fieldLabel={t('admin.recon.reason')}
          onConfirm={resolve}
          onClose={() => setResolving(null)}
        />
      )}
    </section>
  );
}

/** The import form: the file is read in the browser and sent as text (decision 415). */
function ImportForm({ onImported }: { onImported: () => void }) {
  const fileId = useId();
  const dateId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [date, setDate] = useState(todayIst);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReconImport | null>(null);
  const [error, setError] = useState<FormFailure | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError({ text: t('admin.recon.chooseFile'), issues: [] });
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const csv = await file.text();
      setResult(await adminApi.post<ReconImport>(LAZY_API_PATHS.admin_recon_imports, { fileName: file.name, settlementDate: date, csv }));
      onImported();
    } catch (err) {
      const invalid = err instanceof ApiError && err.code === 'SETTLEMENT_FILE_INVALID';
      setError({ text: invalid ? t('admin.recon.fileInvalid') : adminErrorText(err), issues: invalid ? (err.issues ?? []) : [] });
    } finally {
      setBusy(false);
    }
  }

  const differences = result ? Object.entries(result.counts).reduce((n, [kind, count]) => (kind === 'matched' ? n : n + count), 0) : 0;
  return (
    <form onSubmit={submit} className="admin-form" aria-label={t('admin.recon.importHeading')}>
      <h2>{t('admin.recon.importHeading')}</h2>
      <p>{t('admin.recon.importHelp')}</p>
      <label htmlFor={fileId}>{t('admin.recon.file')}</label>
      <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <label htmlFor={dateId}>{t('admin.recon.date')}</label>
      <input id={dateId} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
      <button type="submit" disabled={busy}>
        {t('admin.recon.import')}
      </button>
      {result && (
        <p role="status">
          {result.duplicate
            ? t('admin.recon.duplicate', { fileName: result.fileName })
            : t('admin.recon.imported', { fileName: result.fileName, lines: result.lineCount, differences })}
        </p>
      )}
      <FormError error={error} />
    </form>
  );
}

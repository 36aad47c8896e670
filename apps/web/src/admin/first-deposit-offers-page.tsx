import type { FirstDepositOffer, OperatorSession } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { DecisionDialog } from './decision-dialog';
import { CheckInSettingsSection } from './check-in-settings-section';
import { istToIso } from './ist-time';
import { adminErrorText } from './i18n';
import './i18n';
import { ListTable, useListActions } from './list-table';
import { FormError, type FormFailure } from './load-error';
import { useLoad } from './use-load';

/** Now plus `days` as a `datetime-local` value in India time. */
const istLocalInDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 16);
/** Rupees as typed (e.g. "200" or "200.50") in paise; NaN when it is not an amount. */
const rupeesToMinor = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN);

function stateOf(o: FirstDepositOffer, now: number): 'running' | 'paused' | 'expired' {
  if (o.paused) return 'paused';
  return Date.parse(o.expiresAt) <= now ? 'expired' : 'running';
}

/**
 * The first-deposit offers (docs/promotions.md): every operator sees them with their budget and
 * what was spent; an admin creates one (one runs at a time) and pauses it for good, each audited.
 * The daily check-in's settings follow (decision 565).
 */
export function FirstDepositOffersPage({ session }: { session: OperatorSession }) {
  const canManage = session.permissions.includes('promotions.manage');
  const list = useLoad(async (signal) => ({ ...(await adminApi.get<{ items: FirstDepositOffer[] }>(LAZY_API_PATHS.admin_first_deposit_offers, signal)), at: Date.now() }), '');
  const actions = useListActions(list.reload);
  // A pause is final (a new offer replaces it): asked first, as for gift codes.
  const [pausing, setPausing] = useState<FirstDepositOffer | null>(null);

  return (
    <section aria-labelledby="fdo-heading">
      <h1 id="fdo-heading">{t('admin.fdo.heading')}</h1>
      <p>{t('admin.fdo.help')}</p>
      {canManage && <OfferForm onCreated={(o) => actions.done(t('admin.fdo.createdNotice', { id: o.id }))} />}
      <h2>{t('admin.fdo.listHeading')}</h2>
      {actions.notices}
      <ListTable list={list} label={t('admin.fdo.listHeading')} caption={t('admin.fdo.caption')} none={t('admin.fdo.none')} columns={
        <>
          <th scope="col">{t('admin.fdo.col.offer')}</th>
          <th scope="col">{t('admin.fdo.col.budget')}</th>
          <th scope="col">{t('admin.fdo.col.spent')}</th>
          <th scope="col">{t('admin.fdo.col.expires')}</th>
          <th scope="col">{t('admin.fdo.col.state')}</th>
          {canManage && <th scope="col">{t('admin.fdo.col.actions')}</th>}
        </>
      }>
        {(items) =>
          items.map((o) => {
            const state = stateOf(o, list.data!.at);
            return (
              <tr key={o.id}>
                <th scope="row">
                  {t('admin.fdo.offer', { id: o.id, percent: o.percent, cap: formatMoneyMinor(o.capMinor), multiple: o.wageringMultiple, days: o.bonusValidDays })}
                </th>
                <td>{formatMoneyMinor(o.budgetMinor)}</td>
                <td>{formatMoneyMinor(o.spentMinor)}</td>
                <td>{formatDateTimeIst(new Date(o.expiresAt))}</td>
                <td>{t(`admin.fdo.state.${state}`)}</td>
                {canManage && (
                  <td>
                    {state === 'running' && (
                      <button type="button" onClick={() => setPausing(o)} aria-label={t('admin.fdo.pauseLabel', { id: o.id })}>
                        {t('admin.fdo.pause')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })
        }
      </ListTable>
      {pausing && (
        <DecisionDialog
          title={t('admin.fdo.pauseTitle', { id: pausing.id })}
          fieldLabel={null}
          description={t('admin.fdo.pauseHelp')}
          onConfirm={async () => {
            const id = pausing.id;
            await adminApi.post(fillPath(LAZY_API_PATHS.admin_first_deposit_offer_pause, { id }));
            actions.done(t('admin.fdo.pausedNotice', { id }));
          }}
          onClose={() => setPausing(null)}
        />
      )}
      <CheckInSettingsSection canManage={canManage} />
    </section>
  );
}

type Draft = { percent: string; cap: string; multiple: string; validDays: string; budget: string; expiresAt: string };

function OfferForm({ onCreated }: { onCreated: (o: FirstDepositOffer) => void }) {
  const id = useId();
  const blank = (): Draft => ({ percent: '20', cap: '200', multiple: '5', validDays: '7', budget: '', expiresAt: istLocalInDays(30) });
  const [draft, setDraft] = useState<Draft>(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormFailure | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await adminApi.post<FirstDepositOffer>(LAZY_API_PATHS.admin_first_deposit_offers, {
        percent: Number(draft.percent),
        capMinor: rupeesToMinor(draft.cap),
        wageringMultiple: Number(draft.multiple),
        bonusValidDays: Number(draft.validDays),
        budgetMinor: rupeesToMinor(draft.budget),
        expiresAt: istToIso(draft.expiresAt),
      });
      setDraft(blank());
      onCreated(created);
    } catch (err) {
      setError({ text: adminErrorText(err), issues: err instanceof ApiError ? (err.issues ?? []) : [] });
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof Draft, props: { type: 'number' | 'text' | 'datetime-local'; min?: number; max?: number }) => (
    <>
      <label htmlFor={`${id}-${name}`}>{t(`admin.fdo.field.${name}`)}</label>
      <input id={`${id}-${name}`} value={draft[name]} onChange={set(name)} required inputMode={props.type === 'text' ? 'decimal' : undefined} {...props} />
    </>
  );

  return (
    <form onSubmit={submit} className="admin-form" aria-label={t('admin.fdo.formHeading')}>
      <h2>{t('admin.fdo.formHeading')}</h2>
      {input('percent', { type: 'number', min: 1, max: 100 })}
      {input('cap', { type: 'text' })}
      {input('multiple', { type: 'number', min: 1, max: 5 })}
      {input('validDays', { type: 'number', min: 1, max: 90 })}
      {input('budget', { type: 'text' })}
      {input('expiresAt', { type: 'datetime-local' })}
      <button type="submit" disabled={busy}>
        {t('admin.fdo.create')}
      </button>
      <FormError error={error} />
    </form>
  );
}

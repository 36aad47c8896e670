import type { CheckInSettings, CheckInSettingsInput } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { parseRupeesToMinor } from '../lib/amount';
import { ApiError } from '../lib/api-client';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi } from './api';
import { DecisionDialog } from './decision-dialog';
import { adminErrorText } from './i18n';
import './i18n';
import { FormError, LoadError, type FormFailure } from './load-error';
import { useLoad } from './use-load';

/** Rupees as typed in paise; NaN (sent as null, so the server refuses it by field) when not an amount. */
const rupeesToMinor = (text: string) => {
  const r = parseRupeesToMinor(text);
  return r.ok ? r.amountMinor : Number.NaN;
};
/** Paise as the form shows them (₹ without the sign: "5.00"). */
const minorToRupees = (minor: number) => (minor / 100).toFixed(2);

/**
 * The daily check-in's settings (docs/promotions.md, decision 565): every operator sees the values
 * in force; an admin sets them (the next check-in uses them), a pause only after confirming. Each
 * change is audited by the server.
 */
export function CheckInSettingsSection({ canManage }: { canManage: boolean }) {
  const current = useLoad((signal) => adminApi.get<CheckInSettings>(LAZY_API_PATHS.admin_check_in_settings, signal), '');
  const [notice, setNotice] = useState<string | null>(null);
  const s = current.data;
  return (
    <section aria-labelledby="cis-heading">
      <h2 id="cis-heading">{t('admin.cis.heading')}</h2>
      <p>{t('admin.cis.help')}</p>
      {current.error !== undefined && <LoadError error={current.error} retry={current.reload} />}
      {notice && <p role="status">{notice}</p>}
      {s && (
        <>
          <dl aria-label={t('admin.cis.currentLabel')}>
            <dt>{t('admin.cis.state')}</dt>
            <dd>{s.paused ? t('admin.cis.paused') : t('admin.cis.running')}</dd>
            <dt>{t('admin.cis.field.bonus')}</dt>
            <dd>{formatMoneyMinor(s.bonusMinor)}</dd>
            <dt>{t('admin.cis.field.multiple')}</dt>
            <dd>{t('admin.cis.multipleValue', { multiple: s.wageringMultiple })}</dd>
            <dt>{t('admin.cis.field.validDays')}</dt>
            <dd>{s.validDays}</dd>
            <dt>{t('admin.cis.field.budget')}</dt>
            <dd>{formatMoneyMinor(s.dailyBudgetMinor)}</dd>
            <dt>{t('admin.cis.changed')}</dt>
            <dd>{s.updatedAt ? formatDateTimeIst(new Date(s.updatedAt)) : t('admin.cis.defaults')}</dd>
          </dl>
          {canManage && (
            <SettingsForm
              // A fresh draft from each saved version of the settings.
              key={s.updatedAt ?? 'defaults'}
              current={s}
              onSaved={() => {
                setNotice(t('admin.cis.saved'));
                current.reload();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

type Draft = { bonus: string; multiple: string; validDays: string; budget: string; paused: boolean };

function SettingsForm({ current, onSaved }: { current: CheckInSettings; onSaved: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    bonus: minorToRupees(current.bonusMinor),
    multiple: String(current.wageringMultiple),
    validDays: String(current.validDays),
    budget: minorToRupees(current.dailyBudgetMinor),
    paused: current.paused,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormFailure | null>(null);
  const [confirming, setConfirming] = useState<CheckInSettingsInput | null>(null);
  const set = (field: Exclude<keyof Draft, 'paused'>) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const values = (): CheckInSettingsInput => ({
    bonusMinor: rupeesToMinor(draft.bonus),
    wageringMultiple: Number(draft.multiple),
    validDays: Number(draft.validDays),
    dailyBudgetMinor: rupeesToMinor(draft.budget),
    paused: draft.paused,
  });
  const save = (v: CheckInSettingsInput) => adminApi.post<CheckInSettings>(LAZY_API_PATHS.admin_check_in_settings, v);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const v = values();
    // Pausing stops every player's check-in at once: asked again before it is sent.
    if (v.paused && !current.paused) {
      setConfirming(v);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save(v);
      onSaved();
    } catch (err) {
      setError({ text: adminErrorText(err), issues: err instanceof ApiError ? (err.issues ?? []) : [] });
      setBusy(false);
    }
  }

  const input = (name: Exclude<keyof Draft, 'paused'>, props: { type: 'number' | 'text'; min?: number; max?: number }) => (
    <>
      <label htmlFor={`${id}-${name}`}>{t(`admin.cis.field.${name}`)}</label>
      <input id={`${id}-${name}`} value={draft[name]} onChange={set(name)} required inputMode={props.type === 'text' ? 'decimal' : undefined} {...props} />
    </>
  );

  return (
    <>
      <form onSubmit={submit} className="admin-form" aria-label={t('admin.cis.formHeading')}>
        <h3>{t('admin.cis.formHeading')}</h3>
        {input('bonus', { type: 'text' })}
        {input('multiple', { type: 'number', min: 1, max: 5 })}
        {input('validDays', { type: 'number', min: 1, max: 30 })}
        {input('budget', { type: 'text' })}
        <label>
          <input type="checkbox" checked={draft.paused} onChange={(e) => setDraft((d) => ({ ...d, paused: e.target.checked }))} />
          {t('admin.cis.field.paused')}
        </label>
        <button type="submit" disabled={busy}>
          {t('admin.cis.save')}
        </button>
        <FormError error={error} />
      </form>
      {confirming && (
        <DecisionDialog
          title={t('admin.cis.pauseTitle')}
          fieldLabel={null}
          description={t('admin.cis.pauseHelp')}
          onConfirm={async () => {
            await save(confirming);
            onSaved();
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

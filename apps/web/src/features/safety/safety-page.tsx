import type { SafetyLimit, SafetyLimitKind, SafetyState } from '@colorplay/contract';
import { BREAK_DAY_CHOICES, EXCLUSION_MONTH_CHOICES, REALITY_CHECK_MINUTE_CHOICES, SAFETY_PERIODS } from '@colorplay/contract/safety-constants';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { useMoneyAction } from '../../components/ui/money-action';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { messageText } from '../../lib/api-errors';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { confirmLimit, requestReopen, safetyResource, selfExclude, setLimit, setRealityCheck, takeBreak } from './api';
import { parseRupees } from './amount';
import { SESSION_GAP_MS } from './play-session';
import './i18n';
import './safety.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The Safety page (/main/Safety): limits, a break, self-exclusion, reality checks, net deposits. */
export function SafetyPage() {
  const { t } = useI18n();
  const state = useResource(safetyResource);
  const s = state.data;
  return (
    <main className="page safety">
      <TopBar title={t('safety.title')} backTo={paths.account.getHref()} />
      {!s && state.error && (
        <div className="safety__notice" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={state.reload}>
            {t('safety.retry')}
          </button>
        </div>
      )}
      {!s && !state.error && <p className="safety__notice">{t('common.loading')}</p>}
      {s && (
        <>
          <p className="safety__intro">{t('safety.intro')}</p>
          <BlockStatus state={s} />
          {s.offered.depositLimits && <LimitsSection kind="deposit" state={s} />}
          {s.offered.lossLimits && <LimitsSection kind="loss" state={s} />}
          {s.offered.stakeLimits && <LimitsSection kind="stake" state={s} />}
          {s.offered.breaks && s.block.kind === 'none' && <BreakSection />}
          {s.offered.selfExclusion && (s.block.kind === 'none' || s.block.kind === 'break') && <ExclusionSection />}
          {s.offered.realityChecks && <RealityCheckSection current={s.realityCheckMinutes} />}
          <NetDeposits state={s} />
          <section className="safety__section" aria-labelledby="safety-history">
            <h2 id="safety-history">{t('safety.history')}</h2>
            <p>{t('safety.historyLinks')}</p>
            <div className="safety__links">
              <Link to={paths.rechargeHistory.getHref()}>{t('safety.link.recharges')}</Link>
              <Link to={paths.withdrawHistory.getHref()}>{t('safety.link.withdrawals')}</Link>
              <Link to={paths.bettingRecordWin.getHref()}>{t('safety.link.bets')}</Link>
              <Link to={paths.withdraw.getHref()}>{t('safety.link.withdraw')}</Link>
            </div>
          </section>
        </>
      )}
    </main>
  );
}

function BlockStatus({ state }: { state: SafetyState }) {
  const { t } = useI18n();
  const reopen = useMoneyAction(() => requestReopen());
  const b = state.block;
  if (b.kind === 'none') return null;
  return (
    <section className="safety__status" role="status">
      {b.kind === 'break' && b.until && <p>{t('safety.break.active', { until: when(b.until) })}</p>}
      {b.kind === 'exclusion' && b.until && <p>{t('safety.exclusion.active', { until: when(b.until) })}</p>}
      {b.kind === 'closed' && (
        <>
          <p>{t('safety.closed')}</p>
          {b.reopensAt ? (
            <p>{t('safety.reopening', { at: when(b.reopensAt) })}</p>
          ) : (
            <button type="button" className="button button--ghost" aria-disabled={reopen.busy || undefined} onClick={() => void reopen.run(undefined)}>
              {t('safety.reopen')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function LimitsSection({ kind, state }: { kind: SafetyLimitKind; state: SafetyState }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="safety__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`safety.kind.${kind}`)}</h2>
      <p className="safety__hint">{t(`safety.kindHint.${kind}`)}</p>
      {SAFETY_PERIODS.map((period) => {
        const limit = state.limits.find((l) => l.kind === kind && l.period === period)!;
        return <LimitForm key={period} limit={limit} currency={state.currency} />;
      })}
    </section>
  );
}

function LimitForm({ limit, currency }: { limit: SafetyLimit; currency: string }) {
  const { t } = useI18n();
  const money = (minor: number) => formatMoneyMinor(minor, currency);
  const [saved, setSaved] = useState(false);
  const save = useMoneyAction((amountMinor: number | null) => setLimit({ kind: limit.kind, period: limit.period, amountMinor }), {
    report: 'inline',
    onSuccess: () => setSaved(true),
  });
  const confirm = useMoneyAction(() => confirmLimit({ kind: limit.kind, period: limit.period }));
  const form = useForm<{ amount: string }>({
    fields: {
      amount: {
        // Never pre-filled: an empty field means "no limit" only when the player leaves it so.
        initial: '',
        validate: (text) => (parseRupees(text) === 'invalid' ? 'safety.error.amount' : null),
        issueMessage: 'safety.error.amount',
      },
    },
    onSubmit: async ({ amount }) => {
      const parsed = parseRupees(amount);
      if (parsed === 'invalid') return;
      setSaved(false);
      await save.run(parsed);
    },
  });
  const periodLabel = t(`safety.period.${limit.period}`);
  return (
    <form className="safety__limit" noValidate onSubmit={form.onSubmit} aria-label={`${t(`safety.kind.${limit.kind}`)}: ${periodLabel}`}>
      <p className="safety__current">
        {periodLabel}: {limit.amountMinor === null ? t('safety.none') : t('safety.current', { amount: money(limit.amountMinor) })}
        {' · '}
        {limit.remainingMinor === null
          ? t('safety.usedNoLimit', { used: money(limit.usedMinor) })
          : t('safety.used', { used: money(limit.usedMinor), remaining: money(limit.remainingMinor) })}
        {/* Open deposit orders hold their share until paid or no longer payable (decision 390). */}
        {limit.reservedMinor > 0 && ` · ${t('safety.reserved', { amount: money(limit.reservedMinor) })}`}
      </p>
      {limit.amountMinor !== null && limit.usedMinor > limit.amountMinor && <p role="status">{t('safety.overLimit')}</p>}
      {limit.pending && (
        <div className="safety__pending">
          <p>
            {limit.pending.amountMinor === null
              ? t('safety.pendingRemove', { at: when(limit.pending.confirmableAt) })
              : t('safety.pending', { amount: money(limit.pending.amountMinor), at: when(limit.pending.confirmableAt) })}
          </p>
          {limit.pending.confirmable && (
            <button type="button" className="button button--primary" aria-disabled={confirm.busy || undefined} onClick={() => void confirm.run(undefined)}>
              {t('safety.confirm')}
            </button>
          )}
        </div>
      )}
      <TextField {...form.field('amount')} inputMode="decimal" label={t('safety.amountLabel', { period: periodLabel })} hint={t('safety.amountHint')} />
      <FormAlert text={form.error('form')} />
      {saved && !form.busy && <p role="status">{t('safety.saved')}</p>}
      <SubmitButton className="button button--ghost" busy={form.busy} label={t('safety.save')} busyLabel={t('safety.saving')} />
    </form>
  );
}

function ChoiceGroup<V extends number | null>({ legend, name, choices, value, onChange, label }: { legend: string; name: string; choices: readonly V[]; value: V; onChange: (v: V) => void; label: (v: V) => string }) {
  return (
    <fieldset className="safety__choices">
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={String(c)} className="safety__choice">
          <input type="radio" name={name} checked={value === c} onChange={() => onChange(c)} />
          {label(c)}
        </label>
      ))}
    </fieldset>
  );
}

function BreakSection() {
  const { t } = useI18n();
  const name = useId();
  const [days, setDays] = useState<(typeof BREAK_DAY_CHOICES)[number]>(1);
  const [asking, setAsking] = useState(false);
  const action = useMoneyAction((d: number) => takeBreak(d));
  const length = t(`safety.break.${days}`);
  return (
    <section className="safety__section" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`}>{t('safety.break.title')}</h2>
      <p className="safety__hint">{t('safety.break.text')}</p>
      <ChoiceGroup legend={t('safety.break.days')} name={name} choices={BREAK_DAY_CHOICES} value={days} onChange={setDays} label={(d) => t(`safety.break.${d}`)} />
      <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
        {t('safety.break.submit')}
      </button>
      {action.error && <p role="alert">{messageText(t, action.error)}</p>}
      <ConfirmDialog
        open={asking}
        title={t('safety.break.confirmTitle')}
        message={t('safety.break.confirmText', { length })}
        confirmLabel={t('safety.break.submit')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void action.run(days);
        }}
      />
    </section>
  );
}

function ExclusionSection() {
  const { t } = useI18n();
  const name = useId();
  const [months, setMonths] = useState<(typeof EXCLUSION_MONTH_CHOICES)[number]>(6);
  const [asking, setAsking] = useState(false);
  const action = useMoneyAction((m: 6 | 12 | 60) => selfExclude(m));
  return (
    <section className="safety__section" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`}>{t('safety.exclusion.title')}</h2>
      <p className="safety__hint">{t('safety.exclusion.text')}</p>
      <ChoiceGroup legend={t('safety.exclusion.months')} name={name} choices={EXCLUSION_MONTH_CHOICES} value={months} onChange={setMonths} label={(m) => t(`safety.exclusion.${m}`)} />
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        {t('safety.exclusion.submit')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('safety.exclusion.confirmTitle')}
        message={t('safety.exclusion.confirmText', { length: t(`safety.exclusion.${months}`) })}
        confirmLabel={t('safety.exclusion.submit')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void action.run(months);
        }}
      />
    </section>
  );
}

function RealityCheckSection({ current }: { current: number | null }) {
  const { t } = useI18n();
  const name = useId();
  const choices = [null, ...REALITY_CHECK_MINUTE_CHOICES] as const;
  const [minutes, setMinutes] = useState<(typeof choices)[number]>((current as 15 | 30 | 60 | null) ?? null);
  const action = useMoneyAction((m: 15 | 30 | 60 | null) => setRealityCheck(m));
  return (
    <section className="safety__section" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`}>{t('safety.reality.title')}</h2>
      <p className="safety__hint">{t('safety.reality.text')}</p>
      <p className="safety__hint">{t('safety.reality.clock', { minutes: SESSION_GAP_MS / 60_000 })}</p>
      <ChoiceGroup
        legend={t('safety.reality.label')}
        name={name}
        choices={choices}
        value={minutes}
        onChange={setMinutes}
        label={(m) => (m === null ? t('safety.reality.off') : t('safety.reality.minutes', { minutes: m }))}
      />
      <button type="button" className="button button--ghost" aria-disabled={action.busy || undefined} onClick={() => void action.run(minutes)}>
        {t('safety.reality.save')}
      </button>
    </section>
  );
}

function NetDeposits({ state }: { state: SafetyState }) {
  const { t } = useI18n();
  const money = (minor: number) => formatMoneyMinor(minor, state.currency);
  const n = state.netDeposits;
  return (
    <section className="safety__section" aria-labelledby="safety-net">
      <h2 id="safety-net">{t('safety.net.title')}</h2>
      <p className="safety__hint">{t('safety.net.text')}</p>
      <dl className="safety__net">
        <div>
          <dt>{t('safety.net.30d')}</dt>
          <dd>{money(n.last30DaysMinor)}</dd>
        </div>
        <div>
          <dt>{t('safety.net.12m')}</dt>
          <dd>{money(n.last12MonthsMinor)}</dd>
        </div>
        <div>
          <dt>{t('safety.net.all')}</dt>
          <dd>{money(n.allTimeMinor)}</dd>
        </div>
      </dl>
    </section>
  );
}

import type { DepositChannel, DepositInfo } from '@colorplay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { useAuthedResource } from '../../lib/use-authed-resource';
import { checkAmount, minorToInputText, type AmountLimits, type AmountProblem } from './amount';
import { createRecharge, DEPOSIT_INFO_PATH } from './api/deposits';
import { CHANNEL_LABEL } from './deposit-status';
import { walletErrorKey } from './errors';
import { newIdempotencyKey } from './idempotency';
import { paymentHref } from './links';
import './wallet.css';

/**
 * The recharge page: choose a channel (UPI; USDT is listed but not available until its own
 * issue), a preset or typed amount within the channel's limits, then create the order and go to
 * its payment page.
 */
export function RechargeForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const info = useAuthedResource<{ data: DepositInfo }>(DEPOSIT_INFO_PATH);
  const [picked, setPicked] = useState<DepositChannel | null>(null);
  const [amountText, setAmountText] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<PlainMessageKey | null>(null);
  const inFlight = useRef(false);
  // The key of the current attempt: the same amount retried (after a lost answer) reuses it, so
  // the server returns the order it already made instead of opening a second one.
  const attempt = useRef<{ amountMinor: number; key: string } | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const ids = { channel: useId(), presets: useId() };

  const channels = info.data?.data.channels ?? [];
  const channelInfo = channels.find((c) => c.channel === picked && c.enabled) ?? channels.find((c) => c.enabled);
  const limits: AmountLimits | null = channelInfo ? { minMinor: channelInfo.minMinor, maxMinor: channelInfo.maxMinor } : null;
  const check = limits ? checkAmount(amountText, limits) : null;
  const currency = info.data?.data.currency ?? 'INR';
  const money = (minor: number) => formatMoneyMinor(minor, currency);

  const problemText = (problem: AmountProblem): string => {
    switch (problem) {
      case 'empty':
        return t('recharge.error.empty');
      case 'invalid':
        return t('recharge.error.invalid');
      case 'too_precise':
        return t('recharge.error.tooPrecise');
      case 'below_min':
        return t('recharge.error.belowMin', { min: money(limits!.minMinor) });
      case 'above_max':
        return t('recharge.error.aboveMax', { max: money(limits!.maxMinor) });
    }
  };
  const problem = check && !check.ok && showProblem ? problemText(check.problem) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check || !channelInfo || inFlight.current) return;
    if (!check.ok) {
      setShowProblem(true);
      amountRef.current?.focus();
      return;
    }
    if (channelInfo.channel !== 'upi') return; // only UPI creates orders today
    if (attempt.current?.amountMinor !== check.amountMinor) {
      attempt.current = { amountMinor: check.amountMinor, key: newIdempotencyKey() };
    }
    inFlight.current = true;
    setSubmitting(true);
    setServerError(null);
    try {
      const deposit = await createRecharge({ channel: 'upi', amountMinor: check.amountMinor, idempotencyKey: attempt.current.key });
      attempt.current = null;
      void navigate(paymentHref(deposit.id));
    } catch (err) {
      // A key the server has seen with other data can never succeed again: start a new attempt.
      if (err instanceof ApiError && err.code === 'IDEMPOTENCY_CONFLICT') attempt.current = null;
      setServerError(walletErrorKey(err));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <main className="page recharge">
      <TopBar title={t('recharge.title')} backTo={paths.wallet.getHref()} />
      {!info.data && info.error && (
        <div className="wallet__notice" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={info.reload}>
            {t('wallet.retry')}
          </button>
        </div>
      )}
      {!info.data && !info.error && <p className="wallet__notice">{t('common.loading')}</p>}
      {info.data && !channelInfo && <p className="wallet__notice">{t('recharge.noChannel')}</p>}
      {info.data && channelInfo && limits && (
        <form className="recharge__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          {info.data.data.sandbox && <p className="sandbox-note">{t('recharge.sandbox')}</p>}

          <fieldset className="recharge__channels">
            <legend className="recharge__legend">{t('recharge.channel')}</legend>
            {channels.map((c) => (
              <label key={c.channel} className="channel-option" data-disabled={!c.enabled || undefined}>
                <input
                  type="radio"
                  name={ids.channel}
                  value={c.channel}
                  checked={c.channel === channelInfo.channel}
                  disabled={!c.enabled}
                  onChange={() => setPicked(c.channel)}
                />
                <span className="channel-option__name">{t(CHANNEL_LABEL[c.channel])}</span>
                {!c.enabled && <span className="channel-option__soon">{t('recharge.channelSoon')}</span>}
              </label>
            ))}
          </fieldset>

          <div className="recharge__presets" role="group" aria-labelledby={ids.presets}>
            <p id={ids.presets} className="recharge__legend">
              {t('recharge.presets')}
            </p>
            <div className="recharge__preset-grid">
              {channelInfo.presetsMinor.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="preset"
                  aria-pressed={check?.ok === true && check.amountMinor === p}
                  onClick={() => {
                    setAmountText(minorToInputText(p));
                    setShowProblem(false);
                    setServerError(null);
                  }}
                >
                  {money(p)}
                </button>
              ))}
            </div>
          </div>

          <TextField
            ref={amountRef}
            label={t('recharge.amount')}
            hint={t('recharge.limits', { min: money(limits.minMinor), max: money(limits.maxMinor) })}
            error={problem}
            announceError
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(e) => {
              setAmountText(e.target.value);
              setServerError(null);
            }}
            onBlur={() => setShowProblem(amountText.trim() !== '')}
          />

          {serverError && (
            <p className="form-error" role="alert">
              {t(serverError)}
            </p>
          )}

          <button type="submit" className="button button--primary recharge__submit" disabled={submitting}>
            {submitting
              ? t('recharge.submitting')
              : check?.ok
                ? t('recharge.submit', { amount: money(check.amountMinor) })
                : t('recharge.submitPlain')}
          </button>
        </form>
      )}
    </main>
  );
}

import type { DepositChannel, DepositInfo } from '@colorplay/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { Icon, type IconName } from '../../components/ui/icon';
import { LoadNotice } from '../../components/ui/load-notice';
import { MethodCard } from '../../components/ui/method-card';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import type { MessageRef } from '../../lib/api-errors';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { useBalance } from '../../lib/balance';
import { refetchResource, useResource } from '../../lib/resource';
import { ApiError } from '../../lib/api-client';
import { checkAmount, minorToInputText, type AmountLimits, type AmountProblem } from '../../lib/amount';
import { depositInfoResource } from './api/deposits';
import { runtimeConfigResource } from './api/usdt';
import { CHANNEL_LABEL } from './deposit-status';
import { FIRST_DEPOSIT_KEY } from './api/first-deposit';
import { FirstDepositOfferCard, useFirstDepositOffer } from './first-deposit-offer';
import { paymentHref } from './links';
import { useCreateDeposit } from './use-deposit';
import '../../components/ui/money.css';
import '../../lib/wallet-texts';

type ChannelInfo = DepositInfo['channels'][number];

/** The answers that refuse only the first-deposit opt-in (the order itself was not created either). */
const BONUS_REFUSALS = new Set(['FIRST_DEPOSIT_OFFER_UNAVAILABLE', 'PROMOTION_NOT_ELIGIBLE', 'PROMOTION_TERMS_OUTDATED']);

const CHANNEL_MARK: Record<DepositChannel, IconName> = { upi: 'mark-upi', usdt: 'mark-usdt' };
const CHANNEL_DETAIL: Record<DepositChannel, PlainMessageKey> = { upi: 'recharge.channelDetail.upi', usdt: 'recharge.channelDetail.usdt' };

/** The UPI apps a player can pay with, as lettermarks (not their logos: decision 472); the detail line names them. */
function UpiAppMarks() {
  return (
    <>
      {(['mark-gpay', 'mark-phonepe', 'mark-paytm', 'mark-bhim'] as const).map((mark) => (
        <Icon key={mark} name={mark} />
      ))}
    </>
  );
}

/**
 * The channels as offered. USDT is on when GET /api/config says so (`usdt`); its amounts are in
 * INR like UPI's, and when get-deposit-info gives no limits of its own for USDT the server applies
 * the same INR limits to both channels (config.ts), so UPI's limits and presets are shown.
 */
function offeredChannels(channels: ChannelInfo[], usdtOn: boolean): ChannelInfo[] {
  const upi = channels.find((c) => c.channel === 'upi');
  return channels.map((c) => {
    if (c.channel !== 'usdt' || !usdtOn) return c;
    const own = c.maxMinor > 0;
    return {
      ...c,
      enabled: true,
      minMinor: own ? c.minMinor : (upi?.minMinor ?? c.minMinor),
      maxMinor: own ? c.maxMinor : (upi?.maxMinor ?? c.maxMinor),
      presetsMinor: c.presetsMinor.length > 0 ? c.presetsMinor : (upi?.presetsMinor ?? []),
    };
  });
}

/**
 * The recharge page: choose a channel (UPI, and USDT when the server runs it), a preset or typed
 * amount within the channel's limits, then create the order and go to its payment page (UPI) or
 * address screen (USDT). The amount field is on the form system; the order is created by the one
 * deposit hook, a money action (one idempotency key per channel and amount until it succeeds).
 */
export function RechargeForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const info = useResource(depositInfoResource);
  const config = useResource(runtimeConfigResource);
  const balance = useBalance();
  const [picked, setPicked] = useState<DepositChannel | null>(null);
  // The first-deposit bonus: offered only when it runs for this player, never ticked by default.
  const bonusOffer = useFirstDepositOffer();
  const [bonusChosen, setBonusChosen] = useState(false);
  const [bonusRefused, setBonusRefused] = useState(false);
  const ids = { channel: useId(), presets: useId() };

  const channels = offeredChannels(info.data?.channels ?? [], config.data?.usdt === true);
  const channelInfo = channels.find((c) => c.channel === picked && c.enabled) ?? channels.find((c) => c.enabled);
  const limits: AmountLimits | null = channelInfo ? { minMinor: channelInfo.minMinor, maxMinor: channelInfo.maxMinor } : null;
  const currency = info.data?.currency ?? 'INR';
  const money = (minor: number) => formatMoneyMinor(minor, currency);

  const problemRef = (problem: AmountProblem): MessageRef => {
    switch (problem) {
      case 'empty':
        return { key: 'recharge.error.empty' };
      case 'invalid':
        return { key: 'recharge.error.invalid' };
      case 'too_precise':
        return { key: 'recharge.error.tooPrecise' };
      case 'below_min':
        return { key: 'recharge.error.belowMin', params: { min: money(limits!.minMinor) } };
      case 'above_max':
        return { key: 'recharge.error.aboveMax', params: { max: money(limits!.maxMinor) } };
    }
  };

  const order = useCreateDeposit((orderId) => void navigate(paymentHref(orderId)));

  const form = useForm<{ amount: string }>({
    fields: {
      amount: {
        initial: '',
        validate: (text) => {
          if (!limits) return null;
          const check = checkAmount(text, limits);
          return check.ok ? null : problemRef(check.problem);
        },
        issueMessage: 'apiError.amount',
      },
    },
    codeFields: { AMOUNT_OUT_OF_RANGE: 'amount' },
    onSubmit: async ({ amount }) => {
      const check = limits && checkAmount(amount, limits);
      if (!check?.ok || !channelInfo) return;
      // The opt-in goes with UPI orders only (the USDT channel does not take it yet).
      const bonus = bonusChosen && channelInfo.channel === 'upi' ? bonusOffer : null;
      setBonusRefused(false);
      try {
        await order.run({ channel: channelInfo.channel, amountMinor: check.amountMinor, ...(bonus ? { firstDepositBonus: { termsVersion: bonus.termsVersion } } : {}) });
      } catch (err) {
        // The offer ended or no longer reaches the player since the page read it: say so, and
        // read it again (the card goes), so the next tap recharges without it.
        if (!bonus || !(err instanceof ApiError) || !BONUS_REFUSALS.has(err.code)) throw err;
        setBonusRefused(true);
        void refetchResource(FIRST_DEPOSIT_KEY);
      }
    },
  });
  const amountText = form.values.amount;
  const check = limits ? checkAmount(amountText, limits) : null;

  return (
    <main className="page recharge">
      <TopBar title={t('recharge.title')} backTo={paths.wallet.getHref()} />
      <LoadNotice loaded={Boolean(info.data)} error={info.error} retry={info.reload} />
      {info.data && !channelInfo && <p className="wallet__notice">{t('recharge.noChannel')}</p>}
      {info.data && channelInfo && limits && (
        <form className="recharge__form" noValidate onSubmit={form.onSubmit}>
          {info.data.sandbox && <p className="sandbox-note">{t('recharge.sandbox')}</p>}
          {balance.data && (
            <p className="recharge__balance">
              {t('recharge.balance')} <strong>{formatMoneyMinor(balance.data.balanceMinor, balance.data.currency)}</strong>
            </p>
          )}

          <fieldset className="recharge__methods">
            <legend className="recharge__legend">{t('recharge.channel')}</legend>
            {channels.map((c) => (
              <MethodCard
                key={c.channel}
                group={ids.channel}
                value={c.channel}
                checked={c.channel === channelInfo.channel}
                disabled={!c.enabled}
                onSelect={() => setPicked(c.channel)}
                mark={CHANNEL_MARK[c.channel]}
                label={t(CHANNEL_LABEL[c.channel])}
                detail={c.enabled ? t(CHANNEL_DETAIL[c.channel]) : t('recharge.channelSoon')}
                extra={c.channel === 'upi' ? <UpiAppMarks /> : undefined}
              />
            ))}
          </fieldset>
          {channelInfo.channel === 'usdt' && <p className="recharge__note">{t('usdt.rechargeNote')}</p>}

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
                  onClick={() => form.setValue('amount', minorToInputText(p))}
                >
                  {money(p)}
                </button>
              ))}
            </div>
          </div>

          <TextField
            label={t('recharge.amount')}
            hint={t('recharge.limits', { min: money(limits.minMinor), max: money(limits.maxMinor) })}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('amount')}
            onBlur={() => {
              if (amountText.trim() !== '') form.checkField('amount');
            }}
          />

          {bonusOffer && channelInfo.channel === 'upi' && <FirstDepositOfferCard offer={bonusOffer} checked={bonusChosen} onChange={setBonusChosen} currency={currency} />}

          <FormAlert text={bonusRefused ? t('firstDeposit.optInRefused') : null} />
          <FormAlert text={form.error('form')} />

          <SubmitButton
            className="button button--primary recharge__submit"
            busy={form.busy}
            label={check?.ok ? t('recharge.submit', { amount: money(check.amountMinor) }) : t('recharge.submitPlain')}
            busyLabel={t('recharge.submitting')}
          />
        </form>
      )}
    </main>
  );
}

import type { Deposit } from '@colorplay/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { cancelDeposit, depositInfoResource, DEPOSITS_KEY, submitUtr } from './api/deposits';
import { isAwaitingPayment, isClosedStatus } from './deposit-status';
import { QrCode } from './qr-code';
import { StatusChip } from './status-chip';
import { useDeposit } from './use-deposit';
import { normalizeUtr, validateUtr } from './utr';
import './wallet.css';
import './i18n';
import { OrderCountdown, OrderFact, OrderPage } from './order-page';

/**
 * The payment page of one recharge order: what to pay and to whom (UPI ID and QR code of the
 * `upi://pay` link), the time left, a UTR form, cancel, and the order's live status.
 */
export function PaymentView({ orderId }: { orderId: string | null }) {
  const { t } = useI18n();
  const { deposit, error, replace, refresh } = useDeposit(orderId);
  return (
    <OrderPage title={t('payment.title')} orderId={orderId} order={deposit} error={error} refresh={refresh}>
      {(order) => <OrderPayment deposit={order} replace={replace} refresh={refresh} />}
    </OrderPage>
  );
}

function OrderPayment({ deposit, replace, refresh }: { deposit: Deposit; replace: (d: Deposit) => void; refresh: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const info = useResource(depositInfoResource);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const amount = formatMoneyMinor(deposit.amountMinor, deposit.currency);
  const awaiting = isAwaitingPayment(deposit.status);
  const closed = isClosedStatus(deposit.status);
  const sandbox = info.data?.sandbox === true;
  const cancel = useMoneyAction((orderId: string) => cancelDeposit(orderId), {
    invalidates: [DEPOSITS_KEY],
    onSuccess: (cancelled) => {
      replace(cancelled);
      toast.show(t('payment.cancelled'), { type: 'info' });
    },
    // The order may have moved on meanwhile (paid, expired): show where it is now.
    onError: () => refresh(),
  });

  return (
    <div className="payment__body">
      <section className="payment-status" aria-live="polite">
        <StatusChip status={deposit.status} />
        <p className="payment-status__text">{statusText(t, deposit, amount)}</p>
        {!closed && <p className="payment-status__live">{t('payment.live')}</p>}
      </section>

      <section className="payment-card">
        <p className="payment-card__label">{t('payment.amount')}</p>
        <p className="payment-card__amount">{amount}</p>
        {awaiting && <OrderCountdown expiresAt={deposit.expiresAt} label={t('payment.expiresIn')} over={t('payment.expired')} />}
        <dl className="payment-card__facts">
          <OrderFact label={t('payment.payee')} value={deposit.payeeVpa} copyWhat={t('payment.payeeWhat')} />
          <OrderFact label={t('payment.order')} value={deposit.id} copyWhat={t('payment.orderWhat')} />
        </dl>
      </section>

      {awaiting && (
        <section className="payment-qr">
          <QrCode className="payment-qr__code" value={deposit.upiLink} label={t('payment.qr', { amount, payee: deposit.payeeVpa })} />
          <p className="payment-qr__hint">{t('payment.scan')}</p>
          <a className="button button--ghost" href={deposit.upiLink}>
            {t('payment.openUpi')}
          </a>
          {deposit.paymentUrl && (
            <>
              <a className="button button--primary" href={deposit.paymentUrl}>
                {sandbox ? t('payment.sandboxPay') : t('payment.gatewayPay')}
              </a>
              {sandbox && <p className="sandbox-note">{t('payment.sandboxNote')}</p>}
            </>
          )}
        </section>
      )}

      {deposit.status === 'pending_payment' && <UtrForm orderId={deposit.id} replace={replace} refresh={refresh} />}

      {awaiting && (
        <button type="button" className="button button--ghost payment__cancel" onClick={() => setConfirmCancel(true)} aria-disabled={cancel.busy || undefined}>
          {t('payment.cancel')}
        </button>
      )}

      {!awaiting && (
        <div className="payment__next">
          <Link to={paths.wallet.getHref()} className="button button--primary">
            {t('payment.toWallet')}
          </Link>
          <Link to={paths.rechargeHistory.getHref()} className="button button--ghost">
            {t('payment.toHistory')}
          </Link>
          {closed && deposit.status !== 'succeeded' && (
            <Link to={paths.recharge.getHref()} className="button button--ghost">
              {t('payment.newRecharge')}
            </Link>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmCancel}
        title={t('payment.cancelTitle')}
        message={t('payment.cancelText')}
        confirmLabel={t('payment.cancelConfirm')}
        cancelLabel={t('payment.cancelKeep')}
        onConfirm={() => {
          setConfirmCancel(false);
          void cancel.run(deposit.id);
        }}
        onCancel={() => setConfirmCancel(false)}
      />
    </div>
  );
}

function statusText(t: ReturnType<typeof useI18n>['t'], deposit: Deposit, amount: string): string {
  switch (deposit.status) {
    case 'created':
      return t('payment.result.created');
    case 'pending_payment':
      return t('payment.result.pending');
    case 'utr_submitted':
      return t('payment.result.review', { utr: deposit.utr ?? '' });
    case 'succeeded':
      return t('payment.result.succeeded', { amount });
    case 'failed':
      return t('payment.result.failed');
    case 'cancelled':
      return t('payment.result.cancelled');
    case 'expired':
      return t('payment.result.expired');
  }
}

function UtrForm({ orderId, replace, refresh }: { orderId: string; replace: (d: Deposit) => void; refresh: () => void }) {
  const { t } = useI18n();
  const utr = useMoneyAction((input: { orderId: string; utr: string }) => submitUtr(input.orderId, input.utr), {
    report: 'inline',
    invalidates: [DEPOSITS_KEY],
    onSuccess: replace,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'DEPOSIT_STATE_CONFLICT') refresh();
    },
  });
  const form = useForm<{ utr: string }>({
    fields: {
      utr: {
        initial: '',
        validate: (text) => {
          const invalid = validateUtr(text);
          return invalid === null ? null : invalid === 'empty' ? 'payment.utr.empty' : 'payment.utr.format';
        },
        issueMessage: 'payment.utr.format',
      },
    },
    // Both are about the number typed: the player reads them beside it.
    codeFields: { UTR_ALREADY_USED: 'utr', DEPOSIT_STATE_CONFLICT: 'utr' },
    onSubmit: async ({ utr: text }) => {
      await utr.run({ orderId, utr: normalizeUtr(text) });
    },
  });

  return (
    <form className="utr-form" noValidate onSubmit={form.onSubmit}>
      <TextField label={t('payment.utr')} hint={t('payment.utrHint')} inputMode="numeric" autoComplete="off" {...form.field('utr')} />
      <FormAlert text={form.error('form')} />
      <SubmitButton className="button button--primary" busy={form.busy} label={t('payment.utrSubmit')} busyLabel={t('payment.utrSubmitting')} />
    </form>
  );
}

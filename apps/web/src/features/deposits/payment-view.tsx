import type { Deposit } from '@colorplay/contract';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { useMoneyAction } from '../../components/ui/money-action';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { cancelDeposit, depositInfoResource, DEPOSITS_KEY, submitUtr } from './api/deposits';
import { isAwaitingPayment, isClosedStatus } from './deposit-status';
import { FirstDepositResult } from './first-deposit-result';
import { OrderCancel, OrderCountdown, OrderFact, OrderNext, OrderPage, OrderStatus } from './order-page';
import { QrCode } from './qr-code';
import { StatusChip } from './status-chip';
import { UPI_ORDER, type DepositOrder } from './use-deposit';
import { normalizeUtr, validateUtr } from './utr';

/**
 * The payment page of one recharge order: what to pay and to whom (UPI ID and QR code of the
 * `upi://pay` link), the time left, a UTR form, cancel, and the order's live status.
 */
export function PaymentView({ orderId }: { orderId: string | null }) {
  const { t } = useI18n();
  return (
    <OrderPage title={t('payment.title')} kind={UPI_ORDER} orderId={orderId}>
      {(order, live) => <OrderPayment deposit={order} live={live} />}
    </OrderPage>
  );
}

function OrderPayment({ deposit, live }: { deposit: Deposit; live: DepositOrder<Deposit> }) {
  const { t } = useI18n();
  const info = useResource(depositInfoResource);
  const amount = formatMoneyMinor(deposit.amountMinor, deposit.currency);
  const awaiting = isAwaitingPayment(deposit.status);
  const closed = isClosedStatus(deposit.status);
  const sandbox = info.data?.sandbox === true;

  return (
    <>
      <OrderStatus chip={<StatusChip status={deposit.status} />} lines={[statusText(t, deposit, amount)]} live={!closed} />
      <FirstDepositResult orderId={deposit.id} paid={deposit.status === 'succeeded'} currency={deposit.currency} />

      <section className="payment-card">
        <p className="payment-card__label">{t(awaiting ? 'payment.amount' : deposit.status === 'succeeded' ? 'payment.amountPaid' : 'payment.amountOrdered')}</p>
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

      {deposit.status === 'pending_payment' && <UtrForm orderId={deposit.id} replace={live.replace} refresh={live.refresh} />}

      {awaiting ? (
        <OrderCancel order={deposit} cancel={cancelDeposit} message={t('payment.cancelText')} live={live} />
      ) : (
        <OrderNext newRecharge={closed && deposit.status !== 'succeeded'} />
      )}
    </>
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

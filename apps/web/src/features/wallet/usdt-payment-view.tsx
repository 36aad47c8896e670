import type { UsdtDeposit } from '@colorplay/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { formatMoneyMinor } from '../../lib/format';
import { useResource } from '../../lib/resource';
import { DEPOSITS_KEY } from './api/deposits';
import { cancelUsdtDeposit, runtimeConfigResource, sendTestUsdt } from './api/usdt';
import { QrCode } from './qr-code';
import { isOpenUsdtStatus, usdtAmountNote, usdtStatusText, USDT_STATUS_LABEL, USDT_STATUS_TONE } from './usdt-text';
import { useUsdtDeposit } from './use-usdt-deposit';
import './wallet.css';
import { useI18n } from '../../lib/i18n';
import './i18n';
import { OrderCountdown, OrderFact, OrderPage } from './order-page';

/**
 * The address screen of one USDT order (decision 135): what to send (the USDT amount locked at the
 * order's rate) and where (an address of this order only, as text and QR code), on which network,
 * the time left, the live status from the chain watcher, cancel, and on the sandbox chain a faucet
 * that sends the test tokens for the player.
 */
export function UsdtPaymentView({ orderId }: { orderId: string | null }) {
  const { t } = useI18n();
  const { deposit, error, replace, refresh } = useUsdtDeposit(orderId);
  return (
    <OrderPage title={t('usdt.title')} orderId={orderId} order={deposit} error={error} refresh={refresh}>
      {(order) => <OrderPayment deposit={order} replace={replace} refresh={refresh} />}
    </OrderPage>
  );
}

function OrderPayment({ deposit, replace, refresh }: { deposit: UsdtDeposit; replace: (d: UsdtDeposit) => void; refresh: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const config = useResource(runtimeConfigResource);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const waiting = deposit.status === 'waiting';
  const open = isOpenUsdtStatus(deposit.status);
  const note = usdtAmountNote(t, deposit);
  const usdt = `${deposit.usdtAmount} ${deposit.tokenSymbol}`;
  const cancel = useMoneyAction((orderId: string) => cancelUsdtDeposit(orderId), {
    invalidates: [DEPOSITS_KEY],
    onSuccess: (cancelled) => {
      replace(cancelled);
      toast.show(t('payment.cancelled'), { type: 'info' });
    },
    // The order may have moved on meanwhile (a transfer arrived, it expired): show where it is.
    onError: () => refresh(),
  });

  return (
    <div className="payment__body">
      <section className="payment-status" aria-live="polite">
        <span className={`status-chip status-chip--${USDT_STATUS_TONE[deposit.status]}`}>{t(USDT_STATUS_LABEL[deposit.status])}</span>
        <p className="payment-status__text">{usdtStatusText(t, deposit)}</p>
        {note && <p className="payment-status__text">{note}</p>}
        {open && <p className="payment-status__live">{t('payment.live')}</p>}
      </section>

      <section className="payment-card">
        <p className="payment-card__label">{t('usdt.send')}</p>
        <p className="payment-card__amount usdt-amount">
          <span>{usdt}</span>
          <CopyButton value={deposit.usdtAmount} what={t('usdt.amountWhat')} />
        </p>
        <p className="payment-card__label">{t('usdt.credit', { amount: formatMoneyMinor(deposit.amountMinor, deposit.currency) })}</p>
        <p className="payment-card__label">{t('usdt.rate', { rate: formatMoneyMinor(deposit.rateMinorPerToken, deposit.currency) })}</p>
        {waiting && <OrderCountdown expiresAt={deposit.expiresAt} label={t('usdt.expiresIn')} over={t('usdt.expired')} />}
      </section>

      <div className="usdt-warning">
        <p className="usdt-warning__title">{t('usdt.network', { network: deposit.network })}</p>
        <p>{t('usdt.networkDetail')}</p>
      </div>

      <section className="payment-card">
        <dl className="payment-card__facts">
          <OrderFact label={t('usdt.address')} value={deposit.depositAddress} copyWhat={t('usdt.addressWhat')} hex />
          <OrderFact label={t('usdt.token')} value={deposit.tokenAddress} hex />
          <OrderFact label={t('usdt.order')} value={deposit.id} copyWhat={t('payment.orderWhat')} />
        </dl>
      </section>

      {waiting && (
        <section className="payment-qr">
          <QrCode className="payment-qr__code" value={deposit.depositAddress} label={t('usdt.qr', { address: deposit.depositAddress })} />
          <p className="payment-qr__hint">{t('usdt.scan')}</p>
        </section>
      )}

      {waiting && config.data?.sandbox.usdtChain === true && <Faucet deposit={deposit} refresh={refresh} />}

      {waiting && (
        <button type="button" className="button button--ghost payment__cancel" onClick={() => setConfirmCancel(true)} aria-disabled={cancel.busy || undefined}>
          {t('payment.cancel')}
        </button>
      )}

      {!open && (
        <div className="payment__next">
          <Link to={paths.wallet.getHref()} className="button button--primary">
            {t('payment.toWallet')}
          </Link>
          <Link to={paths.rechargeHistory.getHref()} className="button button--ghost">
            {t('payment.toHistory')}
          </Link>
          {deposit.status !== 'succeeded' && (
            <Link to={paths.recharge.getHref()} className="button button--ghost">
              {t('payment.newRecharge')}
            </Link>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmCancel}
        title={t('payment.cancelTitle')}
        message={t('usdt.cancelText')}
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

/**
 * The sandbox faucet: the dev chain's deployer sends this order's USDT amount to its address, so a
 * new player can try the whole flow without a wallet app. Only shown when the server says its
 * chain is the sandbox (the route does not exist otherwise).
 */
function Faucet({ deposit, refresh }: { deposit: UsdtDeposit; refresh: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  // Single flight and error reporting of a money button; the faucet itself takes no key (a
  // second tap after a success is a second, real, test transfer, which the order sends to review).
  const faucet = useMoneyAction((orderId: string) => sendTestUsdt(orderId), {
    onSuccess: () => {
      toast.show(t('usdt.faucet.sent'), { type: 'success' });
      refresh();
    },
  });
  return (
    <section className="sandbox-box" aria-labelledby={`faucet-${deposit.id}`}>
      <h2 id={`faucet-${deposit.id}`} className="sandbox-box__title">
        {t('usdt.faucet.title')}
      </h2>
      <p className="sandbox-note">{t('usdt.faucet.text')}</p>
      <button type="button" className="button button--primary" onClick={() => void faucet.run(deposit.id)} aria-disabled={faucet.busy || undefined}>
        {faucet.busy ? t('usdt.faucet.sending') : t('usdt.faucet.send')}
      </button>
    </section>
  );
}

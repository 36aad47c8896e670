import type { UsdtDeposit } from '@colorplay/contract';
import { CopyButton } from '../../components/ui/copy-button';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { cancelUsdtDeposit, runtimeConfigResource, sendTestUsdt } from './api/usdt';
import { OrderCancel, OrderCountdown, OrderFact, OrderNext, OrderPage, OrderStatus } from './order-page';
import { QrCode } from './qr-code';
import { UsdtStatusChip } from './status-chip';
import { isOpenUsdtStatus } from './deposit-status';
import { usdtAmountNote, usdtStatusText } from './usdt-text';
import { USDT_ORDER, type DepositOrder } from './use-deposit';

/**
 * The address screen of one USDT order (decision 135): what to send (the USDT amount locked at the
 * order's rate) and where (an address of this order only, as text and QR code), on which network,
 * the time left, the live status from the chain watcher, cancel, and on the sandbox chain a faucet
 * that sends the test tokens for the player.
 */
export function UsdtPaymentView({ orderId }: { orderId: string | null }) {
  const { t } = useI18n();
  return (
    <OrderPage title={t('usdt.title')} kind={USDT_ORDER} orderId={orderId}>
      {(order, live) => <OrderPayment deposit={order} live={live} />}
    </OrderPage>
  );
}

function OrderPayment({ deposit, live }: { deposit: UsdtDeposit; live: DepositOrder<UsdtDeposit> }) {
  const { t } = useI18n();
  const config = useResource(runtimeConfigResource);
  const waiting = deposit.status === 'waiting';
  const open = isOpenUsdtStatus(deposit.status);
  const usdt = `${deposit.usdtAmount} ${deposit.tokenSymbol}`;

  return (
    <>
      <OrderStatus chip={<UsdtStatusChip status={deposit.status} />} lines={[usdtStatusText(t, deposit), usdtAmountNote(t, deposit)]} live={open} />

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

      {waiting && config.data?.sandbox.usdtChain === true && <Faucet deposit={deposit} refresh={live.refresh} />}

      {waiting && <OrderCancel order={deposit} cancel={cancelUsdtDeposit} message={t('usdt.cancelText')} live={live} />}

      {!open && <OrderNext newRecharge={deposit.status !== 'succeeded'} />}
    </>
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

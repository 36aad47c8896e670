import type { UsdtDeposit } from '@colorplay/contract';
import { useState } from 'react';
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
  // The transaction the sandbox faucet just sent: shown at once, before the chain watcher has seen
  // it, so the player knows the money is on its way and does not send a second time.
  const [sentTx, setSentTx] = useState<string | null>(null);
  const waiting = deposit.status === 'waiting';
  const open = isOpenUsdtStatus(deposit.status);
  const sent = waiting && sentTx !== null;
  const txHash = deposit.txHash ?? sentTx;
  const usdt = `${deposit.usdtAmount} ${deposit.tokenSymbol}`;
  const credit = formatMoneyMinor(deposit.amountMinor, deposit.currency);

  return (
    <>
      <OrderStatus
        chip={<UsdtStatusChip status={deposit.status} />}
        lines={[sent ? t('usdt.status.sent') : usdtStatusText(t, deposit), usdtAmountNote(t, deposit)]}
        live={open}
      />

      {(sent || deposit.status === 'seen') && <Confirmations done={sent ? 0 : deposit.confirmations} required={deposit.requiredConfirmations} />}

      {/* What to send and where only while something is still to be sent: once a transfer is
          seen or the order is credited, repeating "Send exactly" invites a second payment. */}
      {waiting && !sent ? (
        <>
          <section className="payment-card">
            <p className="payment-card__label">{t('usdt.send')}</p>
            <p className="payment-card__amount usdt-amount">
              <span>{usdt}</span>
              <CopyButton value={deposit.usdtAmount} what={t('usdt.amountWhat')} />
            </p>
            <p className="payment-card__label">{t('usdt.credit', { amount: credit })}</p>
            <p className="payment-card__label">{t('usdt.rate', { rate: formatMoneyMinor(deposit.rateMinorPerToken, deposit.currency) })}</p>
            <OrderCountdown expiresAt={deposit.expiresAt} label={t('usdt.expiresIn')} over={t('usdt.expired')} />
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

          <section className="payment-qr">
            <QrCode className="payment-qr__code" value={deposit.depositAddress} label={t('usdt.qr', { address: deposit.depositAddress })} />
            <p className="payment-qr__hint">{t('usdt.scan')}</p>
          </section>

          {config.data?.sandbox.usdtChain === true && (
            <Faucet
              deposit={deposit}
              onSent={(txHash) => {
                setSentTx(txHash);
                live.hurry();
              }}
            />
          )}
        </>
      ) : (
        <section className="payment-card">
          <dl className="payment-card__facts">
            <OrderFact label={t('usdt.ordered')} value={`${credit} (${usdt})`} />
            <OrderFact label={t('usdt.order')} value={deposit.id} copyWhat={t('payment.orderWhat')} />
            {txHash !== null && <OrderFact label={t('usdt.tx')} value={txHash} hex />}
          </dl>
        </section>
      )}

      {waiting && !sent && <OrderCancel order={deposit} cancel={cancelUsdtDeposit} message={t('usdt.cancelText')} live={live} />}

      {!open && <OrderNext newRecharge={deposit.status !== 'succeeded'} />}
    </>
  );
}

/**
 * How far the transfer is: one step per confirmation the order needs, filled as blocks are added
 * on top of it, with the count in words (the bar is a progressbar with the same text).
 */
function Confirmations({ done, required }: { done: number; required: number }) {
  const { t } = useI18n();
  const shown = Math.min(done, required);
  const text = t('usdt.confirmations', { confirmations: shown, required });
  return (
    <section className="usdt-confirm">
      <div
        className="usdt-confirm__steps"
        role="progressbar"
        aria-label={t('usdt.confirmationsLabel')}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={shown}
        aria-valuetext={text}
      >
        {Array.from({ length: required }, (_, i) => (
          <span key={i} className={`usdt-confirm__step${i < shown ? ' usdt-confirm__step--done' : ''}`} />
        ))}
      </div>
      <p className="usdt-confirm__text">{text}</p>
    </section>
  );
}

/**
 * The sandbox faucet: the dev chain's deployer sends this order's USDT amount to its address, so a
 * new player can try the whole flow without a wallet app. Only shown when the server says its
 * chain is the sandbox (the route does not exist otherwise).
 */
function Faucet({ deposit, onSent }: { deposit: UsdtDeposit; onSent: (txHash: string) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  // Single flight and error reporting of a money button; the faucet itself takes no key (a
  // second tap after a success is a second, real, test transfer, which the order sends to review).
  const faucet = useMoneyAction((orderId: string) => sendTestUsdt(orderId), {
    onSuccess: (result) => {
      toast.show(t('usdt.faucet.sent'), { type: 'success' });
      onSent(result.txHash);
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

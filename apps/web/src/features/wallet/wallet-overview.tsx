import { useId } from 'react';
import { Link } from 'react-router';
import { LoadNotice } from '../../components/ui/load-notice';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { applyWallet, useWallet } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { transferToMainWallet, vendorNamesResource } from './api';
import '../../components/ui/money.css';
import '../../lib/withdraw-texts';
import '../../lib/wallet-texts';

/**
 * The wallet page: total balance, the main wallet, each game provider's wallet and a button that
 * sweeps those back into the main wallet, plus the ways to recharge, to withdraw and to see past
 * recharges and withdrawals.
 * The wallet comes from the balance store (lib/balance.ts), which the transfer's answer updates.
 */
export function WalletOverview() {
  const { t } = useI18n();
  const toast = useToast();
  const resource = useWallet();
  const vendors = useResource(vendorNamesResource);
  // The catalog's name; a vendor it does not name (or a failed read) gets a generic label, never its code.
  const vendorName = (code: string) =>
    vendors.data?.find((v) => v.code === code)?.title ?? (vendors.data || vendors.error ? t('wallet.vendorUnnamed') : '…');
  const totalId = useId();
  // Single-flight, and one idempotency key per transfer until it succeeds, so a retry after a
  // lost answer cannot move money twice (the server answers a repeated key with the first result).
  const transfer = useMoneyAction((_: void, key: string) => transferToMainWallet(key), {
    onSuccess: (result) => {
      applyWallet(result.wallet);
      toast.show(
        result.movedMinor > 0
          ? t('wallet.transferDone', { amount: formatMoneyMinor(result.movedMinor, result.wallet.currency) })
          : t('wallet.transferNothing'),
        { type: result.movedMinor > 0 ? 'success' : 'info' },
      );
    },
  });

  const wallet = resource.data;
  const movable = wallet?.vendors.some((v) => v.balanceMinor > 0) ?? false;
  const retry = resource.reload;

  return (
    <main className="page wallet">
      <TopBar title={t('wallet.title')} />
      <LoadNotice loaded={Boolean(wallet)} error={resource.error} retry={retry} />
      {wallet && (
        <>
          <section className="wallet-card" aria-labelledby={totalId}>
            <h2 id={totalId} className="wallet-card__label">
              {t('wallet.total')}
            </h2>
            <p className="wallet-card__total">{formatMoneyMinor(wallet.totalMinor, wallet.currency)}</p>
            <dl className="wallet-card__rows">
              <div className="wallet-card__row">
                <dt>{t('wallet.main')}</dt>
                <dd>{formatMoneyMinor(wallet.mainMinor, wallet.currency)}</dd>
              </div>
            </dl>
          </section>

          <div className="wallet__links">
            <Link to={paths.recharge.getHref()} className="button button--primary">
              {t('wallet.recharge')}
            </Link>
            <Link to={paths.withdraw.getHref()} className="button button--primary">
              {t('wallet.withdraw')}
            </Link>
            <Link to={paths.rechargeHistory.getHref()} className="button button--ghost">
              {t('wallet.history')}
            </Link>
            <Link to={paths.withdrawHistory.getHref()} className="button button--ghost">
              {t('wallet.withdrawHistory')}
            </Link>
            <Link to={paths.safety.getHref()} className="button button--ghost">
              {t('wallet.safety')}
            </Link>
          </div>

          <section className="wallet-vendors" aria-labelledby={`${totalId}-vendors`}>
            <h2 id={`${totalId}-vendors`} className="wallet-vendors__title">
              {t('wallet.vendors')}
            </h2>
            {wallet.vendors.length === 0 ? (
              <p className="wallet-vendors__empty">{t('wallet.vendorsEmpty')}</p>
            ) : (
              <ul className="wallet-vendors__list">
                {wallet.vendors.map((v) => (
                  <li key={v.vendorCode} className="wallet-vendors__item" aria-label={t('wallet.vendor', { code: vendorName(v.vendorCode) })}>
                    <span className="wallet-vendors__code">{vendorName(v.vendorCode)}</span>
                    <span>{formatMoneyMinor(v.balanceMinor, wallet.currency)}</span>
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="button button--ghost wallet-vendors__transfer"
              onClick={() => void transfer.run()}
              disabled={!movable}
              aria-disabled={transfer.busy || undefined}
            >
              {transfer.busy ? t('wallet.transferring') : t('wallet.transfer')}
            </button>
          </section>
        </>
      )}
    </main>
  );
}

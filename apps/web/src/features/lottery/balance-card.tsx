import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { paths } from '../../config/paths';
import { BALANCE_KEY, useBalance } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { refetchResource } from '../../lib/resource';
import './i18n';
import { useRefreshKeyEffect } from './use-refresh';
import { useWingo } from './wingo-context';
import './wingo-balance.css';

/** The player's balance at the top of the Wingo screen, with a refresh button and the wallet links. */
export function BalanceCard() {
  const { t } = useI18n();
  const { incrementBalanceRefreshKey } = useWingo();
  const balance = useBalance();
  useRefreshKeyEffect('balance', () => void refetchResource(BALANCE_KEY));
  const amount = balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : t('common.loading');
  return (
    <section className="wingo-balance" aria-labelledby="wingo-balance-label">
      <h2 id="wingo-balance-label" className="wingo-balance__label">
        {t('wingo.balance')}
      </h2>
      <div className="wingo-balance__row">
        <p className="wingo-balance__amount" aria-live="polite">
          {amount}
        </p>
        <button
          type="button"
          className="icon-button wingo-balance__refresh"
          aria-label={t('wingo.refreshBalance')}
          onClick={incrementBalanceRefreshKey}
          disabled={balance.fetching}
        >
          <Icon name="refresh" />
        </button>
      </div>
      <div className="wingo-balance__links">
        <Link className="button button--primary" to={paths.recharge.getHref()}>
          <Icon name="deposit" />
          {t('wingo.recharge')}
        </Link>
        <Link className="button button--ghost" to={paths.withdraw.getHref()}>
          <Icon name="withdraw" />
          {t('wingo.withdraw')}
        </Link>
      </div>
    </section>
  );
}

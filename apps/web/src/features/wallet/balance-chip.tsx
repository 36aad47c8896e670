import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useBalance } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';

/** The balance on a game page, from the balance store; a tap opens the wallet. */
export function BalanceChip() {
  const { t } = useI18n();
  const balance = useBalance();
  const amount = balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : t('common.loading');
  return (
    <Link to={paths.wallet.getHref()} className="button button--ghost balance-chip">
      {t('balance.chip', { amount })}
    </Link>
  );
}

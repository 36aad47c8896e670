import { useBalance } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';

/**
 * The amount on home's card, from the balance store. Its own chunk: a guest's first visit to `/`
 * does not load the resource layer at all (docs/decisions/016-resource-layer.md, budget).
 */
export default function HomeBalance() {
  const { t } = useI18n();
  const balance = useBalance();
  return (
    <strong className="home-card__amount">
      {balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : t('common.loading')}
    </strong>
  );
}

import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Recharge history (/wallet/RechargeHistory). Its content comes with a later issue; until then it says what will be here. */
export default function RechargeHistoryRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.rechargeHistory.title')} description={t('page.rechargeHistory.text')} backTo={paths.wallet.getHref()} />;
}

import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Recharge (/wallet/Recharge). Its content comes with a later issue; until then it says what will be here. */
export default function RechargeRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.recharge.title')} description={t('page.recharge.text')} backTo={paths.wallet.getHref()} />;
}

import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Payment (/wallet/Payment). Its content comes with a later issue; until then it says what will be here. */
export default function PaymentRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.payment.title')} description={t('page.payment.text')} backTo={paths.wallet.getHref()} />;
}

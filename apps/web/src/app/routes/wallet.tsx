import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useI18n } from '../../lib/i18n';

/** Wallet page (/wallet). Its content comes with a later issue; until then it says what will be here. */
export default function WalletRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.wallet.title')} description={t('page.wallet.text')} />;
}

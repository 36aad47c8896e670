import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useI18n } from '../../lib/i18n';

/** Account page (/main). Its content comes with a later issue; until then it says what will be here. */
export default function AccountRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.account.title')} description={t('page.account.text')} />;
}

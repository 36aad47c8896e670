import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Register (/register). Its content comes with a later issue; until then it says what will be here. */
export default function RegisterRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.register.title')} description={t('page.register.text')} backTo={paths.home.getHref()} />;
}

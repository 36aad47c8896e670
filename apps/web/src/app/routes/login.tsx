import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Login (/login). Its content comes with a later issue; until then it says what will be here. */
export default function LoginRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.login.title')} description={t('page.login.text')} backTo={paths.home.getHref()} />;
}

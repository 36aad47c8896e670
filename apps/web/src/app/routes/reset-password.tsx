import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Forgot password (/rpwd). Its content comes with a later issue; until then it says what will be here. */
export default function ResetPasswordRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.resetPassword.title')} description={t('page.resetPassword.text')} backTo={paths.login.getHref()} />;
}

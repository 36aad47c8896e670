import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Change avatar (/main/Avatar). Its content comes with a later issue; until then it says what will be here. */
export default function AvatarRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.avatar.title')} description={t('page.avatar.text')} backTo={paths.account.getHref()} />;
}

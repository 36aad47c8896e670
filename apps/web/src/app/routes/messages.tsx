import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Messages (/home/Messages). Its content comes with a later issue; until then it says what will be here. */
export default function MessagesRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.messages.title')} description={t('page.messages.text')} backTo={paths.home.getHref()} />;
}

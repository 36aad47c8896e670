import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Any path that is not a route of the app. */
export default function NotFoundRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage title={t('notFound.title')} description={t('notFound.text')}>
      <Link to={paths.home.getHref()} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </PlaceholderPage>
  );
}

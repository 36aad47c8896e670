import { PlaceholderPage } from '../components/ui/placeholder-page';
import { useI18n } from '../lib/i18n';

/** Shown when a page fails to render, most often because its code could not be downloaded. */
export function RouteError() {
  const { t } = useI18n();
  return (
    <PlaceholderPage title={t('error.title')} description={t('error.text')}>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </button>
    </PlaceholderPage>
  );
}

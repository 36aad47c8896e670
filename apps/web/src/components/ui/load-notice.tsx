import { useI18n } from '../../lib/i18n';

/**
 * What a screen shows while its data is not there: "Loading…", or, when the read failed, the
 * failure as an alert with Try again. Nothing once the data has arrived. Styled by the page's
 * sheet (`.wallet__notice` in money.css for the money screens).
 */
export function LoadNotice({ loaded, error, retry }: { loaded: boolean; error: unknown; retry: () => void }) {
  const { t } = useI18n();
  if (loaded) return null;
  if (!error) return <p className="wallet__notice">{t('common.loading')}</p>;
  return (
    <div className="wallet__notice" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="button button--ghost" onClick={retry}>
        {t('error.retry')}
      </button>
    </div>
  );
}

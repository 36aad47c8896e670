import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

/** A failed load, in words, with a retry button. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert">
      <p>{t('admin.error', { message: adminErrorText(error) })}</p>
      <button type="button" onClick={retry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

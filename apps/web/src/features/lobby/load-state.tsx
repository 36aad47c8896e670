import type { ApiError } from '../../lib/api-client';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { useI18n } from '../../lib/i18n';

/** Loading text, or the failure with a retry button, where a list of tiles will be. */
export function LoadState({ error, onRetry }: { error: ApiError | undefined; onRetry: () => void }) {
  const { t } = useI18n();
  if (!error) return <p className="lobby-notice">{t('common.loading')}</p>;
  return (
    <div className="lobby-notice" role="alert">
      <p>{messageText(t, apiErrorMessage(error))}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}

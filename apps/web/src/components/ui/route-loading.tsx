import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import './route-loading.css';

/** Shown while a lazily loaded page's code arrives: a status with the text "Loading…". */
export function RouteLoading() {
  const { t } = useI18n();
  const textId = useId();
  // role=status takes its name only from an author label, so the visible text labels it too.
  return (
    <div className="route-loading" role="status" aria-labelledby={textId}>
      <span className="route-loading__spinner" aria-hidden="true" />
      <span id={textId}>{t('common.loading')}</span>
    </div>
  );
}

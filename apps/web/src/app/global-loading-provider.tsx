import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { GlobalLoadingContext } from '../lib/global-loading';
import { useI18n } from '../lib/i18n';

/** Test hooks the e2e suite can ask for with an init script (see installTestHooks). */
export interface ColorplayTestHooks {
  setGlobalLoading?: (loading: boolean) => void;
}

declare global {
  interface Window {
    __colorplayTestHooks?: ColorplayTestHooks;
  }
}

/**
 * Owns the global loading flag and draws its overlay. While loading, the app below is inert, so
 * neither a tap nor the keyboard can reach what the overlay covers.
 *
 * Until the first feature (avatar save, game launch) turns the flag on, e2e tests reach it
 * through `window.__colorplayTestHooks`: only when a test defines that object before the app
 * starts does the provider put `setGlobalLoading` on it. Nothing is exposed otherwise.
 */
export function GlobalLoadingProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [loading, setLoading] = useState(false);
  const value = useMemo(() => ({ loading, setLoading }), [loading]);

  // Inert takes focus away from the control that started the work: give it back when the app
  // turns live again (a layout cleanup, so a popup opened in that commit sees it as its opener).
  useLayoutEffect(() => {
    const was = document.activeElement;
    if (loading && was instanceof HTMLElement) return () => was.focus();
  }, [loading]);

  useEffect(() => {
    const hooks = window.__colorplayTestHooks;
    if (!hooks) return;
    hooks.setGlobalLoading = setLoading;
    return () => {
      delete hooks.setGlobalLoading;
    };
  }, []);

  return (
    <GlobalLoadingContext value={value}>
      <div className="inert-boundary" inert={loading}>
        {children}
      </div>
      <LoadingOverlay open={loading} label={t('common.pleaseWait')} />
    </GlobalLoadingContext>
  );
}

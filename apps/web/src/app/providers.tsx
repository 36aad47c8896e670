import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../lib/i18n';
import { GlobalLoadingProvider } from './global-loading-provider';

/**
 * App-wide providers. The toast region sits outside the global-loading boundary on purpose: that
 * boundary turns inert while loading, and inert content is hidden from screen readers, so a toast
 * raised during loading would otherwise go unheard.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ToastProvider>
        <GlobalLoadingProvider>{children}</GlobalLoadingProvider>
      </ToastProvider>
    </I18nProvider>
  );
}

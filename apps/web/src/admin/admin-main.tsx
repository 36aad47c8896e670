import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { t } from '../lib/i18n';
import { AdminApp } from './admin-app';
import './i18n';

/** Mounts the console; main.tsx loads this chunk only for paths under /admin. */
export function mountAdmin(container: HTMLElement): void {
  document.title = t('admin.title');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter basename="/admin">
        <AdminApp />
      </BrowserRouter>
    </StrictMode>,
  );
}

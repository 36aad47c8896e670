import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setLocale, storedLocale } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** Whether a path belongs to the operator console, which is its own lazily loaded app. */
function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

if (isAdminPath(window.location.pathname)) {
  // The console's code and strings are one chunk fetched only here, never part of the player bundle.
  void import('./admin/admin-main').then((m) => m.mountAdmin(container));
} else {
  // Once, at start: pages read the answer (the demo banner) instead of asking again.
  void loadRuntimeConfig();
  // The installable app (service worker, offline and update notices, install offer): its own chunk.
  if (import.meta.env.PROD) void import('./app/pwa').then((m) => m.startPwa());
  // A device that chose Hindi before starts in Hindi: its dictionary loads before the first render.
  const locale = storedLocale();
  void (locale && locale !== 'en' ? setLocale(locale).catch(() => undefined) : Promise.resolve()).then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, createRoutes, lottery } from './app/router';
import { setLocale, storedLocale } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';
import { readStoredToken, startSession } from './lib/session';
import './app/global.css';

// index.html has it; without it createRoot throws its own clear error.
const container = document.getElementById('root') as HTMLElement;

/** Whether a path belongs to the operator console, which is its own lazily loaded app. */
function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

if (isAdminPath(location.pathname)) {
  // The console's code and strings are one chunk fetched only here, never part of the player bundle.
  void import('./admin/admin-main').then((m) => m.mountAdmin(container));
} else {
  // Once, at start: pages read the answer (the demo banner) instead of asking again.
  void loadRuntimeConfig();
  // Decision 015: read the stored token, refresh it, then re-check it every second. Started
  // before the first render, not in an effect after it: the refresh runs beside the config
  // request, and a logged-in player's first render already opens the page (and starts its code
  // and data) instead of rendering nothing while the session initialises (decision 305).
  startSession();
  // The installable app (service worker, offline and update notices, install offer): its own
  // chunk, which starts itself when imported (a `.then` here would cost bytes of the full budget).
  if (import.meta.env.PROD) void import('./app/pwa');
  // A device that chose Hindi before starts in Hindi: its dictionary loads before the first render.
  const locale = storedLocale();
  const app = (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes routes={createRoutes()} />
      </BrowserRouter>
    </AppProviders>
  );
  // A logged-in player's cold load of a lottery page (the layout's prefix in config/paths.ts)
  // asks for its code and data now, beside the session and config, not after the first render.
  // That render waits for the code and is a transition, so it finds the code resolved and shows
  // the page, not "Loading…" that React would then keep up at least 300 ms (decision 370).
  // A logged-out visitor goes to login without waiting for it.
  const lotteryCode =
    readStoredToken() && /^\/home\/AllLotteryGames\//i.test(location.pathname) && (import('./app/lottery-preload-start'), lottery().catch(() => 0));
  void Promise.all([locale && locale !== 'en' && setLocale(locale).catch(() => undefined), lotteryCode]).then(() =>
    // StrictMode's checks run in development only; in a production build it is an empty wrapper
    // whose bytes count against the budget of `/`.
    startTransition(() => createRoot(container).render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app)),
  );
}

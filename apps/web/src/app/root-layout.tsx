import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { storedLocale } from '../lib/i18n';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { DemoBanner } from './demo-banner';
import { RouteError } from './route-error';
import { ScrollToTop } from './scroll-to-top';
import { SplashScreen } from './splash-screen';

// A chunk of its own, fetched only on a first visit (the `/` JS budget is full).
const LanguageChoice = lazy(() => import('./language-choice'));

/** The layout around every page: demo banner, first-visit language choice (on home, where a
 * first visit lands and the page is long enough that the bar adds no empty scroll), scroll reset, first-visit splash and a page error boundary. */
export function RootLayout() {
  const { pathname } = useLocation();
  const [firstVisit] = useState(() => storedLocale() === null);
  return (
    <>
      <DemoBanner />
      {firstVisit && pathname === '/' && (
        <Suspense fallback={<div className="language-choice language-choice--loading" />}>
          <LanguageChoice />
        </Suspense>
      )}
      <ScrollToTop />
      <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
        <Outlet />
      </ErrorBoundary>
      <SplashScreen />
    </>
  );
}

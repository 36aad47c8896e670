import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { DemoBanner } from './demo-banner';
import { RouteError } from './route-error';
import { ScrollToTop } from './scroll-to-top';
import { SplashScreen } from './splash-screen';

/** The layout around every page: demo banner, scroll reset, first-visit splash and a page error boundary. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <DemoBanner />
      <ScrollToTop />
      <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
        <Outlet />
      </ErrorBoundary>
      <SplashScreen />
    </>
  );
}

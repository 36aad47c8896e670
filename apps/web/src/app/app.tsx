import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { startSession } from '../lib/session';
import { AppProviders } from './providers';
import { AppRoutes, createRoutes } from './router';

const routes = createRoutes();

/** The player app: providers around the router. */
export function App() {
  // Start-up (decision 015): read the stored token, refresh it, then re-check it every second.
  useEffect(() => startSession(), []);
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}

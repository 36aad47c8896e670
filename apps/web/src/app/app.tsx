import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes, createRoutes } from './router';

const routes = createRoutes();

/** The player app: providers around the router. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}

import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes, createRoutes } from '../app/router';
import { COOKIE_NAMES } from '../config/constants';
import { setLoginToken } from '../lib/session';

/** Marks the splash as already seen, so a test of a page is not covered by it. */
export function skipSplash(): void {
  document.cookie = `${COOKIE_NAMES.splashShown}=true; path=/`;
}

/** Renders the whole app (providers, fresh lazy routes) at a path. */
export function renderApp(path = '/'): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={createRoutes()} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Renders a component inside a router, for components with links. */
export function renderWithRouter(ui: ReactElement, path = '/'): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** Logs the test player in as a stored token would (no server call). */
export function signInForTests(token = 'test-access-token'): void {
  setLoginToken(token);
}

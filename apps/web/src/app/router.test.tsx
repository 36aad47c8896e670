import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { startSession } from '../lib/session';
import { renderApp, signInForTests, skipSplash } from '../test/render';

// Every lazily loaded lobby page: its path and its heading (the lottery pages are below).
const LOBBY_PAGES: [path: string, heading: string, sentence: string | null][] = [
  [paths.allGames.path, 'All', null],
  [paths.allOnlineGames.path, 'All online games', null],
  [paths.allCasinoGames.path, 'Casino games', null],
];

const WITH_BOTTOM_NAV = new Set<string>([paths.home.path, paths.activity.path, paths.wallet.path, paths.account.path]);

describe('routes', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
    // Pages that call the API meet an offline network here; these tests are about routing.
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
  });

  it.each(LOBBY_PAGES)('%s shows "Loading…" while its chunk loads, then its page', async (path, heading, sentence) => {
    renderApp(path);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    if (sentence !== null) expect(screen.getByText(sentence)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' }) !== null).toBe(WITH_BOTTOM_NAV.has(path));
  });

  it.each([
    [paths.wingo.path, 'Win Go'],
    [paths.bettingRecordWin.path, 'Bet history'],
    [paths.wingoVerify.path, 'Verify a round'],
    ['/home/AllLotteryGames/K3', 'K3'],
    ['/home/AllLotteryGames/5d', '5D'],
    ['/home/AllLotteryGames/VerifyGame?game=k3&period=202611250600254', 'Verify a round'],
    ['/home/AllLotteryGames/Nothing', 'Page not found'],
  ])('%s loads lazily under the lottery layout', async (path, heading) => {
    // No socket in this test: the Wingo page falls back to polling (which meets the offline stub).
    vi.stubGlobal('WebSocket', undefined);
    renderApp(path);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('/ loads lazily too, then shows the home page with the bottom navigation', async () => {
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Colorplay' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows a not-found page with a link home for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Colorplay' })).toBeTruthy();
  });

  it('/activity shows "Loading…" while its chunk loads, then the Activity page under the bottom navigation', async () => {
    renderApp(paths.activity.path);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Activity' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks the current bottom navigation link and moves between the four tabs', async () => {
    renderApp('/wallet');
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = (name: string) => within(nav).getByRole('link', { name });

    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Activity', 'Wallet', 'Account']);
    expect(link('Home').getAttribute('href')).toBe('/');
    expect(link('Activity').getAttribute('href')).toBe('/activity');
    expect(link('Wallet').getAttribute('href')).toBe('/wallet');
    expect(link('Account').getAttribute('href')).toBe('/main');
    expect(link('Wallet').getAttribute('aria-current')).toBe('page');
    expect(link('Home').getAttribute('aria-current')).toBeNull();

    fireEvent.click(link('Account'));
    // The new page's chunk loads behind its own indicator, not behind the old page.
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(link('Account').getAttribute('aria-current')).toBe('page');
    expect(link('Wallet').getAttribute('aria-current')).toBeNull();

    fireEvent.click(link('Activity'));
    await screen.findByRole('heading', { level: 1, name: 'Activity' });
    expect(link('Activity').getAttribute('aria-current')).toBe('page');

    fireEvent.click(link('Home'));
    await screen.findByRole('heading', { level: 1, name: 'Colorplay' });
    expect(link('Home').getAttribute('aria-current')).toBe('page');
  });

  it('gives sub-pages a back link to their parent', async () => {
    renderApp(paths.avatar.path);
    await screen.findByRole('heading', { level: 1, name: 'Change avatar' });
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
  });

  it('covers the app with the splash on a first visit', async () => {
    document.cookie = 'is_splash_screen_shown=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    renderApp('/');
    expect(screen.getByText('Withdraw fast, safe and stable.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Colorplay' })).toBeTruthy();
  });
});

describe('session guard (spec sections 4 and 6)', () => {
  beforeEach(() => {
    skipSplash();
    localStorage.clear();
  });

  it('sends a logged-out player from a private route to /login, keeping where they wanted to go', async () => {
    startSessionForTest();
    renderApp('/wallet/RechargeHistory?status=failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('Your past recharges and their status will appear here.')).toBeNull();
  });

  it.each([paths.home.path, paths.login.path, paths.register.path, paths.resetPassword.path])(
    'lets a logged-out player open %s',
    async (path) => {
      startSessionForTest();
      renderApp(path);
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull());
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1, name: 'Log in' }) !== null).toBe(path === paths.login.path);
    },
  );

  it('sends a logged-out player from the Activity tab to /login, like the Wallet tab', async () => {
    startSessionForTest();
    renderApp(paths.activity.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Activity' })).toBeNull();
  });

  it('shows the not-found page to a logged-out player too', async () => {
    startSessionForTest();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('renders nothing private while the session is still initializing', () => {
    renderApp(paths.wallet.path);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

/** The start-up rule with no stored token: status becomes logged_out at once. */
function startSessionForTest() {
  const stop = startSession();
  afterEachStops.push(stop);
}
const afterEachStops: (() => void)[] = [];
afterEach(() => {
  for (const stop of afterEachStops.splice(0)) stop();
});

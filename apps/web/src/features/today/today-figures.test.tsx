import type { TodayFigures } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import HomeRoute from '../../app/routes/home';
import { stubApi } from '../../test/fake-api';
import { stubIntersectionObserver } from '../../test/intersection-observer';

const TODAY = LAZY_API_PATHS.today_figures;
const figures = (o: Partial<TodayFigures> = {}): TodayFigures => ({ day: '2026-11-24', roundsDrawn: 12_345, betsSettled: 1, paidOutMinor: 98_765_43, currency: 'INR', asOfMs: 0, ...o });

/** Home, with today's place at the end of the page; returns a way to scroll it into view. */
function renderHome() {
  const observers = stubIntersectionObserver();
  // Inside the app's providers: Home's games (a lazy chunk) may arrive during the test and need
  // the toast and the other providers (without them the test failed only when that chunk won the race).
  render(
    <AppProviders>
      <MemoryRouter>
        <HomeRoute />
      </MemoryRouter>
    </AppProviders>,
  );
  return () => {
    const watching = observers.find((o) => o.target?.classList.contains('home__later'));
    expect(watching).toBeDefined();
    act(() => watching!.callback([{ isIntersecting: true, target: watching!.target } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
  };
}

describe("home's figures of the day (decision 518)", () => {
  it('are read only once their place is scrolled into view, then show the real totals', async () => {
    const api = stubApi({ [`GET ${TODAY}`]: () => ({ body: { data: figures() } }) });
    const scrollIn = renderHome();
    // The first paint of home does not ask for them.
    await act(async () => {});
    expect(api.callsTo('GET', TODAY)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Today on Colorplay' })).toBeNull();
    scrollIn();
    const section = await screen.findByRole('region', { name: 'Today on Colorplay' });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['12,345 rounds drawn', '1 bet settled', '₹98,765.43 paid out']);
    expect(within(section).getByText('All players together, across Win Go, K3, 5D and Trx Win, since midnight IST.')).toBeTruthy();
    expect(api.callsTo('GET', TODAY)).toHaveLength(1);
  });

  it.each([
    ['on a day with nothing drawn yet', { body: { data: figures({ roundsDrawn: 0, betsSettled: 0, paidOutMinor: 0 }) } }],
    ['when they cannot be read', { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }],
  ])('are hidden %s', async (_when, answer) => {
    const api = stubApi({ [`GET ${TODAY}`]: () => answer });
    renderHome()();
    await waitFor(() => expect(api.callsTo('GET', TODAY).length).toBeGreaterThan(0));
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Today on Colorplay' })).toBeNull();
  });
});

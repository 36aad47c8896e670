import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomeRoute from './home';

// The games section (its own chunk, its own tests in features/lobby): here only when it is asked for.
vi.mock('../../features/lobby/home-games', () => ({ default: () => <h2>The games</h2> }));

function renderHome() {
  return render(
    <MemoryRouter>
      <HomeRoute />
    </MemoryRouter>,
  );
}

describe('Home route', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the games below the fold only once its top has been painted (two frames; decision 587)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    const runFrame = () => act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    renderHome();
    expect(screen.getByRole('note').textContent).toContain('We never predict results');
    // Its chunk loaded, as it would be from the cache: still not there before the frames.
    await act(async () => void (await import('../../features/lobby/home-games')));
    expect(screen.queryByRole('heading', { level: 2, name: 'The games' })).toBeNull();
    runFrame();
    expect(screen.queryByRole('heading', { level: 2, name: 'The games' })).toBeNull();
    runFrame();
    expect(await screen.findByRole('heading', { level: 2, name: 'The games' })).toBeTruthy();
  });

  it('has our brand header', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeTruthy();
  });

  it('has a promotions carousel with our three slides', () => {
    renderHome();
    const carousel = screen.getByRole('region', { name: 'Promotions' });
    const titles = within(carousel)
      .getAllByRole('heading', { level: 2, hidden: true })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Provably fair Wingo', 'Instant UPI recharge', 'Play responsibly, 18+ only']);
    expect(within(carousel).getAllByRole('button', { name: /^Slide \d$/ })).toHaveLength(3);
  });

  it('links the eight lobby categories to their All Games tab, in the spec’s order', () => {
    renderHome();
    const grid = screen.getByRole('navigation', { name: 'Game categories' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Popular', '/home/AllGames?tab=0'],
      ['Lottery', '/home/AllGames?tab=1'],
      ['Casino', '/home/AllGames?tab=2'],
      ['Slots', '/home/AllGames?tab=3'],
      ['Sports', '/home/AllGames?tab=4'],
      ['Rummy', '/home/AllGames?tab=5'],
      ['Fishing', '/home/AllGames?tab=6'],
      ['Original', '/home/AllGames?tab=7'],
    ]);
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import HomeRoute from './home';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomeRoute />
    </MemoryRouter>,
  );
}

describe('Home route', () => {
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

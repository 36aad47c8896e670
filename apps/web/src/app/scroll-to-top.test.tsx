import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  it('scrolls to the top on mount and on every path change, not on a query change', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollToTop />
        <Routes>
          <Route path="*" element={null} />
        </Routes>
        <Link to="/b">to b</Link>
        <Link to="/b?tab=2">to b tab 2</Link>
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    fireEvent.click(screen.getByRole('link', { name: 'to b' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    fireEvent.click(screen.getByRole('link', { name: 'to b tab 2' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});

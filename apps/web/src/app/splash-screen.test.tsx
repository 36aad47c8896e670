import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../lib/cookies';
import { SplashScreen } from './splash-screen';

const NOW = new Date('2026-11-22T10:00:00Z').getTime();
const TAGLINE = 'Withdraw fast, safe and stable.';

describe('SplashScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('shows the image, tagline and logo on a first visit, hides after 1000 ms, then sets the cookie for 300 minutes', () => {
    render(<SplashScreen />);
    expect(screen.getByText(TAGLINE)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Colorplay logo' })).toBeTruthy();
    expect(document.querySelector('.splash__art')).not.toBeNull();
    expect(getCookie('is_splash_screen_shown')).toBeNull();

    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText(TAGLINE)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TAGLINE)).toBeNull();

    expect(getCookie('is_splash_screen_shown')).toBe('true');
    expect(document.cookie).toContain(`is_splash_screen_shown=${encodeURIComponent(`true|${NOW + 1000 + 300 * 60_000}`)}`);
  });

  it('is not shown while the cookie is present', () => {
    document.cookie = 'is_splash_screen_shown=true; path=/';
    render(<SplashScreen />);
    expect(screen.queryByText(TAGLINE)).toBeNull();
  });

  it('shows again once the cookie has expired', () => {
    render(<SplashScreen />);
    act(() => vi.advanceTimersByTime(1000));
    vi.setSystemTime(NOW + 1000 + 300 * 60_000 + 1);
    render(<SplashScreen />);
    expect(screen.getByText(TAGLINE)).toBeTruthy();
  });
});

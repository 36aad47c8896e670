import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGlobalLoading } from '../lib/global-loading';
import { GlobalLoadingProvider } from './global-loading-provider';

function SaveButton() {
  const { loading, setLoading } = useGlobalLoading();
  return (
    <>
      <button type="button" onClick={() => setLoading(true)}>
        Save
      </button>
      <button type="button" onClick={() => setLoading(false)}>
        Done
      </button>
      <p>{loading ? 'busy' : 'idle'}</p>
    </>
  );
}

describe('GlobalLoadingProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    delete window.__colorplayTestHooks;
  });

  it('shows a "Please wait" overlay while the flag is on and removes it 300 ms after it goes off', () => {
    render(
      <GlobalLoadingProvider>
        <SaveButton />
      </GlobalLoadingProvider>,
    );
    expect(screen.queryByRole('status', { name: 'Please wait' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const overlay = screen.getByRole('status', { name: 'Please wait' });
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('busy')).toBeTruthy();
    expect(document.querySelector('.inert-boundary')?.hasAttribute('inert')).toBe(true);

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Done', hidden: true }));
    });
    expect(document.querySelector('.inert-boundary')?.hasAttribute('inert')).toBe(false);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('status', { name: 'Please wait' })).toBeNull();
  });

  it('exposes setGlobalLoading only to a test that asked for hooks before start', () => {
    render(
      <GlobalLoadingProvider>
        <p>app</p>
      </GlobalLoadingProvider>,
    );
    expect(window.__colorplayTestHooks).toBeUndefined();
  });

  it('lets an e2e test turn the overlay on and off through the hooks object', () => {
    window.__colorplayTestHooks = {};
    render(
      <GlobalLoadingProvider>
        <p>app</p>
      </GlobalLoadingProvider>,
    );
    act(() => window.__colorplayTestHooks?.setGlobalLoading?.(true));
    expect(screen.getByRole('status', { name: 'Please wait' })).toBeTruthy();
    act(() => window.__colorplayTestHooks?.setGlobalLoading?.(false));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('status', { name: 'Please wait' })).toBeNull();
  });

  it('makes useGlobalLoading fail loudly outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton />)).toThrow(/GlobalLoadingProvider/);
  });
});

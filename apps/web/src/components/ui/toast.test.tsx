import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger({ message, options }: { message: string; options?: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, options)}>
      show {message}
    </button>
  );
}

function renderToasts(...triggers: { message: string; options?: ToastOptions }[]) {
  render(
    <ToastProvider>
      {triggers.map((trigger) => (
        <Trigger key={trigger.message} {...trigger} />
      ))}
    </ToastProvider>,
  );
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('has a polite live region that exists before any toast', () => {
    renderToasts({ message: 'Saved' });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });

  it('shows a message for 2000 ms by default', () => {
    renderToasts({ message: 'Game Under Maintenance', options: { type: 'fail' } });
    fireEvent.click(screen.getByRole('button', { name: 'show Game Under Maintenance' }));

    expect(screen.getByRole('status').textContent).toContain('Game Under Maintenance');
    expect(screen.getByText('Game Under Maintenance').className).toContain('toast--fail');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Game Under Maintenance')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Game Under Maintenance')).toBeNull();
  });

  it('takes its own duration and defaults to the info type', () => {
    renderToasts({ message: 'Copied', options: { durationMs: 500 } });
    fireEvent.click(screen.getByRole('button', { name: 'show Copied' }));
    expect(screen.getByText('Copied').className).toContain('toast--info');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('replaces the toast on screen and restarts the clock', () => {
    renderToasts({ message: 'First' }, { message: 'Second', options: { type: 'success' } });
    fireEvent.click(screen.getByRole('button', { name: 'show First' }));
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'show Second' }));

    expect(screen.queryByText('First')).toBeNull();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByText('Second')).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow(/ToastProvider/);
  });
});

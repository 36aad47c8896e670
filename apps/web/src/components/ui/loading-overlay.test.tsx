import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows a busy status named by its label while open and fades out over 300 ms', () => {
    const { rerender } = render(<LoadingOverlay open={false} label="Please wait" />);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<LoadingOverlay open label="Please wait" />);
    const overlay = screen.getByRole('status', { name: 'Please wait' });
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(overlay.dataset.state).toBe('open');

    rerender(<LoadingOverlay open={false} label="Please wait" />);
    expect(overlay.dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays up when turned on again during its exit', () => {
    const { rerender } = render(<LoadingOverlay open label="Please wait" />);
    rerender(<LoadingOverlay open={false} label="Please wait" />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<LoadingOverlay open label="Please wait" />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status', { name: 'Please wait' }).dataset.state).toBe('open');
  });
});

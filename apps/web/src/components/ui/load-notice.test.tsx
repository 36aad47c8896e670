import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadNotice } from './load-notice';

describe('LoadNotice', () => {
  it('says it is loading until there is data or an error', () => {
    const { container, rerender } = render(<LoadNotice loaded={false} error={undefined} retry={() => undefined} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<LoadNotice loaded error={undefined} retry={() => undefined} />);
    expect(container.textContent).toBe('');
  });

  it('announces a failed read and tries again on request', () => {
    const retry = vi.fn();
    render(<LoadNotice loaded={false} error={new Error('offline')} retry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the data, not an old error, once it has arrived', () => {
    const { container } = render(<LoadNotice loaded error={new Error('offline')} retry={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { ToastProvider } from './toast';

describe('CopyButton', () => {
  it('copies the value and confirms it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ToastProvider><CopyButton value="1000042" what="UID" /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Copy UID' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('1000042');
  });

  it('says so when the browser refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    render(<ToastProvider><CopyButton value="x" what="UID" /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Copy UID' }));
    expect(await screen.findByText('Could not copy. Select the text and copy it yourself.')).toBeTruthy();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Popup } from './popup';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open rules
      </button>
      <Popup
        open={open}
        labelledBy="rules-title"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <h2 id="rules-title">Rules</h2>
        <button type="button">Got it</button>
      </Popup>
    </>
  );
}

describe('Popup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('opens as a labelled modal dialog and focuses its first control', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open rules' }));

    const dialog = screen.getByRole('dialog', { name: 'Rules' });
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.dataset.state).toBe('open');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Got it' }));
  });

  it('plays a 300 ms exit transition on Escape, then unmounts and returns focus to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open rules' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('treats the browser cancel event (Escape, Android back) as close, once', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open rules' }));
    const dialog = screen.getByRole('dialog');

    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a tap outside the panel but not inside it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open rules' }));

    fireEvent.click(screen.getByRole('heading', { name: 'Rules' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('learns when the browser force-closes the dialog', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open rules' }));
    act(() => {
      (screen.getByRole('dialog') as HTMLDialogElement).close();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

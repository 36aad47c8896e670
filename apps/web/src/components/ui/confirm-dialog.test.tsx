import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Launch
      </button>
      <ConfirmDialog
        open={open}
        title="Tips"
        message="Are you sure you want to join the game?"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

function setup() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
  const opener = screen.getByRole('button', { name: 'Launch' });
  opener.focus();
  fireEvent.click(opener);
  return { onConfirm, onCancel, opener };
}

describe('ConfirmDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('is a modal dialog named by its title and described by its message, with Cancel focused', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Tips' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('Are you sure you want to join the game?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('calls onConfirm for Confirm and closes, returning focus to the opener', () => {
    const { onConfirm, onCancel, opener } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('calls onCancel for Cancel', () => {
    const { onConfirm, onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('treats Escape as Cancel', () => {
    const { onConfirm, onCancel } = setup();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

import { useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { TRANSITION_MS } from '../../config/constants';
import { usePresence } from './use-presence';
import './popup.css';

/** Props of a modal popup. */
export interface PopupProps {
  open: boolean;
  /** Called for Escape, the Android back gesture and a tap outside the panel. */
  onClose: () => void;
  /** Id of the element that names the popup (usually its title). */
  labelledBy?: string;
  /** Id of the element that describes the popup. */
  describedBy?: string;
  /** Where the panel sits. */
  placement?: 'center' | 'bottom';
  /** What gets focus on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  durationMs?: number;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal popup on the native <dialog> element opened with showModal(): the browser makes the rest
 * of the page inert (a real focus trap), gives it the dialog role and sends close requests as
 * `cancel` events. It fades in and out over `durationMs` and returns focus to the opener.
 */
export function Popup({
  open,
  onClose,
  labelledBy,
  describedBy,
  placement = 'center',
  initialFocusRef,
  durationMs = TRANSITION_MS,
  className,
  children,
}: PopupProps) {
  const { mounted, closing } = usePresence(open, durationMs);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRequested = useRef(false);

  // Open before paint so focus moves in the same frame the popup appears; close and give focus
  // back to the opener when the exit transition has finished and the element unmounts.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!mounted || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    target.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
    // initialFocusRef is read once on open on purpose: focus must not jump while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mounted]);

  useEffect(() => {
    if (open) closeRequested.current = false;
  }, [open]);

  // Escape arrives as keydown in every browser and as `cancel` in some (and for the Android back
  // gesture); both end here, once per opening.
  const requestClose = () => {
    if (closeRequested.current || !open) return;
    closeRequested.current = true;
    onClose();
  };

  if (!mounted) return null;
  return (
    <dialog
      ref={dialogRef}
      className={`popup popup--${placement}${className ? ` ${className}` : ''}`}
      data-state={closing ? 'closed' : 'open'}
      style={{ '--transition-ms': `${durationMs}ms` } as CSSProperties}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Chrome force-closes a dialog whose cancel was refused too often without a user gesture;
        // then the parent must learn it is closed. Our own close() runs only after `open` is false.
        if (open) requestClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // The dialog box fills the screen; a click on it, not on the panel, is outside the panel.
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div className="popup__panel">{children}</div>
    </dialog>
  );
}

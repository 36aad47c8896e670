import { useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { Popup } from './popup';
import './confirm-dialog.css';

/** Props of a confirmation dialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  /** Called for Cancel, Escape and a tap outside. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Extra content between the message and the buttons (e.g. an amount field). */
  children?: ReactNode;
}

/**
 * A modal confirmation (e.g. the spec's "Tips / Are you sure you want to join the game?"),
 * labelled by its title and described by its message. Cancel gets the first focus because it
 * is the choice that changes nothing.
 */
export function ConfirmDialog({ open, title, message, onConfirm, onCancel, confirmLabel, cancelLabel, children }: ConfirmDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Popup open={open} onClose={onCancel} labelledBy={titleId} describedBy={messageId} initialFocusRef={cancelRef}>
      <div className="confirm-dialog">
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={messageId} className="confirm-dialog__message">
          {message}
        </p>
        {children}
        <div className="confirm-dialog__actions">
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel ?? t('dialog.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {confirmLabel ?? t('dialog.confirm')}
          </button>
        </div>
      </div>
    </Popup>
  );
}

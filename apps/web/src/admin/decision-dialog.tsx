import { useId, useState, type FormEvent } from 'react';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

export interface DecisionDialogProps {
  title: string;
  /** The label of the text field; null for a decision without one (KYC verify). */
  fieldLabel: string | null;
  /** What the decision does, read out with the dialog (e.g. that a USDT rejection is returned on chain by hand). */
  description?: string | undefined;
  onConfirm: (text: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A modal dialog for one decision: a required note (at least 3 characters) and Confirm. Errors
 * from the server are shown in the dialog, which stays open so the operator can correct.
 */
export function DecisionDialog({ title, fieldLabel, description, onConfirm, onClose }: DecisionDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (fieldLabel !== null && text.trim().length < 3) {
      setError(t('admin.noteTooShort'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(text.trim());
      onClose();
    } catch (err) {
      setError(adminErrorText(err));
      setBusy(false);
    }
  }

  return (
    <div className="admin-dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={description ? descriptionId : undefined} className="admin-dialog">
        <h2 id={titleId}>{title}</h2>
        {description && <p id={descriptionId}>{description}</p>}
        <form onSubmit={submit}>
          {fieldLabel !== null && (
            <>
              <label htmlFor={fieldId}>{fieldLabel}</label>
              <textarea id={fieldId} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={300} autoFocus />
            </>
          )}
          {error && <p role="alert">{error}</p>}
          <div className="admin-actions">
            <button type="button" onClick={onClose}>
              {t('admin.cancel')}
            </button>
            <button type="submit" disabled={busy}>
              {t('admin.confirm')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

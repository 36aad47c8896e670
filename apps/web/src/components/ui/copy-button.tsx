import { useI18n } from '../../lib/i18n';
import { useToast } from './toast';
import './copy-button.css';

/** Props of a copy button. */
export interface CopyButtonProps {
  /** The exact text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name: "Copy UID", "Copy order number". */
  what: string;
}

/**
 * A button that copies a value and says so in a toast, drawn as the one copy chip beside the
 * value's text (copy-button.css). The clipboard API needs a secure
 * context; where it is missing or refused the player is told to copy by hand instead of being
 * told it worked.
 */
export function CopyButton({ value, what }: CopyButtonProps) {
  const { t } = useI18n();
  const toast = useToast();
  const onClick = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      toast.show(t('common.copied'), { type: 'success' });
    } catch {
      toast.show(t('common.copyFailed'), { type: 'fail' });
    }
  };
  return (
    <button type="button" className="copy-chip" onClick={() => void onClick()} aria-label={t('common.copy', { what })}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}

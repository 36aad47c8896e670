import type { FieldIssue } from '@colorplay/contract';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

/** A failed load, in words, with a retry button. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert">
      <p>{t('admin.error', { message: adminErrorText(error) })}</p>
      <button type="button" onClick={retry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

/** A form's refused submission: the server's words and, when it names them, each field's problem. */
export type FormFailure = { text: string; issues: FieldIssue[] };

/** A refused submission beside its form (the console's forms all show it this way). */
export function FormError({ error }: { error: FormFailure | null }) {
  if (!error) return null;
  return (
    <div role="alert">
      <p>{error.text}</p>
      {error.issues.length > 0 && (
        <ul>
          {error.issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>{t('admin.recon.lineIssue', { path: issue.path, message: issue.message })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

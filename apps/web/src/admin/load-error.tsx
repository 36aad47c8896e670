import { adminErrorText, at } from './i18n';

/** A failed load, in words, with a retry button. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert">
      <p>{at('admin.error', { message: adminErrorText(error) })}</p>
      <button type="button" onClick={retry}>
        {at('admin.retry')}
      </button>
    </div>
  );
}

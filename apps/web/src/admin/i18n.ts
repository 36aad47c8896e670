import { ApiError } from '../lib/api-client';
import { enAdmin, type AdminMessageKey } from '../lib/messages/en-admin';

/** The console's translate function: `{name}` placeholders filled from params. */
export function at(key: AdminMessageKey, params?: Record<string, string | number>): string {
  const text: string = enAdmin[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A failure in the console's words. The console keeps its own texts (rather than the player
 * app's error messages) so that nothing of the player bundle's i18n is shared with this chunk.
 */
export function adminErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return at('admin.err.generic', { code: 'UNKNOWN' });
  if (err.code === 'FORBIDDEN') return at('admin.err.forbidden');
  if (err.code === 'SECOND_APPROVER_NOT_INDEPENDENT') return at('admin.err.notIndependent');
  if (err.code === 'UNAUTHORIZED') return at('admin.err.signedOut');
  if (err.code === 'NOT_FOUND' || err.code.endsWith('_NOT_FOUND')) return at('admin.err.notFound');
  if (err.status === 409) return at('admin.err.conflict');
  if (err.code === 'VALIDATION_FAILED') return at('admin.err.invalid');
  if (err.code === 'RATE_LIMITED') return at('admin.err.rateLimited');
  if (err.code === 'NETWORK' || err.code === 'TIMEOUT') return at('admin.err.network');
  return at('admin.err.generic', { code: err.code });
}

import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@colorplay/contract/admin-constants';
import { API_PATHS } from '@colorplay/contract/paths';
import { apiRequest } from '../lib/api-client';
import { env } from '../config/env';

/**
 * Console calls: the session is the httpOnly cp_admin cookie (sent by the browser), and every
 * write carries the CSRF header the server requires (docs/admin.md).
 */
export const adminApi = {
  get: async <T>(path: string, signal?: AbortSignal): Promise<T> => (await apiRequest<{ data: T }>(path, { signal })).data,
  post: async <T>(path: string, body?: unknown): Promise<T> =>
    (await apiRequest<{ data: T }>(path, { method: 'POST', body, headers: { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE } })).data,
};

/** A path with `:name` parameters filled in (values URL-encoded). */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name])));
}

/** An absolute URL for links the browser opens itself (documents, CSV download). */
export const apiUrl = (path: string) => env.apiBaseUrl + path;

export { API_PATHS };

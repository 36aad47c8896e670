import type { ErrorCode, FieldIssue } from '@colorplay/contract';
import { HTTP_TIMEOUT_MS } from '../config/constants';
import { env } from '../config/env';
import { noteServerDate } from './server-clock';

/**
 * The HTTP client: fetch with JSON in and out, cookies included (the refresh token is an
 * httpOnly cookie), an optional bearer token, and one error type. Unlike the spec's client it
 * has a default timeout (docs/decisions/012-http-client-timeout.md).
 */

/** Failures that happen in the client, before or instead of a server answer. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'UNEXPECTED_RESPONSE';

/** Every failure of an API call: a server error code from the contract or a client-side one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    /** HTTP status, or 0 when no HTTP response arrived (no answer at all, or an answer over the socket: decision 589). */
    readonly status: number,
    readonly issues?: FieldIssue[],
    /** From the Retry-After header of a 429 (or 503), in seconds. */
    readonly retryAfterSeconds?: number,
    /** Facts beside the message (e.g. remainingMinor of DEPOSIT_LIMIT_EXCEEDED). */
    readonly details?: Record<string, string | number | null>,
  ) {
    super(message);
  }
}

/** Options of one API call. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string | null;
  /** Extra request headers (the operator console's CSRF header). */
  headers?: Record<string, string>;
  /** Milliseconds until the call fails with TIMEOUT; `Infinity` waits forever. */
  timeoutMs?: number;
  /** Lets the caller cancel; the call then fails with ABORTED. */
  signal?: AbortSignal;
  /** Defaults to the spec's API base (config/env.ts). */
  baseUrl?: string;
}

/** Calls the API and resolves with the parsed JSON body (undefined for an empty one). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token, timeoutMs = HTTP_TIMEOUT_MS, signal, baseUrl = env.apiBaseUrl, headers: extraHeaders } = options;

  const controller = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs)
    : undefined;
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  // Why a transport error happened decides its code: our timer, the caller, or the network.
  const transportError = (cause: unknown): ApiError => {
    if (timedOut) return new ApiError('TIMEOUT', `${method} ${path} timed out after ${timeoutMs} ms`, 0);
    if (signal?.aborted) return new ApiError('ABORTED', `${method} ${path} was cancelled`, 0);
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new ApiError('NETWORK', `${method} ${path} failed: ${detail}`, 0);
  };

  try {
    let response: Response;
    let text: string;
    try {
      const sentAtMs = Date.now();
      response = await fetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
      });
      // Every answer keeps the server clock fresh (countdowns count in the server's time).
      noteServerDate(response.headers.get('date'), sentAtMs, Date.now());
      // The timeout covers reading the body too: a server can stall after the headers.
      text = await response.text();
    } catch (cause) {
      throw transportError(cause);
    }

    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError('UNEXPECTED_RESPONSE', `${method} ${path} answered ${response.status} with a body that is not JSON`, response.status);
    }
    if (!response.ok) throw await errorFromBody(response.status, json, retryAfter(response.headers.get('retry-after')));
    return json as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Turns an error response into an ApiError. The contract's schema is imported only here, on
 * demand: the contract pulls in zod (~25 KB gzip), which must not count against the JS budget of
 * `/` for a path that runs only when a call fails. Its own module, not the package's index: a
 * dynamic import of the index keeps every export of the contract alive, including the paths
 * only servers call (decision 313).
 */
async function errorFromBody(status: number, body: unknown, retryAfterSeconds?: number): Promise<ApiError> {
  const contract = await import('@colorplay/contract/errors').catch(() => null);
  if (!contract) {
    return new ApiError('NETWORK', `could not load the error schema to read an HTTP ${status} answer`, status);
  }
  const parsed = contract.ErrorResponseSchema.safeParse(body);
  if (!parsed.success) return new ApiError('UNEXPECTED_RESPONSE', `HTTP ${status} without the error shape`, status);
  const { code, message, issues, details } = parsed.data.error;
  return new ApiError(code, message, status, issues, retryAfterSeconds, details);
}

/** Retry-After in seconds (the API sends seconds, never an HTTP date). */
function retryAfter(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Shorthands for the common methods. */
export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
};

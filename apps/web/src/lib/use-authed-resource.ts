import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { authedApi } from './session';

/** What `useAuthedResource` returns. */
export interface AuthedResource<T> {
  /** The last answer, kept on screen while a reload is under way. */
  data: T | undefined;
  /** The failure of the latest load, if it failed. */
  error: ApiError | undefined;
  /** True until the latest load (first one or reload) has answered. */
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  key: string;
  data: T | undefined;
  error: ApiError | undefined;
}

/**
 * GETs an authenticated endpoint when the component mounts, whenever `path` changes and on
 * `reload()`; `null` loads nothing. A 401 that survives one refresh has already ended the
 * session (lib/session.ts), so the route guard moves the player to /login; here it is just an
 * error. Answers to an outdated request are dropped.
 */
export function useAuthedResource<T>(path: string | null): AuthedResource<T> {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ key: '', data: undefined, error: undefined });
  const key = path === null ? '' : `${generation}:${path}`;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    authedApi
      .get<T>(path, { signal: controller.signal })
      .then((data) => setSettled({ key, data, error: undefined }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiError ? err : new ApiError('NETWORK', String(err), 0);
        setSettled((previous) => ({ key, data: previous.data, error }));
      });
    return () => controller.abort();
  }, [path, key]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data: settled.data, error: settled.key === key ? settled.error : undefined, loading: path !== null && settled.key !== key, reload };
}

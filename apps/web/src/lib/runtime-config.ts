import type { RuntimeConfig } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from './api-client';

let pending: Promise<RuntimeConfig | null> | null = null;

/**
 * Asks the server for its public settings (GET /api/config) once per page load; later callers
 * share the answer. Null when the server cannot say: the app then runs without a banner.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig | null> {
  pending ??= api.get<{ data: RuntimeConfig }>(API_PATHS.get_runtime_config).then(
    (res) => res.data,
    () => null,
  );
  return pending;
}

/** The request main.tsx started, if any (tests render without it unless they start one). */
export function runtimeConfigRequest(): Promise<RuntimeConfig | null> | null {
  return pending;
}

/** Tests only: forget the cached answer. */
export function forgetRuntimeConfig(): void {
  pending = null;
}

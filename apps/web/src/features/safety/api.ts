import type {
  ConfirmSafetyLimitInput,
  SafetySession,
  SafetyState,
  SetSafetyLimitInput,
} from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { setResourceData, type ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/** Resource key of the player's controls (the Safety page, the prompt, the reality check). */
export const SAFETY_KEY = 'safety';

export const safetyResource: ResourceSpec<SafetyState> = {
  key: SAFETY_KEY,
  staleMs: 30_000,
  fetch: async (signal) => (await authedApi.get<{ data: SafetyState }>(API_PATHS.safety, { signal })).data,
};

/** Posts one change and puts the answer (the new state) in the cache. */
async function change(path: string, body?: unknown): Promise<SafetyState> {
  const state = (await authedApi.post<{ data: SafetyState }>(path, body)).data;
  setResourceData(SAFETY_KEY, state);
  return state;
}

export const setLimit = (input: SetSafetyLimitInput) => change(API_PATHS.safety_limit, input);
export const confirmLimit = (input: ConfirmSafetyLimitInput) => change(API_PATHS.safety_limit_confirm, input);
export const takeBreak = (days: number) => change(API_PATHS.safety_break, { days });
export const selfExclude = (months: 6 | 12 | 60) => change(API_PATHS.safety_exclusion, { months });
export const requestReopen = () => change(API_PATHS.safety_reopen, { confirm: true });
export const setRealityCheck = (minutes: 15 | 30 | 60 | null) => change(API_PATHS.safety_reality_check, { minutes });
export const skipDepositPrompt = () => change(API_PATHS.safety_deposit_prompt_skip, { confirm: true });

/** The session's net result and stakes since it began. */
export async function sessionResult(since: Date, signal?: AbortSignal): Promise<SafetySession> {
  return (await authedApi.get<{ data: SafetySession }>(`${API_PATHS.safety_session}?since=${encodeURIComponent(since.toISOString())}`, { signal })).data;
}

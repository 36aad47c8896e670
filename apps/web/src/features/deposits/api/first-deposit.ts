import type { FirstDepositStatus } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { ResourceSpec } from '../../../lib/resource';
import { authedApi } from '../../../lib/session';

/** Resource key of the first-deposit offer and claim (read again after a recharge is created). */
export const FIRST_DEPOSIT_KEY = 'first-deposit';

/** The running offer when the player may take it (else why not), and their opt-in's outcome. */
export const firstDepositResource: ResourceSpec<FirstDepositStatus> = {
  key: FIRST_DEPOSIT_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: FirstDepositStatus }>(LAZY_API_PATHS.player_first_deposit, { signal })).data,
};

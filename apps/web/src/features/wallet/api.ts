import type { Vendor, Wallet } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from '../../lib/api-client';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/** What transfer-to-main-wallet answers. */
export interface TransferToMainResult {
  movedMinor: number;
  wallet: Wallet;
}

/** Sweeps every game-vendor wallet into the main wallet; retrying with the same key moves nothing twice. */
export async function transferToMainWallet(idempotencyKey: string): Promise<TransferToMainResult> {
  const res = await authedApi.post<{ data: TransferToMainResult }>(API_PATHS.transfer_to_main_wallet, { idempotencyKey });
  return res.data;
}

/**
 * Every game vendor with its display name: the wallet lists vendor wallets by code, and a player
 * reads the catalog's name (decision 311), never the code. The same public, cacheable read the lobby
 * makes; the catalog changes only with a deploy.
 */
export const vendorNamesResource: ResourceSpec<Vendor[]> = {
  key: 'games:vendors:all',
  staleMs: 5 * 60_000,
  fetch: async (signal) => (await api.get<{ data: Vendor[] }>(API_PATHS.game_vendors, { signal })).data,
};

import type { Wallet } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
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

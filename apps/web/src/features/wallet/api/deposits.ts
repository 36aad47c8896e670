import type { CreateRechargeInput, Deposit, DepositsPage } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { ApiError } from '../../../lib/api-client';
import { authedApi } from '../../../lib/session';
import { depositPath } from '../history-query';

/** Where the recharge page reads channels, limits and presets (a `useAuthedResource` path). */
export const DEPOSIT_INFO_PATH = API_PATHS.get_deposit_info;

/** Creates a UPI recharge order (idempotent by key) and returns it with its payment details. */
export async function createRecharge(input: CreateRechargeInput): Promise<Deposit> {
  const res = await authedApi.post<{ data: Deposit }>(API_PATHS.get_payment_url, input);
  return res.data;
}

/** One of the player's orders; DEPOSIT_NOT_FOUND when there is no such order of theirs. */
export async function getDeposit(orderId: string, signal?: AbortSignal): Promise<Deposit> {
  const res = await authedApi.get<{ data: DepositsPage }>(depositPath(orderId), { signal });
  const deposit = res.data.items[0];
  if (!deposit || deposit.id !== orderId) throw new ApiError('DEPOSIT_NOT_FOUND', 'No such recharge order', 404);
  return deposit;
}

/** One page of the player's orders, newest first. */
export async function getDepositsPage(path: string, signal?: AbortSignal): Promise<DepositsPage> {
  const res = await authedApi.get<{ data: DepositsPage }>(path, { signal });
  return res.data;
}

/** Gives the bank's 12-digit UTR for an order the player has paid. */
export async function submitUtr(orderId: string, utr: string): Promise<Deposit> {
  const res = await authedApi.post<{ data: Deposit }>(API_PATHS.submit_utr, { orderId, utr });
  return res.data;
}

/** Cancels an order that has not been paid. */
export async function cancelDeposit(orderId: string): Promise<Deposit> {
  const res = await authedApi.post<{ data: Deposit }>(API_PATHS.cancel_deposit, { orderId });
  return res.data;
}

import type { CreateRechargeInput, Deposit, DepositInfo, DepositsPage } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { ApiError } from '../../../lib/api-client';
import { refreshBalances } from '../../../lib/balance';
import type { InfiniteSpec } from '../../../lib/infinite-resource';
import { getResourceData, type ResourceSpec } from '../../../lib/resource';
import { authedApi } from '../../../lib/session';
import { depositPath, depositsPagePath, filtersToSearch, type HistoryFilters } from '../history-query';

/** Resource keys of the wallet feature; `deposits` prefixes every order and history page. */
export const DEPOSITS_KEY = 'deposits';

/** Channels, limits and presets of the recharge page. */
export const depositInfoResource: ResourceSpec<DepositInfo> = {
  key: 'deposit-info',
  staleMs: 5 * 60_000,
  fetch: async (signal) => (await authedApi.get<{ data: DepositInfo }>(API_PATHS.get_deposit_info, { signal })).data,
};

/** One of the player's orders; DEPOSIT_NOT_FOUND when there is no such order of theirs. */
async function getDeposit(orderId: string, signal?: AbortSignal): Promise<Deposit> {
  const res = await authedApi.get<{ data: DepositsPage }>(depositPath(orderId), { signal });
  const deposit = res.data.items[0];
  if (!deposit || deposit.id !== orderId) throw new ApiError('DEPOSIT_NOT_FOUND', 'No such recharge order', 404);
  return deposit;
}

export const depositKey = (orderId: string) => `${DEPOSITS_KEY}:order:${orderId}`;

/**
 * One order as a resource. When a read finds it newly succeeded, the money has reached the main
 * wallet, so the balance is read again (the order's answer carries no balance).
 */
export function depositResource(orderId: string): ResourceSpec<Deposit> {
  const key = depositKey(orderId);
  return {
    key,
    staleMs: 0,
    fetch: async (signal) => {
      const before = getResourceData<Deposit>(key);
      const deposit = await getDeposit(orderId, signal);
      if (deposit.status === 'succeeded' && before?.status !== 'succeeded') refreshBalances();
      return deposit;
    },
  };
}

/** The player's orders for some filters, newest first, as a paged resource. */
export function depositHistoryResource(filters: HistoryFilters): InfiniteSpec<DepositsPage> {
  const { status, channel } = filters;
  return {
    key: `${DEPOSITS_KEY}:history:${filtersToSearch(filters).toString()}`,
    staleMs: 0,
    fetchPage: async (cursor, signal) => (await authedApi.get<{ data: DepositsPage }>(depositsPagePath({ status, channel }, cursor), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

/** Creates a UPI recharge order (idempotent by key) and returns it with its payment details. */
export async function createRecharge(input: CreateRechargeInput): Promise<Deposit> {
  const res = await authedApi.post<{ data: Deposit }>(API_PATHS.get_payment_url, input);
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

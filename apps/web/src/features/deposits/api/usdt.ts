import type { RuntimeConfig, UsdtDeposit, UsdtDepositsPage, UsdtFaucetResult } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { refreshBalances } from '../../../lib/balance';
import { getResourceData, type ResourceSpec } from '../../../lib/resource';
import { loadRuntimeConfig } from '../../../lib/runtime-config';
import { noteServerTime } from '../../../lib/server-clock';
import { authedApi } from '../../../lib/session';
import { DEPOSITS_KEY } from './deposits';

/**
 * The USDT recharge calls (decision 135, contract usdt.ts). USDT orders live beside the UPI orders
 * under the `deposits` key prefix, so a recharge or cancel refreshes both kinds.
 */

/**
 * The server's public settings (GET /api/config) as a resource: whether the USDT channel and
 * its sandbox faucet are on. Null when the server could not say; then both count as off.
 */
export const runtimeConfigResource: ResourceSpec<RuntimeConfig | null> = {
  key: 'runtime-config',
  staleMs: Number.POSITIVE_INFINITY,
  fetch: () => loadRuntimeConfig(),
};

export const usdtDepositKey = (orderId: string) => `${DEPOSITS_KEY}:usdt:${orderId}`;

/**
 * Takes the answer's `serverTime` into the server clock: the countdown to expiry counts on the
 * server's time, and this field is precise to the millisecond (the Date header only to the second).
 */
async function timed<T extends { serverTime: string }>(call: () => Promise<{ data: T }>): Promise<T> {
  const sentAtMs = Date.now();
  const { data } = await call();
  noteServerTime(data.serverTime, sentAtMs, Date.now());
  return data;
}

/** One USDT order with its live status (get-usdt-deposit-status-pooling). */
function getUsdtDeposit(orderId: string, signal?: AbortSignal): Promise<UsdtDeposit> {
  const path = `${API_PATHS.get_usdt_deposit_status_pooling}?${new URLSearchParams({ orderId }).toString()}`;
  return timed(() => authedApi.get<{ data: UsdtDeposit }>(path, { signal }));
}

/**
 * One USDT order as a resource. When a read finds it newly succeeded, the money has reached the
 * main wallet, so the balance is read again (the status answer carries no balance).
 */
export function usdtDepositResource(orderId: string): ResourceSpec<UsdtDeposit> {
  const key = usdtDepositKey(orderId);
  return {
    key,
    staleMs: 0,
    fetch: async (signal) => {
      const before = getResourceData<UsdtDeposit>(key);
      const deposit = await getUsdtDeposit(orderId, signal);
      if (deposit.status === 'succeeded' && before?.status !== 'succeeded') refreshBalances();
      return deposit;
    },
  };
}

/** Creates a USDT order for an amount in INR (idempotent by key): the USDT amount is locked now. */
export function createUsdtRecharge(amountMinor: number, idempotencyKey: string): Promise<UsdtDeposit> {
  return timed(() => authedApi.post<{ data: UsdtDeposit }>(API_PATHS.get_payment_url_usdt, { amountMinor, idempotencyKey }));
}

/** Cancels a USDT order nothing was sent to. */
export function cancelUsdtDeposit(orderId: string): Promise<UsdtDeposit> {
  return timed(() => authedApi.post<{ data: UsdtDeposit }>(API_PATHS.cancel_deposit, { orderId }));
}

/** Sandbox only: sends the order's USDT amount of test tokens to its address on the dev chain. */
export async function sendTestUsdt(orderId: string): Promise<UsdtFaucetResult> {
  return (await authedApi.post<{ data: UsdtFaucetResult }>(API_PATHS.sandbox_usdt_faucet, { orderId })).data;
}

/** One page of the player's USDT orders, newest first. */
export async function getUsdtDepositsPage(
  query: { status: UsdtDeposit['status'] | null; before: string | null; limit: number },
  signal?: AbortSignal,
): Promise<UsdtDepositsPage> {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  search.set('limit', String(query.limit));
  if (query.before) search.set('before', query.before);
  return (await authedApi.get<{ data: UsdtDepositsPage }>(`${API_PATHS.get_usdt_deposits}?${search.toString()}`, { signal })).data;
}

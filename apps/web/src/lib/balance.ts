import type { Balance, Wallet } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { getResourceData, invalidateResources, keyMatches, setResourceData, useResource, type Resource, type ResourceSpec } from './resource';
import { authedApi, useSession } from './session';

/**
 * The player's balance, kept in one place (docs/decisions/017-balance-store.md): the `balance`
 * entry of the resource layer (the main wallet, what home, wallet and game pages show) and the
 * `wallet` entry (main plus game-vendor wallets). Both are read once and then updated from the
 * answers of money actions through `applyBalance` / `applyWallet`, and later from the WebSocket,
 * which will call `applyBalance` too.
 */

export const BALANCE_KEY = 'balance';
export const WALLET_KEY = 'wallet';

export const balanceResource: ResourceSpec<Balance> = {
  key: BALANCE_KEY,
  fetch: async (signal) => (await authedApi.get<{ data: Balance }>(API_PATHS.get_balance, { signal })).data,
};

export const walletResource: ResourceSpec<Wallet> = {
  key: WALLET_KEY,
  fetch: async (signal) => (await authedApi.get<{ data: Wallet }>(API_PATHS.get_wallet, { signal })).data,
};

/** The main-wallet balance, for a logged-in player (nothing is read for a guest). */
export function useBalance(): Resource<Balance> {
  const { status } = useSession();
  return useResource(status === 'logged_in' ? balanceResource : null);
}

/** The whole wallet (main and vendor wallets). */
export function useWallet(): Resource<Wallet> {
  return useResource(walletResource);
}

/**
 * A new main-wallet balance from the server (a money action's answer, a push). The wallet entry
 * follows, so the two never disagree on screen: its total moves by the same amount.
 */
export function applyBalance(balance: Balance): void {
  setResourceData<Balance>(BALANCE_KEY, balance);
  const wallet = getResourceData<Wallet>(WALLET_KEY);
  if (wallet && wallet.currency === balance.currency) {
    const deltaMinor = balance.balanceMinor - wallet.mainMinor;
    setResourceData<Wallet>(WALLET_KEY, { ...wallet, mainMinor: balance.balanceMinor, totalMinor: wallet.totalMinor + deltaMinor });
  } else if (wallet) {
    invalidateResources(keyMatches(WALLET_KEY));
  }
}

/** A whole wallet from the server (e.g. the answer of transfer-to-main): both entries take it. */
export function applyWallet(wallet: Wallet): void {
  setResourceData<Wallet>(WALLET_KEY, wallet);
  setResourceData<Balance>(BALANCE_KEY, { balanceMinor: wallet.mainMinor, currency: wallet.currency });
}

/** Money moved in a way whose answer carries no balance (a deposit succeeded): read both again. */
export function refreshBalances(): void {
  invalidateResources(keyMatches(BALANCE_KEY, WALLET_KEY));
}

import type { Balance, Wallet } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { useEffect } from 'react';
import { getResourceData, invalidateResources, keyMatches, setResourceData, useResource, type Resource, type ResourceSpec } from './resource';
import { authedApi, useSession } from './session';

/**
 * The player's balance, kept in one place (docs/decisions/017-balance-store.md): the `balance`
 * entry of the resource layer (the main wallet, what home, wallet and game pages show) and the
 * `wallet` entry (main plus game-vendor wallets). Both are read once and then updated from the
 * answers of money actions through `applyBalance` / `applyWallet`, and later from the WebSocket,
 * which will call `applyBalance` too.
 * Other tabs of the browser hear of every change through a BroadcastChannel (decision 508): the
 * message carries no amount, the tab that hears it reads both entries again from the server.
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

/** The one message tabs exchange; no amount: another tab's word is never taken for money. */
const CHANGED = 'balance-changed';
let channel: BroadcastChannel | null = null;

/** The tab's channel, opened on first use; it stays open for the tab's life (one per tab). */
function balanceChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel('cp-balance');
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === CHANGED) refreshBalances(false);
    };
  }
  return channel;
}

/** For tests: close the channel, so the next test's stub is the one used. */
export function resetBalanceSyncForTests(): void {
  channel?.close();
  channel = null;
}

/** The main-wallet balance, for a logged-in player (nothing is read for a guest). */
export function useBalance(): Resource<Balance> {
  const { status } = useSession();
  useEffect(() => void balanceChannel(), []);
  return useResource(status === 'logged_in' ? balanceResource : null);
}

/** The whole wallet (main and vendor wallets). */
export function useWallet(): Resource<Wallet> {
  useEffect(() => void balanceChannel(), []);
  return useResource(walletResource);
}

/** Tells the browser's other tabs that the balance moved (a bet, a transfer, a payout here). */
function tellOtherTabs(): void {
  balanceChannel()?.postMessage(CHANGED);
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
  tellOtherTabs();
}

/** A whole wallet from the server (e.g. the answer of transfer-to-main): both entries take it. */
export function applyWallet(wallet: Wallet): void {
  setResourceData<Wallet>(WALLET_KEY, wallet);
  setResourceData<Balance>(BALANCE_KEY, { balanceMinor: wallet.mainMinor, currency: wallet.currency });
  tellOtherTabs();
}

/**
 * Money moved in a way whose answer carries no balance (a deposit succeeded), or another tab
 * says it moved (`tell` false: that tab has told the others already): read both again.
 */
export function refreshBalances(tell = true): void {
  invalidateResources(keyMatches(BALANCE_KEY, WALLET_KEY));
  if (tell) tellOtherTabs();
}

import type { Deposit, DepositChannel, UsdtDeposit } from '@colorplay/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMoneyAction } from '../../components/ui/money-action';
import type { ApiError } from '../../lib/api-client';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { refetchResource, setResourceData, useResource, type ResourceSpec } from '../../lib/resource';
import { createRecharge, depositHistoryResource, depositKey, depositResource, DEPOSITS_KEY } from './api/deposits';
import { FIRST_DEPOSIT_KEY } from './api/first-deposit';
import { mergedHistoryResource } from './api/history';
import { createUsdtRecharge, runtimeConfigResource, usdtDepositKey, usdtDepositResource } from './api/usdt';
import { isClosedStatus, isOpenUsdtStatus } from './deposit-status';
import type { HistoryEntry } from './history-merge';
import type { HistoryFilters } from './history-query';

/**
 * The one way the deposit screens create, follow and list recharge orders, UPI or USDT: an order
 * is a resource of the resource layer (api/), created through the money-action hook and read again
 * every few seconds while it is open; the two channels differ only in the `OrderKind` they pass.
 * The history is a paged resource of both channels' orders.
 */

/**
 * How often a payment page asks for its order's status while it is open: the gateway's answer for
 * UPI, a block every few seconds on most chains for USDT (more often would mostly repeat it).
 */
export const DEPOSIT_POLL_MS = 3000;

/**
 * How often while a transfer is known to be on its way (a USDT transfer counting its
 * confirmations, or just sent by the sandbox faucet): the sandbox chain adds a block a second, so
 * the player sees each confirmation arrive rather than a jump from nothing to credited.
 */
export const DEPOSIT_FAST_POLL_MS = 1000;

/** How one channel's orders are read: their resource, its cache key, and when to keep polling. */
export interface OrderKind<O extends { id: string }> {
  resource: (orderId: string) => ResourceSpec<O>;
  key: (orderId: string) => string;
  /** Whether the page keeps asking for the status of an order in this state. */
  isOpen: (order: O) => boolean;
  /** Whether money is on its way for an order in this state (read every DEPOSIT_FAST_POLL_MS). */
  isMoving?: (order: O) => boolean;
}

/** A UPI order polls until it is closed (succeeded, failed, cancelled, expired). */
export const UPI_ORDER: OrderKind<Deposit> = { resource: depositResource, key: depositKey, isOpen: (d) => !isClosedStatus(d.status) };

/** A USDT order polls while it waits for a transfer or counts its confirmations. */
export const USDT_ORDER: OrderKind<UsdtDeposit> = {
  resource: usdtDepositResource,
  key: usdtDepositKey,
  isOpen: (d) => isOpenUsdtStatus(d.status),
  isMoving: (d) => d.status === 'seen',
};

/** What `useDepositOrder` returns. */
export interface DepositOrder<O> {
  deposit: O | undefined;
  /** The failure of the latest read, if it failed (the last good order stays in `deposit`). */
  error: ApiError | undefined;
  /** Shows an order the server just returned (after submit-utr or cancel) and reads it again. */
  replace: (deposit: O) => void;
  /** Reads the order again now. */
  refresh: () => void;
  /** Money was just sent to the order: read it now, and every DEPOSIT_FAST_POLL_MS while it is open. */
  hurry: () => void;
}

/** Whether a failed read is worth repeating: not for an order that does not exist. */
function retryable(err: ApiError | undefined): boolean {
  return err === undefined || ![400, 401, 403, 404].includes(err.status);
}

/**
 * One recharge order from the resource layer, read again every `pollMs` while it is open, so the
 * page shows the gateway's or the chain's answer without a reload. Polling stops when the order
 * leaves its open states, when the order does not exist and on unmount.
 */
export function useDepositOrder<O extends { id: string }>(kind: OrderKind<O>, orderId: string | null, pollMs = DEPOSIT_POLL_MS): DepositOrder<O> {
  const { data: deposit, error, reload } = useResource(orderId === null ? null : kind.resource(orderId));
  // Polls while the order is open, or after a failure that may pass (no connection).
  const open = deposit ? kind.isOpen(deposit) : error !== undefined && retryable(error);
  const [hurried, setHurried] = useState(false);
  const every = hurried || (deposit !== undefined && kind.isMoving?.(deposit) === true) ? Math.min(pollMs, DEPOSIT_FAST_POLL_MS) : pollMs;
  const { key } = kind;
  useEffect(() => {
    if (orderId === null || !open) return;
    const timer = setInterval(() => void refetchResource(key(orderId)), every);
    return () => clearInterval(timer);
  }, [orderId, open, every, key]);

  const replace = useCallback(
    (next: O) => {
      setResourceData(key(next.id), next);
      void refetchResource(key(next.id));
    },
    [key],
  );
  const hurry = useCallback(() => {
    setHurried(true);
    reload();
  }, [reload]);
  return { deposit, error, replace, refresh: reload, hurry };
}

/** The UPI payment page's order (`useDepositOrder` for UPI). */
export function useDeposit(orderId: string | null, pollMs = DEPOSIT_POLL_MS): DepositOrder<Deposit> {
  return useDepositOrder(UPI_ORDER, orderId, pollMs);
}

/** What the recharge page asks for: a channel and an amount in paise. */
export interface NewDeposit {
  channel: DepositChannel;
  amountMinor: number;
  /** The first-deposit bonus's opt-in, with the terms version shown (UPI orders only). */
  firstDepositBonus?: { termsVersion: string };
}

/**
 * Creates a recharge order on either channel as one money action (single flight, one idempotency
 * key per channel and amount until it succeeds, errors left to the form), puts the new order in
 * the resource cache so its payment page shows it at once, and hands its id on.
 */
export function useCreateDeposit(onCreated: (orderId: string) => void) {
  return useMoneyAction(
    async ({ channel, amountMinor, firstDepositBonus }: NewDeposit, idempotencyKey: string): Promise<Deposit | UsdtDeposit> => {
      if (channel === 'usdt') {
        const order = await createUsdtRecharge(amountMinor, idempotencyKey);
        setResourceData(usdtDepositKey(order.id), order);
        return order;
      }
      const order = await createRecharge({ channel, amountMinor, idempotencyKey, ...(firstDepositBonus ? { firstDepositBonus } : {}) });
      setResourceData(depositKey(order.id), order);
      return order;
    },
    { report: 'inline', invalidates: [DEPOSITS_KEY, FIRST_DEPOSIT_KEY], onSuccess: (order) => onCreated(order.id) },
  );
}

/** What `useDepositHistory` returns. */
export interface DepositHistory {
  items: HistoryEntry[];
  /** True while a page (first or next) is on its way. */
  loading: boolean;
  error: ApiError | undefined;
  hasMore: boolean;
  /** Asks for the next page; does nothing while one is loading or when there is none. */
  loadMore: () => void;
  /** Repeats the page that failed. */
  retry: () => void;
}

/**
 * The player's recharge orders for some filters, newest first, one page at a time (cursor
 * pagination), from the resource layer: each filter set is its own cached entry, read again on
 * focus and after a recharge or cancel. While the server runs the USDT channel (GET /api/config),
 * its USDT orders are merged in (history-merge.ts); otherwise only the UPI list is read.
 */
export function useDepositHistory(filters: HistoryFilters): DepositHistory {
  const { status, channel } = filters;
  const config = useResource(runtimeConfigResource);
  const known = config.data !== undefined;
  const usdtOn = config.data?.usdt === true;
  const upiSpec = useMemo(() => (known && !usdtOn ? depositHistoryResource({ status, channel }) : null), [known, usdtOn, status, channel]);
  const mergedSpec = useMemo(() => (usdtOn ? mergedHistoryResource({ status, channel }) : null), [usdtOn, status, channel]);
  const upi = useInfiniteResource(upiSpec);
  const merged = useInfiniteResource(mergedSpec);
  const list = usdtOn ? merged : upi;
  const items = useMemo(() => {
    const entries: HistoryEntry[] = usdtOn
      ? merged.pages.flatMap((page) => page.items)
      : upi.pages.flatMap((page) => page.items.map((order) => ({ kind: 'upi' as const, order })));
    const seen = new Set<string>();
    return entries.filter((e) => (seen.has(e.order.id) ? false : (seen.add(e.order.id), true)));
  }, [usdtOn, merged.pages, upi.pages]);
  return {
    items,
    loading: !known || list.fetching || list.loading,
    error: list.fetching ? undefined : list.error,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    retry: list.retry,
  };
}

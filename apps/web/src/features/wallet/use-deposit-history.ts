import { useMemo } from 'react';
import type { ApiError } from '../../lib/api-client';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { useResource } from '../../lib/resource';
import { depositHistoryResource } from './api/deposits';
import { mergedHistoryResource } from './api/history';
import { runtimeConfigResource } from './api/usdt';
import type { HistoryEntry } from './history-merge';
import type { HistoryFilters } from './history-query';

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

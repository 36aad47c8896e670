import type { Deposit } from '@colorplay/contract';
import { useMemo } from 'react';
import type { ApiError } from '../../lib/api-client';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { depositHistoryResource } from './api/deposits';
import type { HistoryFilters } from './history-query';

/** What `useDepositHistory` returns. */
export interface DepositHistory {
  items: Deposit[];
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
 * focus and after a recharge or cancel.
 */
export function useDepositHistory(filters: HistoryFilters): DepositHistory {
  const { status, channel } = filters;
  const spec = useMemo(() => depositHistoryResource({ status, channel }), [status, channel]);
  const list = useInfiniteResource(spec);
  const items = useMemo(() => {
    const seen = new Set<string>();
    return list.pages.flatMap((page) => page.items).filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
  }, [list.pages]);
  return { items, loading: list.fetching || list.loading, error: list.fetching ? undefined : list.error, hasMore: list.hasMore, loadMore: list.loadMore, retry: list.retry };
}

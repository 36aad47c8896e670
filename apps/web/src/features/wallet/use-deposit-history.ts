import type { Deposit } from '@colorplay/contract';
import { useCallback, useEffect, useState } from 'react';
import { getDepositsPage } from './api/deposits';
import { depositsPagePath, filtersToSearch, type HistoryFilters } from './history-query';

interface Target {
  filterKey: string;
  before: string | null;
  attempt: number;
}

interface Result {
  filterKey: string;
  items: Deposit[];
  nextCursor: string | null;
  /** Which target this answers. */
  answered: string;
  error: unknown;
}

/** What `useDepositHistory` returns. */
export interface DepositHistory {
  items: Deposit[];
  /** True while a page (first or next) is on its way. */
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** Asks for the next page; does nothing while one is loading or when there is none. */
  loadMore: () => void;
  /** Repeats the page that failed. */
  retry: () => void;
}

const targetId = (t: Target) => `${t.filterKey}|${t.before ?? ''}|${t.attempt}`;

/**
 * The player's recharge orders for some filters, newest first, one page at a time (cursor
 * pagination: each page's `nextCursor` is the next call's `before`). Changing the filters
 * starts again from the first page; answers for old filters are dropped.
 */
export function useDepositHistory(filters: HistoryFilters): DepositHistory {
  const { status, channel } = filters;
  const filterKey = filtersToSearch(filters).toString();
  const [wanted, setWanted] = useState<Target>({ filterKey, before: null, attempt: 0 });
  const target: Target = wanted.filterKey === filterKey ? wanted : { filterKey, before: null, attempt: 0 };
  const id = targetId(target);
  const [result, setResult] = useState<Result>({ filterKey: '', items: [], nextCursor: null, answered: '', error: undefined });
  const { before } = target;

  useEffect(() => {
    const controller = new AbortController();
    getDepositsPage(depositsPagePath({ status, channel }, before), controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        setResult((prev) => {
          const kept = before !== null && prev.filterKey === filterKey ? prev.items : [];
          const seen = new Set(kept.map((d) => d.id));
          return {
            filterKey,
            items: [...kept, ...page.items.filter((d) => !seen.has(d.id))],
            nextCursor: page.nextCursor,
            answered: id,
            error: undefined,
          };
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult((prev) =>
          prev.filterKey === filterKey
            ? { ...prev, answered: id, error }
            : { filterKey, items: [], nextCursor: null, answered: id, error },
        );
      });
    return () => controller.abort();
  }, [status, channel, before, filterKey, id]);

  const mine = result.filterKey === filterKey;
  const loading = result.answered !== id;
  const error = loading ? undefined : result.error;
  const nextCursor = mine ? result.nextCursor : null;

  const loadMore = useCallback(() => {
    if (loading || error !== undefined || nextCursor === null) return;
    setWanted({ filterKey, before: nextCursor, attempt: 0 });
  }, [loading, error, nextCursor, filterKey]);

  const { attempt } = target;
  const retry = useCallback(() => setWanted({ filterKey, before, attempt: attempt + 1 }), [filterKey, before, attempt]);

  return { items: mine ? result.items : [], loading, error, hasMore: nextCursor !== null, loadMore, retry };
}

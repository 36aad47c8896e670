import { useCallback } from 'react';
import { entryOf, getResourceData, run, useResource, type Resource, type ResourceSpec } from './resource';

/**
 * Cursor-paged lists on the resource layer (docs/decisions/016-resource-layer.md). Its own module
 * so that pages which read one resource (home's balance) do not load it.
 */

/** The data of a paged list: its pages in order and the cursor of the next one. */
export interface Pages<P> {
  pages: P[];
  nextCursor: string | null;
}

/** How a paged list is read: one page for a cursor (null = the first page). */
export interface InfiniteSpec<P> {
  key: string;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<P>;
  nextCursor: (page: P) => string | null;
  staleMs?: number;
}

/** What `useInfiniteResource` returns. */
export interface InfiniteResource<P> extends Resource<Pages<P>> {
  pages: P[];
  hasMore: boolean;
  /** Loads the next page; does nothing while a page is loading or at the end. */
  loadMore: () => void;
  /** Repeats what failed: the next page when some are loaded, else the first. */
  retry: () => void;
}

/**
 * A paged list as the plain resource its cache entry is: a read (first, refetch, prefetch) reads
 * again as many pages as are shown, from the first, so the list stays in place.
 */
export function pagesResource<P>(spec: InfiniteSpec<P>): ResourceSpec<Pages<P>> {
  return {
    key: spec.key,
    staleMs: spec.staleMs,
    fetch: async (signal) => {
      const shown = Math.max(1, getResourceData<Pages<P>>(spec.key)?.pages.length ?? 1);
      const pages: P[] = [];
      let cursor: string | null = null;
      do {
        const page: P = await spec.fetchPage(cursor, signal);
        pages.push(page);
        cursor = spec.nextCursor(page);
      } while (cursor !== null && pages.length < shown);
      return { pages, nextCursor: cursor };
    },
  };
}

/**
 * A paged list (cursor pagination) as one cache entry. A refetch (focus, invalidation, reload)
 * reads again as many pages as are shown, from the first, so the list stays in place.
 */
export function useInfiniteResource<P>(spec: InfiniteSpec<P> | null): InfiniteResource<P> {
  const { fetchPage, nextCursor } = spec ?? { fetchPage: undefined, nextCursor: undefined };
  const resource = useResource<Pages<P>>(spec && pagesResource(spec));
  const key = spec?.key ?? null;
  const data = resource.data;
  const loadMore = useCallback(() => {
    if (key === null || !fetchPage || !nextCursor) return;
    const entry = entryOf<Pages<P>>(key);
    const cursor = entry.state.data?.nextCursor ?? null;
    if (entry.inFlight || cursor === null) return;
    void run<Pages<P>>(key, async (signal, current) => {
      const page = await fetchPage(cursor, signal);
      return { pages: [...(current?.pages ?? []), page], nextCursor: nextCursor(page) };
    });
  }, [key, fetchPage, nextCursor]);
  const { reload } = resource;
  const retry = useCallback(() => (data && data.pages.length > 0 ? loadMore() : reload()), [data, loadMore, reload]);
  return { ...resource, pages: data?.pages ?? [], hasMore: (data?.nextCursor ?? null) !== null, loadMore, retry };
}

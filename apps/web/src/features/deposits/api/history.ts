import type { DepositsPage, DepositStatus, UsdtDepositStatus } from '@colorplay/contract';
import { authedApi } from '../../../lib/session';
import type { InfiniteSpec } from '../../../lib/infinite-resource';
import { fetchMergedPage, type MergedPage, type SourceFetch, type SourceName } from '../history-merge';
import { depositsPagePath, filtersToSearch, HISTORY_PAGE_SIZE, type HistoryFilters } from '../history-query';
import { DEPOSITS_KEY } from './deposits';
import { getUsdtDepositsPage } from './usdt';

/**
 * The USDT status a history status filter stands for: the same word, or the USDT state that
 * plays its part (awaiting payment is waiting for a transfer; under review is review). Null when
 * no USDT order can be in that state, so the USDT list is not read for it.
 */
const USDT_STATUS_FOR: Record<DepositStatus, UsdtDepositStatus | null> = {
  created: null,
  pending_payment: 'waiting',
  utr_submitted: 'review',
  succeeded: 'succeeded',
  failed: null,
  cancelled: 'cancelled',
  expired: 'expired',
};

/** The sources the history reads for some filters, when the USDT channel is on. */
function historySources(filters: HistoryFilters): Partial<Record<SourceName, SourceFetch>> {
  const sources: Partial<Record<SourceName, SourceFetch>> = {};
  if (filters.channel !== 'usdt') {
    sources.upi = async (before, signal) => {
      const page = (await authedApi.get<{ data: DepositsPage }>(depositsPagePath({ status: filters.status, channel: null }, before), { signal })).data;
      return { items: page.items.map((order) => ({ kind: 'upi' as const, order })), nextCursor: page.nextCursor };
    };
  }
  const usdtStatus = filters.status === null ? null : USDT_STATUS_FOR[filters.status];
  if (filters.channel !== 'upi' && (filters.status === null || usdtStatus !== null)) {
    sources.usdt = async (before, signal) => {
      const page = await getUsdtDepositsPage({ status: usdtStatus, before, limit: HISTORY_PAGE_SIZE }, signal);
      return { items: page.items.map((order) => ({ kind: 'usdt' as const, order })), nextCursor: page.nextCursor };
    };
  }
  return sources;
}

/** UPI and USDT orders for some filters, newest first, as one paged resource. */
export function mergedHistoryResource(filters: HistoryFilters): InfiniteSpec<MergedPage> {
  const sources = historySources(filters);
  return {
    key: `${DEPOSITS_KEY}:history-all:${filtersToSearch(filters).toString()}`,
    staleMs: 0,
    fetchPage: (cursor, signal) => fetchMergedPage(cursor, sources, signal),
    nextCursor: (page) => page.nextCursor,
  };
}

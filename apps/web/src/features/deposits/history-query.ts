import type { DepositChannel, DepositStatus } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { DEPOSIT_CHANNEL_LIST, DEPOSIT_STATUS_LIST } from './deposit-status';

/** Filters of the recharge history, as kept in the page address (?status=&channel=). */
export interface HistoryFilters {
  status: DepositStatus | null;
  channel: DepositChannel | null;
}

/** Orders per history page (the server allows 1..50). */
export const HISTORY_PAGE_SIZE = 20;

/** Reads the filters from the page address, ignoring values the server would refuse. */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const status = search.get('status');
  const channel = search.get('channel');
  return {
    status: DEPOSIT_STATUS_LIST.find((s) => s === status) ?? null,
    channel: DEPOSIT_CHANNEL_LIST.find((c) => c === channel) ?? null,
  };
}

/** The page address for some filters; "all" leaves a parameter out. */
export function filtersToSearch(filters: HistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.channel) search.set('channel', filters.channel);
  return search;
}

/** The get-deposits call for one history page (contract: DepositsQuery). */
export function depositsPagePath(filters: HistoryFilters, before: string | null, limit = HISTORY_PAGE_SIZE): string {
  const search = filtersToSearch(filters);
  search.set('limit', String(limit));
  if (before) search.set('before', before);
  return `${API_PATHS.get_deposits}?${search.toString()}`;
}

/** The get-deposits call that reads one order. */
export function depositPath(orderId: string): string {
  return `${API_PATHS.get_deposits}?${new URLSearchParams({ id: orderId, limit: '1' }).toString()}`;
}

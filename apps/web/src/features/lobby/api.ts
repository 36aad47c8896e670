import type { Category, CategoryKey, GamesPage, GameTile, LaunchTicket, Vendor, VendorType } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from '../../lib/api-client';
import type { InfiniteSpec } from '../../lib/infinite-resource';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/**
 * The lobby's reads (categories, vendors, game tiles) and the launch ticket. The catalog is
 * public and changes only with a deploy, so its entries stay fresh for five minutes.
 */

const CATALOG_STALE_MS = 5 * 60_000;
/** The largest page the API serves; a category has at most 36 tiles, so one page holds it. */
const CATEGORY_PAGE_LIMIT = 100;
/** A vendor's list on All online games is read in pages of this many tiles. */
export const VENDOR_PAGE_LIMIT = 12;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return search.toString();
}

export const categoriesResource: ResourceSpec<Category[]> = {
  key: 'games:categories',
  staleMs: CATALOG_STALE_MS,
  fetch: async (signal) => (await api.get<{ data: Category[] }>(API_PATHS.game_categories, { signal })).data,
};

export function vendorsResource(type: VendorType): ResourceSpec<Vendor[]> {
  return {
    key: `games:vendors:${type}`,
    staleMs: CATALOG_STALE_MS,
    fetch: async (signal) => (await api.get<{ data: Vendor[] }>(`${API_PATHS.game_vendors}?${query({ type })}`, { signal })).data,
  };
}

/** Every tile of one category, in its order (a category fits in one page). */
export function categoryGamesResource(category: CategoryKey): ResourceSpec<GameTile[]> {
  return {
    key: `games:category:${category}`,
    staleMs: CATALOG_STALE_MS,
    fetch: async (signal) => {
      const path = `${API_PATHS.games}?${query({ category, limit: CATEGORY_PAGE_LIMIT })}`;
      return (await api.get<{ data: GamesPage }>(path, { signal })).data.items;
    },
  };
}

/** One vendor's whole list, paged by offset (the cursor is the next offset). */
export function vendorGamesSpec(vendor: string): InfiniteSpec<GamesPage> {
  return {
    key: `games:vendor:${vendor}`,
    staleMs: CATALOG_STALE_MS,
    fetchPage: async (cursor, signal) => {
      const path = `${API_PATHS.games}?${query({ vendor, limit: VENDOR_PAGE_LIMIT, offset: cursor ?? 0 })}`;
      return (await api.get<{ data: GamesPage }>(path, { signal })).data;
    },
    nextCursor: (page) => (page.nextOffset === null ? null : String(page.nextOffset)),
  };
}

/** Mints the single-use launch ticket that rides in the launch address as `token`. */
export async function mintLaunchTicket(gameId: string): Promise<LaunchTicket> {
  return (await authedApi.post<{ data: LaunchTicket }>(API_PATHS.game_launch_ticket, { gameId })).data;
}

import type { Category, GameTile, Vendor } from '@colorplay/contract';
import catalog from '../../../../catalog/games.json';
import { stubApi, type RecordedCall } from './fake-api';

/**
 * Test helper (imported only by tests): the games API answered from the checked-in catalog
 * (`catalog/games.json`, the file the server seeds from), so the web tests count what the spec
 * counts against the real data, mapped to the contract's shapes as the server maps them.
 */

type CatalogGame = (typeof catalog.games)[number];
const gamesById = new Map(catalog.games.map((g) => [g.id, g]));

function toTile(g: CatalogGame, categoryKey: string | null): GameTile {
  const launchable = g.kind === 'game' && g.clickable && g.gameUid !== '' && g.engine !== null;
  return {
    id: g.id,
    kind: g.kind as GameTile['kind'],
    title: g.title,
    image: g.image,
    vendorCode: g.vendorCode,
    gameUid: launchable ? g.gameUid : '',
    rtpPercent: g.kind === 'game' && g.rtpBasisPoints !== null ? g.rtpBasisPoints / 100 : null,
    odds: categoryKey === 'popular' && g.rtpBasisPoints !== null ? `${(g.rtpBasisPoints / 100).toFixed(2)}%` : null,
    clickable: g.clickable,
    launchable,
    description: g.description,
    href: g.href,
  };
}

export const CATEGORIES: Category[] = catalog.categories.map((c) => ({
  key: c.key as Category['key'],
  title: c.title,
  image: c.image,
  tab: c.tab,
  heading: c.heading,
  tileCount: c.tiles.length,
  sections: c.sections.map((code) => {
    const v = catalog.vendors.find((x) => x.code === code)!;
    return { vendorCode: v.code, title: v.title, allGames: { type: v.type as 'casino' | 'slot', tab: v.tab! } };
  }),
}));

export const VENDORS: Vendor[] = catalog.vendors.map((v) => ({
  code: v.code,
  title: v.title,
  image: v.image,
  type: v.type as Vendor['type'],
  tab: v.tab,
  walletMode: v.walletMode as Vendor['walletMode'],
  gameCount: catalog.games.filter((g) => g.vendorCode === v.code).length,
}));

/** The tiles of a category in its order. */
export function categoryTiles(key: string): GameTile[] {
  const category = catalog.categories.find((c) => c.key === key);
  return (category?.tiles ?? []).map((id) => toTile(gamesById.get(id)!, key));
}

function gamesPage(call: RecordedCall) {
  const q = call.url.searchParams;
  const category = q.get('category');
  const vendor = q.get('vendor');
  const limit = Number(q.get('limit') ?? 30);
  const offset = Number(q.get('offset') ?? 0);
  let tiles = category ? categoryTiles(category) : catalog.games.map((g) => toTile(g, null));
  if (vendor) tiles = tiles.filter((tile) => tile.vendorCode === vendor);
  const items = tiles.slice(offset, offset + limit);
  const next = offset + items.length;
  return { data: { items, total: tiles.length, nextOffset: next < tiles.length ? next : null } };
}

export const LAUNCH_TICKET = 'tkt_test_ticket_0123456789';

/** The games endpoints, the runtime config and the launch ticket; `extra` adds or overrides handlers. */
export function stubGamesApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/games/categories': () => ({ body: { data: CATEGORIES } }),
    'GET /api/games/vendors': (call) => {
      const type = call.url.searchParams.get('type');
      return { body: { data: VENDORS.filter((v) => (type ? v.type === type : true)) } };
    },
    'GET /api/games': (call) => ({ body: gamesPage(call) }),
    'GET /api/config': () => ({ body: { data: { demo: false, sandbox: { sms: false, upi: false, demoVendor: false }, open_game_url: '/api/games/open-game-url' } } }),
    'POST /api/refresh-token': () => ({ body: { data: { token: 'refreshed-access-token' } } }),
    'POST /api/games/launch-ticket': () => ({
      body: { data: { ticket: LAUNCH_TICKET, expiresAt: new Date(Date.now() + 60_000).toISOString() } },
    }),
    ...extra,
  });
}

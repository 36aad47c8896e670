import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { truncateAll } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { catalog, launch, launchableGame } from '../../../test/helpers/games';

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');
const clock = fakeClock(new Date('2026-07-01T10:00:00Z'));
let t: TestApp;
let player: PlayerClient;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.31');
  expect((await player.register('9833333333')).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const tiles = async (query: string) => {
  const res = await get(`/api/games?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: Array<Record<string, unknown>>; total: number; nextOffset: number | null };
};

describe('catalog', () => {
  it('has the spec\'s categories, counts and sections', async () => {
    const res = await get('/api/games/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json().data as Array<{ key: string; tab: number; tileCount: number; heading: boolean; sections: Array<{ vendorCode: string; allGames: { type: string; tab: number } }> }>;
    expect(categories.map((c) => [c.key, c.tab, c.tileCount, c.heading])).toEqual([
      ['popular', 0, 18, true],
      ['lottery', 1, 4, true],
      ['casino', 2, 12, false],
      ['slots', 3, 36, false],
      ['sport', 4, 5, false],
      ['rummy', 5, 2, false],
      ['fishing', 6, 19, false],
      ['original', 7, 18, false],
    ]);
    const sections = (key: string) => categories.find((c) => c.key === key)!.sections.map((s) => `${s.vendorCode}:${s.allGames.type}:${s.allGames.tab}`);
    expect(sections('casino')).toEqual(['EVO_Video:casino:0', 'MG_Video:casino:3']);
    expect(sections('slots')).toEqual(['JILI:slot:0', 'PG:slot:1', 'JDB:slot:2', 'AG_Electronic:slot:5', 'EVO_Electronic:slot:6', 'MG_Fish:slot:8']);
    for (const s of categories.find((c) => c.key === 'slots')!.sections) {
      expect((await tiles(`category=slots&vendor=${s.vendorCode}`)).total).toBe(6);
    }
  });

  it('names every tile once per category, labels crash games honestly and draws distinct art (issue 22)', async () => {
    const res = await get('/api/games/categories');
    const keys = (res.json().data as Array<{ key: string }>).map((c) => c.key);
    for (const key of keys) {
      const page = await tiles(`category=${key}&limit=100`);
      const titles = page.items.map((tile) => tile.title as string);
      expect(new Set(titles).size, `${key}: ${titles.join(', ')}`).toBe(titles.length);
    }
    const vendorEngine = new Map(catalog.games.filter((g) => g.vendorCode).map((g) => [g.id, g.engine]));
    for (const tile of (await tiles('category=casino&limit=100')).items) {
      // The "video" casino vendors serve crash games, not a live dealer: the tile says so.
      expect(vendorEngine.get(tile.id as string)).toBe('crash');
      expect(tile.description).toBe('Crash game');
    }
    // Our own vector art, one file per tile, no two alike, no text drawn in (the name is beside it).
    const svgs = catalog.games.map((g) => readFileSync(path.join(WEB_PUBLIC, g.image), 'utf8'));
    expect(new Set(svgs).size).toBe(svgs.length);
    for (const svg of svgs) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toContain('<text');
      expect(svg).not.toMatch(/href=|<image|<script/);
    }
  });

  it('popular tiles show their configured RTP as odds, 96 to 98 percent', async () => {
    const page = await tiles('category=popular&limit=100');
    expect(page.items).toHaveLength(18);
    for (const tile of page.items) {
      const rtp = tile.rtpPercent as number;
      expect(rtp).toBeGreaterThanOrEqual(96);
      expect(rtp).toBeLessThanOrEqual(98);
      expect(tile.odds).toBe(`${rtp.toFixed(2)}%`);
      const inFile = catalog.games.find((g) => g.id === tile.id)!;
      expect(inFile.rtpBasisPoints).toBe(Math.round(rtp * 100));
      expect(tile.launchable).toBe(true);
    }
  });

  it('lottery cards, vendor tiles, fishing and the maintenance tile', async () => {
    const lottery = (await tiles('category=lottery')).items;
    expect(lottery.map((c) => [c.title, c.description, c.href])).toEqual([
      ['Win Go', 'Guess Number\nGreen/Red/Violet to win', '/home/AllLotteryGames/Wingo'],
      // K3, 5D and Trx Win open their screens (decisions 345, 355).
      ['K3', 'Guess Number\nBig/Small/Odd/Even', '/home/AllLotteryGames/K3'],
      ['5D', 'Guess Number\nBig/Small/Odd/Even', '/home/AllLotteryGames/5D'],
      ['Trx Win', 'Guess Number\nGreen/Red/Violet to win', '/home/AllLotteryGames/TrxWin'],
    ]);
    expect((await tiles('category=sport')).items.map((c) => [c.title, c.kind, c.clickable])).toEqual(
      ['Cricket', 'CMD', 'Saba', 'IM', 'AG'].map((n) => [n, 'vendor', false]),
    );
    expect((await tiles('category=rummy')).items.map((c) => c.title)).toEqual(['365 Rummy', 'V8 Poker']);
    const fishing = (await tiles('category=fishing&limit=100')).items;
    // MG Fish's playable fish games first, then the ones not playable yet (decision 477).
    expect(fishing.map((f) => f.launchable)).toEqual([...Array<boolean>(12).fill(true), ...Array<boolean>(7).fill(false)]);
    expect(fishing.slice(0, 12).every((f) => f.vendorCode === 'MG_Fish' && f.clickable)).toBe(true);
    expect(fishing.slice(12).every((f) => f.clickable === false)).toBe(true);
    const original = (await tiles('category=original&limit=100')).items;
    expect(original.every((o) => o.launchable === true)).toBe(true);
    const ag = (await tiles('category=slots&vendor=AG_Electronic')).items;
    expect(ag.filter((g) => g.gameUid === '').length).toBe(1);
    expect(ag.filter((g) => g.gameUid === '')[0]!.launchable).toBe(false);
  });

  it('pages a vendor\'s whole list', async () => {
    const first = await tiles('vendor=JILI&limit=10');
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(10);
    expect(first.nextOffset).toBe(10);
    const last = await tiles('vendor=JILI&limit=10&offset=20');
    expect(last.nextOffset).toBeNull();
    expect(new Set([...first.items, ...last.items].map((g) => g.id)).size).toBe(20);
    const vendors = (await get('/api/games/vendors?type=slot')).json().data as Array<{ code: string; tab: number; gameCount: number }>;
    expect(vendors.map((v) => v.tab)).toEqual([0, 1, 2, 5, 6, 8]);
    expect(vendors.every((v) => v.gameCount > 6)).toBe(true);
  });

  it('is cacheable: ETag, Cache-Control and 304 on If-None-Match', async () => {
    const first = await get('/api/games?category=casino');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toContain('max-age=');
    const again = await get('/api/games?category=casino', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await get('/api/games?category=casino', { 'if-none-match': `W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const other = await get('/api/games?category=slots', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const cats = await get('/api/games/categories');
    expect((await get('/api/games/categories', { 'if-none-match': cats.headers.etag as string })).statusCode).toBe(304);
  });

  it('seeds once: a second seed changes nothing; after truncation it seeds again', async () => {
    expect(await t.app.games.seed()).toBe(false);
    await truncateAll(t.db);
    expect(await t.app.games.seed()).toBe(true);
    expect((await tiles('category=popular')).total).toBe(18);
    // The player is gone with the truncation; register again for the launch tests.
    player = new PlayerClient(t.app, '203.0.113.31');
    expect((await player.register('9833333333')).statusCode).toBe(200);
  });

  it('runtime config carries open_game_url beside its other fields', async () => {
    const data = (await get('/api/config')).json().data;
    expect(data.open_game_url).toBe('/api/games/open-game-url');
    expect(data).toHaveProperty('demo');
    expect(data.sandbox).toHaveProperty('sms');
  });
});

describe('launch', () => {
  const game = launchableGame('JILI');

  it('needs a login and a launchable game', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/games/launch-ticket', payload: { gameId: game.gameUid } });
    expect(anon.statusCode).toBe(401);
    const unknown = await player.call('POST', '/api/games/launch-ticket', { gameId: 'f'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GAME_NOT_FOUND');
    const empty = await player.call('POST', '/api/games/launch-ticket', { gameId: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('a ticket opens the game once: 302 to the vendor, then a clear page on reuse', async () => {
    const { ticket, opened } = await launch(t.app, player, game.gameUid);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3003/play');
    expect(target.searchParams.get('game')).toBe(game.gameUid);
    expect(target.searchParams.get('session')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(target.searchParams.get('session')).not.toBe(ticket);
    // Only the ticket's hash is kept.
    const stored = await t.db.query('SELECT ticket_hash FROM game_launch_tickets');
    expect(JSON.stringify(stored.rows)).not.toContain(ticket);

    const reused = await get(`/api/games/open-game-url?token=${ticket}&game_id=${game.gameUid}`, { accept: 'text/html' });
    expect(reused.statusCode).toBe(401);
    expect(reused.headers['content-type']).toContain('text/html');
    expect(reused.body).toContain('already used');
    expect(reused.headers.location).toBeUndefined();
  });

  it('an expired ticket gets a page, not a game', async () => {
    const minted = await player.call('POST', '/api/games/launch-ticket', { gameId: game.gameUid });
    const { ticket, expiresAt } = minted.json().data;
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(60_000);
    clock.advance(60_001);
    const res = await get(`/api/games/open-game-url?token=${ticket}&game_id=${game.gameUid}`, { accept: 'text/html' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('expired');
  });

  it('an unknown ticket, another game, an unknown game: clear pages; JSON for API clients', async () => {
    const unknown = await get(`/api/games/open-game-url?token=nope&game_id=${game.gameUid}`, { accept: 'text/html' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('not valid');
    const minted = (await player.call('POST', '/api/games/launch-ticket', { gameId: game.gameUid })).json().data.ticket;
    const notFound = await get(`/api/games/open-game-url?token=${minted}&game_id=${'0'.repeat(32)}`, { accept: 'text/html' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Game not found');
    // The typo did not burn the ticket, but using it for another game does.
    const other = launchableGame('PG');
    const wrong = await get(`/api/games/open-game-url?token=${minted}&game_id=${other.gameUid}`, { accept: 'text/html' });
    expect(wrong.statusCode).toBe(401);
    expect((await get(`/api/games/open-game-url?token=${minted}&game_id=${game.gameUid}`, { accept: 'text/html' })).statusCode).toBe(401);
    const json = await get(`/api/games/open-game-url?token=nope&game_id=${game.gameUid}`);
    expect(json.statusCode).toBe(401);
    expect(json.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('with the demo vendor off', () => {
  it('games cannot launch and the vendor wallet routes do not exist', async () => {
    const off = await buildTestApp({ env: { DEMO_VENDOR: '0' } });
    try {
      const popular = (await off.app.inject({ method: 'GET', url: '/api/games?category=popular' })).json().data.items;
      expect(popular.every((g: { launchable: boolean; gameUid: string }) => !g.launchable && g.gameUid === '')).toBe(true);
      const c = new PlayerClient(off.app, '203.0.113.32');
      expect((await c.register('9844444444')).statusCode).toBe(200);
      const minted = await c.call('POST', '/api/games/launch-ticket', { gameId: launchableGame('JILI').gameUid });
      expect(minted.statusCode).toBe(409);
      expect(minted.json().error.code).toBe('GAME_UNDER_MAINTENANCE');
      const wallet = await off.app.inject({ method: 'POST', url: '/api/vendor-wallet/demo/balance', payload: {} });
      expect(wallet.statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
  });
});

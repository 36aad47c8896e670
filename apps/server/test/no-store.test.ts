import { API_PATHS, LAZY_API_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';
import { registeredRoutes } from './helpers/routes';

/**
 * Decision 403: no answer carrying a player's data may be stored by a browser or proxy. Before,
 * only a few routes (safety, the launch address, the console) sent `Cache-Control: no-store`;
 * the balance, the user info, the wallet and the bets did not.
 */

let t: TestApp;
let player: PlayerClient;
beforeAll(async () => {
  t = await buildTestApp();
  player = new PlayerClient(t.app, '203.0.113.81');
  expect((await player.register('9877700001')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.app.close();
});

/** The public catalog reads choose their own short caching (an ETag over a deploy's file). */
const PUBLIC_CACHEABLE = new Set<string>([API_PATHS.game_categories, API_PATHS.game_vendors, API_PATHS.games]);
/** WebSocket upgrades, not answers. */
const SOCKETS = new Set<string>([API_PATHS.wingo_live, LAZY_API_PATHS.lottery_live]);

describe('Cache-Control: no-store', () => {
  it('is on the signed-in answers of the finding (balance, user info, wallet, my bets, withdrawal info)', async () => {
    for (const path of [API_PATHS.get_balance, API_PATHS.get_user_info, API_PATHS.get_wallet, API_PATHS.wingo_my_bets, LAZY_API_PATHS.lottery_all_my_bets, API_PATHS.withdraw_info]) {
      const res = await player.call('GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('is on the refusal of a guarded route without a session, and on the login answer (it carries tokens)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: API_PATHS.get_balance });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const login = await new PlayerClient(t.app, '203.0.113.82').login('9877700001');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('is on every registered GET under /api/ a signed-in player calls, except the public catalog', async () => {
    const gets = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.startsWith('GET /api/'))
      .map((r) => r.slice(4))
      .filter((path) => !PUBLIC_CACHEABLE.has(path) && !SOCKETS.has(path));
    expect(gets.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const path of new Set(gets)) {
      // inject, not the client: some answers are HTML pages (the sandboxes', the docs').
      const res = await t.app.inject({ method: 'GET', url: path.replace(/:[A-Za-z_]+/g, 'wingo'), headers: { authorization: `Bearer ${player.token}` }, remoteAddress: player.address });
      if (res.headers['cache-control'] !== 'no-store') missing.push(`${path} (${res.statusCode}: ${String(res.headers['cache-control'])})`);
    }
    expect(missing).toEqual([]);
  });
});

import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVendorServer } from '../../demo-vendor/src/server';
import { loadVendorGames } from '../../demo-vendor/src/games';
import { createWalletClient } from '../../demo-vendor/src/wallet-client';
import { launch, launchableGame } from './helpers/games';
import { fund, playerIdOf } from './helpers/players';
import { accountCodes, checkInvariants, getAccount } from '../src/modules/ledger';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';

/**
 * The demo vendor against the real server over real HTTP, through a proxy the test can cut: the
 * "network" between vendor and operator. A bet whose answer is lost is retried with the same
 * transaction id; when the operator stays away, the bet is rolled back once it is back.
 */
const SECRET = 'test-demo-vendor-secret-0123456789abcdef';
type Mode = 'pass' | 'drop-answer' | 'down';
/** What the next connections get, one entry each; `fallback` after that. */
let plan: Mode[] = [];
let fallback: Mode = 'pass';
const sockets = new Set<net.Socket>();
let t: TestApp;
let proxy: net.Server;
let proxyPort: number;
let player: PlayerClient;
let playerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (t.app.server.address() as net.AddressInfo).port;
  proxy = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const mode = plan.shift() ?? fallback;
    if (mode === 'down') return client.destroy();
    const upstream = net.connect(apiPort, '127.0.0.1');
    client.pipe(upstream);
    if (mode === 'drop-answer') {
      // The operator gets the call and answers, but the answer never reaches the vendor.
      upstream.once('data', () => {
        client.destroy();
        upstream.destroy();
      });
    } else upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyPort = (proxy.address() as net.AddressInfo).port;
  player = new PlayerClient(t.app, '203.0.113.51');
  expect((await player.register('9877777777')).statusCode).toBe(200);
  playerId = await playerIdOf(t.db, '9877777777');
  await fund(t.db, playerId, 100_00);
});
afterEach(async () => {
  plan = [];
  fallback = 'pass';
  // fetch keeps connections alive: cut them so the next test's plan applies from its first call.
  for (const socket of sockets) socket.destroy();
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => proxy.close(r));
  await t.app.close();
});

const main = async () => (await getAccount(t.db, accountCodes.playerMain(playerId)))!.balanceMinor;
const client = () => createWalletClient({ apiUrl: `http://127.0.0.1:${proxyPort}`, secret: SECRET, attempts: 3, retryDelayMs: 10, timeoutMs: 2000 });

describe('demo vendor against the operator', () => {
  it('a lost answer is retried with the same transaction id: the bet is taken exactly once', async () => {
    const { sessionToken } = await launch(t.app, player, launchableGame('JILI').gameUid);
    const wallet = client();
    const before = await main();
    // The first attempt reaches the operator but its answer is lost; the retry gets through.
    plan = ['drop-answer'];
    const answer = await wallet.debit({ sessionToken, txId: 'bet-lost-answer-1', roundId: 'round-1', amountMinor: 500 });
    expect(answer).not.toBe('in_doubt');
    expect(answer).toMatchObject({ status: 'ok', balanceMinor: before - 500 });
    expect(await main()).toBe(before - 500);
    const transfers = await t.db.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = 'vw:demo:bet-lost-answer-1'`);
    expect(transfers.rows[0]).toEqual({ n: 1 });
    wallet.close();
  });

  it('the operator gone mid-bet: the bet is rolled back when it returns, never lost', async () => {
    const { sessionToken } = await launch(t.app, player, launchableGame('PG').gameUid);
    const wallet = client();
    const before = await main();
    // The debit lands but its answer is lost, then the operator is unreachable for every retry
    // and for the rollback.
    plan = ['drop-answer'];
    fallback = 'down';
    expect(await wallet.debit({ sessionToken, txId: 'bet-in-doubt-1', roundId: 'round-2', amountMinor: 700 })).toBe('in_doubt');
    // The debit did land: the money is gone until the rollback arrives.
    expect(await main()).toBe(before - 700);
    expect(wallet.pendingCalls()).toBe(1);
    fallback = 'pass';
    await wallet.deliverPending();
    expect(wallet.pendingCalls()).toBe(0);
    expect(await main()).toBe(before);
    wallet.close();
  });

  it('a round through the vendor page endpoint: insufficient funds shows the balance; a spin moves it', async () => {
    const game = launchableGame('JDB');
    const poorPlayer = new PlayerClient(t.app, '203.0.113.52');
    expect((await poorPlayer.register('9888888888')).statusCode).toBe(200);
    const poorId = await playerIdOf(t.db, '9888888888');
    await fund(t.db, poorId, 120);
    const { sessionToken } = await launch(t.app, poorPlayer, game.gameUid);
    const wallet = client();
    const vendor = createVendorServer({ wallet, games: loadVendorGames(), lobbyUrl: 'http://localhost/' });
    await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(vendor.address() as net.AddressInfo).port}`;
    try {
      const pageRes = await fetch(`${base}/play?session=${sessionToken}&game=${game.gameUid}`);
      expect(pageRes.status).toBe(200);
      const html = await pageRes.text();
      expect(html).toContain(`<h1>${game.title}</h1>`);
      expect(pageRes.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(html).not.toMatch(/<script>(?!<\/script>)/);
      const poor = await fetch(`${base}/round`, { method: 'POST', body: JSON.stringify({ session: sessionToken, game: game.gameUid, betMinor: 5000 }) });
      expect(await poor.json()).toMatchObject({ outcome: 'insufficient_funds', balanceMinor: 120 });
      const spinRes = await fetch(`${base}/round`, { method: 'POST', body: JSON.stringify({ session: sessionToken, game: game.gameUid, betMinor: 100 }) });
      const spun = (await spinRes.json()) as { outcome: string; winMinor: number; balanceMinor: number; reels: string[] };
      expect(spun.outcome).toBe('played');
      expect(spun.reels).toHaveLength(3);
      expect(spun.balanceMinor).toBe(120 - 100 + spun.winMinor);
      expect((await getAccount(t.db, accountCodes.playerMain(poorId)))!.balanceMinor).toBe(spun.balanceMinor);
    } finally {
      await new Promise((r) => vendor.close(r));
      wallet.close();
    }
  });
});

/**
 * The cluster test (decision 231): PostgreSQL, redis-server, HAProxy and three app
 * nodes from the production build, all on 127.0.0.1, then the faults of the issue one after the
 * other. Prints one line per check and a JSON summary (failover time, failed requests per
 * fault, counts of what was acknowledged and found exactly once); exits 1 on any failed check.
 *
 * Started by scripts/cluster-test.mjs (`npm run test:cluster`), which builds the bundle first.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, type Db } from '../apps/server/src/db/db';
import { checkInvariants } from '../apps/server/src/modules/ledger';
import {
  call,
  expectOk,
  failures,
  LiveSocket,
  PASSWORD,
  placeBet,
  readSandboxCode,
  recharge,
  registerPlayer,
  retrying,
  roomState,
  setScenario,
  type Player,
} from './client';
import { base, cleanup, freePort, ROOT, killNode, logTail, sleep, startHaproxy, startNode, startPostgres, startRedis, waitFor, type AppNode } from './lib';

// Interrupted (Ctrl-C, CI timeout): every child and the temporary folder go with us.
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/**
 * How long a revoked session may still be accepted by another node (docs/operations.md,
 * "Several nodes"): a node trusts a session it checked for at most SESSION_CACHE_TTL_MS (5 s)
 * when it misses the revocation event; over the Redis bus eviction takes milliseconds.
 */
const REVOCATION_BOUND_MS = Number(process.env.SESSION_REVOCATION_BOUND_MS ?? 5_000);
const ROUND_MS = 30_000;

const checks: Array<{ name: string; ok: boolean; detail?: unknown }> = [];
function check(name: string, ok: boolean, detail?: unknown): void {
  checks.push({ name, ok, ...(ok ? {} : { detail }) });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`);
}
const summary: Record<string, unknown> = {};

async function main() {
  const t0 = Date.now();
  console.log(`[cluster] run folder ${base}`);
  const pg = await startPostgres();
  const redis = await startRedis();
  const nodes: AppNode[] = await Promise.all(['n1', 'n2', 'n3'].map(async (name) => ({ name, port: await freePort(), up: false })));
  const secret = (n: number) => randomBytes(n).toString('hex');
  const metricsToken = secret(20);
  const vendorSecret = secret(20);
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    MIGRATION_DATABASE_URL: pg.ownerUrl,
    // The sandbox beacon (a public demo, allowed with ALLOW_SANDBOX_IN_PRODUCTION): no network here.
    LOTTERY_BEACON: 'sandbox',
    REDIS_URL: redis.url,
    TOKEN_SECRET: secret(24),
    WEBHOOK_SECRET: secret(24),
    LOTTERY_CHAIN_SECRET: secret(24),
    METRICS_TOKEN: metricsToken,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    // A public demo: sandbox SMS and UPI give the test codes and play money. USDT needs a chain.
    ALLOW_SANDBOX_IN_PRODUCTION: 'demo',
    SMS_CHANNEL: 'sandbox',
    UPI_CHANNEL: 'sandbox',
    PAYOUT_CHANNEL: 'sandbox',
    USDT_CHANNEL: 'off',
    DEMO_VENDOR: '1',
    DEMO_VENDOR_SECRET: vendorSecret,
    DEMO_VENDOR_URL: 'http://127.0.0.1:9',
  };
  // The first node migrates alone; the others then start together (they find nothing to do).
  await startNode(nodes[0]!, env);
  await Promise.all(nodes.slice(1).map((n) => startNode(n, env)));
  const lb = await startHaproxy(nodes);
  const wsUrl = `${lb.url.replace('http', 'ws')}/api/lottery/wingo/live`;
  console.log(`[cluster] PostgreSQL, Redis, HAProxy and 3 nodes up in ${Date.now() - t0} ms`);
  const db: Db = await openPostgres(pg.superUrl, 4);
  const nodeUrl = (n: AppNode) => `http://127.0.0.1:${n.port}`;

  async function leaderOf(job: string, among = nodes): Promise<AppNode[]> {
    const leaders: AppNode[] = [];
    for (const n of among.filter((x) => x.up)) {
      const text = await fetch(`${nodeUrl(n)}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) => r.text(), () => '');
      if (new RegExp(`^job_leader\\{job="${job.replace('.', '\\.')}"\\} 1$`, 'm').test(text)) leaders.push(n);
    }
    return leaders;
  }
  async function allReady(): Promise<boolean> {
    const answers = await Promise.all(nodes.filter((n) => n.up).map((n) => fetch(`${nodeUrl(n)}/readyz`).then((r) => r.ok, () => false)));
    return answers.every(Boolean);
  }
  const idOf = async (p: Player) => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM players WHERE phone = $1', [p.phone]);
    p.playerId = rows[0]!.id;
  };
  /** Waits until the 30 s room's current round has at least `minOpenMs` of betting left; returns it. */
  async function openRound(minOpenMs: number) {
    for (;;) {
      const s = await roomState(lb.url);
      const left = s.round.locksAtMs - s.serverTimeMs;
      if (s.round.phase === 'open' && left >= minOpenMs) return s;
      await sleep(Math.max(100, s.round.drawsAtMs - s.serverTimeMs + 200));
    }
  }

  // ---------------------------------------------------------------- players, spread sockets
  setScenario('spread');
  const players: Player[] = [];
  for (let i = 0; i < 9; i++) players.push(await registerPlayer(lb.url));
  await Promise.all(players.map(idOf));
  await Promise.all(players.map((p, i) => recharge(lb.url, p, 500_00, `cluster-first-${i}`)));
  const sockets = players.map((p) => new LiveSocket(wsUrl, p));
  await waitFor('every socket authenticated', () => sockets.every((s) => s.open), 15_000);
  const spread = new Set(sockets.map((s) => s.node));
  check('sockets are spread over the three nodes', spread.size === 3, [...spread]);
  summary.socketsPerNode = Object.fromEntries(nodes.map((n) => [n.name, sockets.filter((s) => s.node === n.name).length]));

  // Same clock on every node: the same period and draw time for the room, server times close.
  await sleep(1_500);
  const clocks = sockets.map((s) => s.lastClock()!);
  const room30 = clocks.map((c) => c.rounds.find((r) => r.roomId === '30s')!);
  const sameRound = room30.every((r) => r.period === room30[0]!.period && r.drawsAtMs === room30[0]!.drawsAtMs);
  // Allow for a round boundary between two clock messages.
  const sameRoundOrNext = sameRound || new Set(room30.map((r) => r.period)).size <= 2;
  check('every socket shows the same round clock whichever node it is on', sameRoundOrNext, room30);
  const serverTimes = clocks.map((c) => c.serverTimeMs);
  check('server times of the nodes agree within 1.5 s', Math.max(...serverTimes) - Math.min(...serverTimes) < 1_500, serverTimes);

  // Everybody bets on one round through the balancer; every socket gets the same result and
  // each player their own settlement, whichever node they bet on and listen on.
  const r1 = await openRound(8_000);
  const betNodes = new Set<string | undefined>();
  await Promise.all(
    players.map(async (p, i) => {
      const a = await placeBet(lb.url, p, r1.round.period, `cluster-r1-${i}`, i % 2 ? 'big' : 'small');
      expectOk(a, 'bet');
      betNodes.add(a.node);
    }),
  );
  check('bets were answered by several nodes', betNodes.size >= 2, [...betNodes]);
  await waitFor(`round ${r1.round.period} result on every socket`, () => sockets.every((s) => s.results(r1.round.period).length > 0 && s.settlements(r1.round.period).length > 0), ROUND_MS + 15_000, 200);
  const digits = new Set(sockets.flatMap((s) => s.results(r1.round.period).map((r) => r.digit)));
  check('every socket got the same result', digits.size === 1, [...digits]);
  const balancesOk = await Promise.all(
    sockets.map(async (s) => {
      const pushed = s.settlements(r1.round.period).at(-1)!.balanceMinor;
      const now = expectOk(await retrying(() => call(lb.url, 'GET', '/api/wallet/balance', undefined, s.player.token)), 'balance').balanceMinor;
      return pushed === now;
    }),
  );
  check('each socket got its own player\'s settlement with the balance the API shows', balancesOk.every(Boolean), balancesOk);

  // ---------------------------------------------------------------- kill -9 the round leader in the lock window
  setScenario('leaderKill');
  const r2 = await openRound(8_000);
  await Promise.all(players.map(async (p, i) => expectOk(await placeBet(lb.url, p, r2.round.period, `cluster-r2-${i}`, 'green'), 'bet r2')));
  // The round's lock and draw times on this machine's clock.
  const lockedAt = r2.round.locksAtMs - r2.serverTimeMs + Date.now();
  const drawsAt = lockedAt + (r2.round.drawsAtMs - r2.round.locksAtMs);
  await sleep(Math.max(0, lockedAt - Date.now() + 1_000));
  const [leader] = await leaderOf('lottery.rounds');
  if (!leader) throw new Error('no node leads lottery.rounds');
  const leaderSockets = sockets.filter((s) => s.node === leader.name);
  const killedAt = Date.now();
  await killNode(leader);
  const failoverMs = await waitFor('another node to lead lottery.rounds', async () => (await leaderOf('lottery.rounds')).length === 1, 20_000, 50);
  const [newLeader] = await leaderOf('lottery.rounds');
  summary.leaderKill = { killed: leader.name, newLeader: newLeader?.name, failoverMs, msBeforeDrawWhenKilled: drawsAt - killedAt };
  check(`another node takes the round leader over (${failoverMs} ms)`, newLeader !== undefined && newLeader.name !== leader.name, newLeader?.name);
  await waitFor(`round ${r2.round.period} settled`, async () => {
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM lottery_rounds WHERE game = 'wingo' AND period = $1`, [r2.round.period]);
    return rows[0]?.status === 'settled' || rows[0]?.status === 'voided';
  }, ROUND_MS + 15_000, 200);
  const { rows: r2rows } = await db.query<{ status: string; late_ms: number }>(
    `SELECT status, (extract(epoch FROM drawn_at - draws_at) * 1000)::int AS late_ms FROM lottery_rounds WHERE game = 'wingo' AND period = $1`,
    [r2.round.period],
  );
  summary.leaderKill = { ...(summary.leaderKill as object), drawLateMs: r2rows[0]!.late_ms };
  check(`the round of the kill is drawn and settled within one round (${r2rows[0]!.late_ms} ms after its draw time)`, r2rows[0]!.status === 'settled' && r2rows[0]!.late_ms < ROUND_MS, r2rows[0]);
  await waitFor('the killed node\'s sockets reconnected elsewhere', () => leaderSockets.every((s) => s.open && s.node !== leader.name), 15_000, 100);
  const reconnectMs = Math.max(0, ...leaderSockets.map((s) => (s.opens.at(-1)?.at ?? killedAt) - killedAt));
  summary.leaderKill = { ...(summary.leaderKill as object), socketsMoved: leaderSockets.length, reconnectMs };
  check(`sockets on the killed node reconnected to another node (${leaderSockets.length} sockets, ${reconnectMs} ms)`, leaderSockets.length > 0);
  // Resynchronised: each client has the kill round's result, pushed on its socket or read over
  // HTTP after the reconnect (what the web app does), and its own bets settled.
  const { rows: drawn2 } = await db.query<{ digit: number }>(`SELECT digit FROM lottery_rounds WHERE game = 'wingo' AND period = $1`, [r2.round.period]);
  const history = expectOk(await retrying(() => call(lb.url, 'GET', '/api/lottery/wingo/history?room=30s&limit=5')), 'history').items as Array<{ period: string; digit: number }>;
  const httpDigit = history.find((h) => h.period === r2.round.period)?.digit;
  const pushedDigits = sockets.flatMap((s) => s.results(r2.round.period).map((r) => r.digit));
  summary.leaderKill = { ...(summary.leaderKill as object), socketsWithPushedResult: sockets.filter((s) => s.results(r2.round.period).length > 0).length };
  check('the kill round\'s result is the same pushed and over HTTP', httpDigit === drawn2[0]!.digit && pushedDigits.every((d) => d === drawn2[0]!.digit), { httpDigit, pushedDigits });
  const settledBets = await Promise.all(
    players.map(async (p) => {
      const page = expectOk(await retrying(() => call(lb.url, 'GET', '/api/lottery/wingo/my-bets?room=30s&limit=5', undefined, p.token)), 'my bets').items as Array<{ period: string; status: string }>;
      return page.find((b) => b.period === r2.round.period)?.status;
    }),
  );
  check('every bet of the kill round is settled', settledBets.every((st) => st !== undefined && st !== 'pending'), settledBets);
  await sleep(1_200);
  const clockAfter = sockets.map((s) => s.lastClock()!.rounds.find((r) => r.roomId === '30s')!.period);
  check('reconnected sockets show the same clock as the others', new Set(clockAfter).size <= 2, clockAfter);
  await startNode(leader, env);
  await waitFor('the restarted node back in the balancer', async () => (await call(lb.url, 'GET', '/healthz')).status === 200, 10_000);

  // ---------------------------------------------------------------- kill -9 a node during a burst of money requests
  setScenario('burstKill');
  const r3 = await openRound(15_000);
  type Ack = { player: Player; key: string; kind: 'bet' | 'recharge'; id: string };
  const acks: Ack[] = [];
  let stopBurst = false;
  const burst = players.map(async (p, i) => {
    for (let k = 0; !stopBurst && k < 12; k++) {
      const key = `cluster-burst-${i}-${k}`;
      if (k % 3 === 2) {
        acks.push({ player: p, key, kind: 'recharge', id: await recharge(lb.url, p, 100_00, key) });
      } else {
        const a = await placeBet(lb.url, p, r3.round.period, key, 'small', 100);
        acks.push({ player: p, key, kind: 'bet', id: String((expectOk(a, 'burst bet').bet as { id: string }).id) });
      }
    }
  });
  // Killed once the burst is well under way, so requests are in flight on it.
  const burstStarted = Date.now();
  await waitFor('the burst under way', () => acks.length >= 20, 20_000, 5);
  const victim = nodes.find((n) => n.up && n !== newLeader) ?? nodes[2]!;
  const acksBeforeKill = acks.length;
  await killNode(victim);
  await Promise.all(burst);
  stopBurst = true;
  summary.burstKill = { killed: victim.name, burstMs: Date.now() - burstStarted, acknowledgedBeforeKill: acksBeforeKill, acknowledgedAfterKill: acks.length - acksBeforeKill };
  await verifyMoney('burst', acks);
  await startNode(victim, env);

  // ---------------------------------------------------------------- PostgreSQL restarts under load
  setScenario('postgresRestart');
  const loadAcks: Ack[] = [];
  let stopLoad = false;
  let seq = 0;
  const loadWorkers = players.slice(0, 6).map(async (p, i) => {
    while (!stopLoad) {
      const key = `cluster-pg-${i}-${seq++}`;
      if (seq % 4 === 0) {
        loadAcks.push({ player: p, key, kind: 'recharge', id: await recharge(lb.url, p, 100_00, key) });
      } else {
        const s = await roomState(lb.url);
        if (s.round.phase !== 'open' || s.round.locksAtMs - s.serverTimeMs < 2_000) {
          await sleep(300);
          continue;
        }
        const a = await placeBet(lb.url, p, s.round.period, key, 'big', 100);
        if (a.status === 200) loadAcks.push({ player: p, key, kind: 'bet', id: String((a.body.data!.bet as { id: string }).id) });
        else if (!['ROUND_LOCKED', 'ROUND_CLOSED'].includes(a.body.error?.code ?? '')) throw new Error(`load bet: ${a.status} ${JSON.stringify(a.body)}`);
      }
      await sleep(50);
    }
  });
  const pgFigures: Record<string, unknown> = {};
  for (const mode of ['fast', 'immediate'] as const) {
    await sleep(1_500);
    const before = { ...failures.postgresRestart };
    const stoppedAt = Date.now();
    pg.stop(mode);
    await sleep(1_500);
    pg.start();
    const startedAt = Date.now();
    const recoveredMs = await waitFor(`every node ready after the ${mode} restart`, allReady, 30_000, 100);
    // A request through the balancer succeeds on the first try again.
    const firstOk = await waitFor('a request through the balancer succeeds', async () => (await call(lb.url, 'GET', '/api/wallet/balance', undefined, players[0]!.token)).status === 200, 30_000, 100);
    const after = failures.postgresRestart ?? {};
    pgFigures[mode] = {
      downMs: startedAt - stoppedAt,
      nodesReadyMsAfterStart: recoveredMs,
      firstRequestOkMsAfterReady: firstOk,
      failedAttempts: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => (v as number) > 0)),
    };
    check(`every node reconnected by itself after PostgreSQL's ${mode} restart (${recoveredMs} ms after start)`, true);
  }
  await sleep(1_500);
  stopLoad = true;
  await Promise.all(loadWorkers);
  summary.postgresRestart = pgFigures;
  const pgFailures = failures.postgresRestart ?? {};
  check(
    'requests cut by the PostgreSQL restarts failed with 503 SERVICE_UNAVAILABLE (or the balancer\'s 503 while no node was ready), never 500',
    !pgFailures['500'] && !Object.keys(pgFailures).some((k) => k.startsWith('503:') && k !== '503:balancer'),
    pgFailures,
  );
  await verifyMoney('postgresRestart', loadAcks);

  // ---------------------------------------------------------------- Redis stopped and restarted
  setScenario('redisRestart');
  const redisDownAt = Date.now();
  await redis.stop();
  // Sockets fall back: a node without its bus closes its sockets (1013) rather than leave them
  // silent on results; clients poll HTTP meanwhile and reconnect later.
  await waitFor('every socket closed by its node while Redis is down', () => sockets.every((s) => s.closes.some((c) => c.at >= redisDownAt)), 15_000, 100);
  check('sockets are told to fall back while Redis is down', sockets.every((s) => s.closes.some((c) => c.at >= redisDownAt && c.code === 1013)), sockets.map((s) => s.closes.at(-1)));
  const redisAcks: Ack[] = [];
  const rr = await openRound(8_000);
  for (const [i, p] of players.slice(0, 3).entries()) {
    const key = `cluster-redis-${i}`;
    const a = await placeBet(lb.url, p, rr.round.period, key, 'big', 100);
    redisAcks.push({ player: p, key, kind: 'bet', id: String((expectOk(a, 'bet without Redis').bet as { id: string }).id) });
    redisAcks.push({ player: p, key: `${key}-r`, kind: 'recharge', id: await recharge(lb.url, p, 100_00, `${key}-r`) });
  }
  check('bets and recharges work while Redis is down (no money path depends on it)', redisAcks.length === 6);
  await redis.start();
  const redisUpAt = Date.now();
  const socketsBackMs = await waitFor('every socket open again after Redis is back', () => sockets.every((s) => s.open), 45_000, 100);
  summary.redisRestart = { downMs: redisUpAt - redisDownAt, socketsBackMsAfterRedisUp: socketsBackMs };
  check(`sockets recover once Redis is back (${socketsBackMs} ms)`, true);
  const rNext = await openRound(0);
  await waitFor(`a result pushed to every socket after Redis is back (${rNext.round.period})`, () => sockets.every((s) => s.results(rNext.round.period).length > 0), ROUND_MS + 15_000, 200);
  check('results are pushed again on every socket', true);
  await verifyMoney('redisRestart', redisAcks);

  // ---------------------------------------------------------------- revoked sessions refused on every node
  setScenario('revocation');
  const revocation: Record<string, number> = {};
  for (const how of ['logout', 'passwordReset'] as const) {
    const p = players[how === 'logout' ? 7 : 8]!;
    const login = expectOk(await retrying(() => call(lb.url, 'POST', '/api/login', { phone: p.phone, password: PASSWORD })), 'login');
    const token = String(login.token);
    // Every node has used the session (a cache, if any, is warm everywhere).
    for (const n of nodes) check(`${how}: the session works on ${n.name} first`, (await call(nodeUrl(n), 'GET', '/api/get-user-info', undefined, token)).status === 200);
    const revokedAt = Date.now();
    if (how === 'logout') {
      expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/logout', undefined, token), 'logout');
    } else {
      const req = expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/forgot-password/request-code', { phone: p.phone }), 'reset code');
      const code = await readSandboxCode(nodeUrl(nodes[0]!), String(req.sandboxHandle));
      expectOk(await call(nodeUrl(nodes[0]!), 'POST', '/api/forgot-password/reset', { phone: p.phone, code, newPassword: PASSWORD }), 'reset');
    }
    const refusedMs = await waitFor(
      `${how}: the old token refused on every node`,
      async () => (await Promise.all(nodes.map((n) => call(nodeUrl(n), 'GET', '/api/get-user-info', undefined, token)))).every((a) => a.status === 401),
      REVOCATION_BOUND_MS + 5_000,
      50,
    );
    revocation[how] = Date.now() - revokedAt;
    check(`${how}: refused on every node within ${REVOCATION_BOUND_MS} ms (${revocation[how]} ms)`, revocation[how]! <= REVOCATION_BOUND_MS, refusedMs);
  }
  summary.revocationMs = { ...revocation, boundMs: REVOCATION_BOUND_MS };

  // ---------------------------------------------------------------- single-use and limits across nodes
  setScenario('acrossNodes');
  const [a, b] = [nodeUrl(nodes[0]!), nodeUrl(nodes[1]!)];
  const catalog = JSON.parse(readFileSync(path.join(ROOT, 'catalog/games.json'), 'utf8')) as { games: Array<{ vendorCode: string; gameUid: string; kind: string }> };
  const game = catalog.games.find((g) => g.vendorCode === 'JILI' && g.gameUid !== '' && g.kind === 'game')!;
  let ticketWins = 0;
  for (let i = 0; i < 5; i++) {
    const t = String(expectOk(await call(a, 'POST', '/api/games/launch-ticket', { gameId: game.gameUid }, players[0]!.token), 'ticket').ticket);
    const url = `/api/games/open-game-url?token=${encodeURIComponent(t)}&game_id=${game.gameUid}`;
    const both = await Promise.all([call(a, 'GET', url), call(b, 'GET', url)]);
    const wins = both.filter((x) => x.status === 302).length;
    if (wins === 1 && both.some((x) => x.status === 401)) ticketWins++;
  }
  check('the same launch ticket sent to two nodes at once: exactly one wins (5 of 5)', ticketWins === 5, ticketWins);
  // One registration code, used on two nodes at once: one account.
  const phone = `8${String(Date.now()).slice(-9)}`;
  const codeReq = expectOk(await call(a, 'POST', '/api/register/request-code', { phone }), 'code');
  const regCode = await readSandboxCode(a, String(codeReq.sandboxHandle));
  const regs = await Promise.all([a, b].map((u) => call(u, 'POST', '/api/register', { phone, code: regCode, password: PASSWORD, ageConfirmed: true })));
  check('one registration code used on two nodes at once registers once', regs.filter((r) => r.status === 200).length === 1, regs.map((r) => r.status));
  // The resend cooldown of a code holds across nodes.
  const phone2 = `7${String(Date.now()).slice(-9)}`;
  expectOk(await call(a, 'POST', '/api/register/request-code', { phone: phone2 }), 'first code');
  const again = await call(b, 'POST', '/api/register/request-code', { phone: phone2 });
  check('the code resend cooldown set on one node holds on another (429)', again.status === 429, again.status);
  // The login slowdown counts failures from every node.
  const victimPhone = players[6]!.phone;
  const tries = [];
  for (let i = 0; i < 8; i++) tries.push(await call(nodeUrl(nodes[i % 3]!), 'POST', '/api/login', { phone: victimPhone, password: 'Wrong-password-1' }));
  check('login failures spread over the nodes are counted together (429 after 5)', tries.slice(5).some((t) => t.status === 429), tries.map((t) => t.status));
  // One bet idempotency key on two nodes at once: one bet, one debit.
  const r4 = await openRound(5_000);
  const sameKey = await Promise.all([a, b].map((u) => placeBet(u, players[5]!, r4.round.period, 'cluster-same-key', 'red', 100)));
  const ids = sameKey.map((x) => (x.body.data?.bet as { id?: string } | undefined)?.id);
  const { rows: dup } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lottery_bets WHERE player_id = $1 AND idempotency_key = 'cluster-same-key'`, [players[5]!.playerId]);
  check('one bet key sent to two nodes at once: the same bet, placed once', sameKey.every((x) => x.status === 200) && ids[0] === ids[1] && dup[0]!.n === 1, { statuses: sameKey.map((x) => x.status), ids, rows: dup[0]!.n });

  // ---------------------------------------------------------------- rounds: none skipped, none drawn twice
  const { rows: rounds } = await db.query<{ ordinal: number; status: string; late_ms: number | null }>(
    `SELECT ordinal, status, (extract(epoch FROM drawn_at - draws_at) * 1000)::int AS late_ms FROM lottery_rounds
      WHERE game = 'wingo' AND room_id = '30s' AND draws_at <= now() - interval '2 seconds' AND ordinal >= (SELECT min(ordinal) FROM lottery_rounds r JOIN lottery_bets b ON b.round_id = r.id WHERE r.room_id = '30s')
      ORDER BY ordinal`,
  );
  const contiguous = rounds.every((r, i) => i === 0 || r.ordinal === rounds[i - 1]!.ordinal + 1);
  check(`rounds of the 30 s room during the run: ${rounds.length}, contiguous (none skipped)`, contiguous && rounds.length > 0, rounds.map((r) => r.ordinal));
  const notSettled = rounds.filter((r) => r.status !== 'settled');
  check('every round of the run was drawn and settled (none voided)', notSettled.length === 0, notSettled);
  summary.rounds = { count: rounds.length, maxDrawLateMs: Math.max(...rounds.map((r) => r.late_ms ?? 0)), statuses: [...new Set(rounds.map((r) => r.status))] };
  const violations = await checkInvariants(db);
  check('ledger invariants hold at the end', violations.length === 0, violations);

  sockets.forEach((s) => s.close());
  await db.close();
  summary.failedAttempts = failures;
  summary.totalMs = Date.now() - t0;

  /** Every acknowledged bet and credit exists exactly once; nothing else was placed for those keys. */
  async function verifyMoney(name: string, list: Ack[]) {
    const bets = list.filter((x) => x.kind === 'bet');
    const credits = list.filter((x) => x.kind === 'recharge');
    let bad = 0;
    for (const x of bets) {
      const { rows } = await db.query<{ id: string; transfers: number }>(
        `SELECT b.id, (SELECT count(*)::int FROM ledger_transfers t WHERE t.reference = b.id AND t.kind = 'lottery_bet') AS transfers
           FROM lottery_bets b WHERE b.player_id = $1 AND b.idempotency_key = $2`,
        [x.player.playerId, x.key],
      );
      if (rows.length !== 1 || rows[0]!.id !== x.id || rows[0]!.transfers !== 1) bad++;
    }
    for (const x of credits) {
      const { rows } = await db.query<{ status: string; transfers: number }>(
        `SELECT o.status, (SELECT count(*)::int FROM ledger_transfers t WHERE t.reference = o.id) AS transfers
           FROM deposit_orders o WHERE o.player_id = $1 AND o.idempotency_key = $2`,
        [x.player.playerId, x.key],
      );
      if (rows.length !== 1 || rows[0]!.status !== 'succeeded' || rows[0]!.transfers !== 1) bad++;
    }
    const violations = await checkInvariants(db);
    summary[`${name}Money`] = { acknowledgedBets: bets.length, acknowledgedCredits: credits.length, missingOrDoubled: bad, ledgerInvariantViolations: violations.length };
    check(`${name}: ${bets.length} acknowledged bets and ${credits.length} credits each exist exactly once; ledger invariants hold`, bad === 0 && violations.length === 0, { bad, violations });
  }
}

main()
  .catch((err: unknown) => {
    check('the run completed', false, err instanceof Error ? err.message : String(err));
    for (const name of ['n1', 'n2', 'n3', 'haproxy']) console.error(`--- ${name} log tail\n${logTail(name, 15)}`);
  })
  .finally(() => {
    const failed = checks.filter((c) => !c.ok);
    console.log(`\n[cluster] summary ${JSON.stringify({ ...summary, checks: { passed: checks.length - failed.length, failed: failed.length } }, null, 2)}`);
    console.log(`\ncluster checks: ${checks.length - failed.length} passed, ${failed.length} failed`);
    process.exit(failed.length ? 1 : 0);
  });

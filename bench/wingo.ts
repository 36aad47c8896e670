/**
 * The Wingo benchmark (decisions 107 and 203): on a real, durable PostgreSQL (run through
 * `npm run bench:wingo`, which starts a throwaway cluster with fsync and synchronous_commit on):
 *  1. pgbench's TPC-B figure on the same server, in the same run: scale 1 (contended, the old
 *     figure) and scale >= clients (uncontended);
 *  2. bets per second and p50/p99 latency, placed over HTTP by many concurrent players (each
 *     player one bet in flight, from a separate load process) on the 30-second room;
 *  3. the open-loop bursts: N players betting at random moments in the last 10 s before a lock;
 *  4. 10,000 sockets on one node: CPU per round, draw-to-client delay, memory per connection;
 *  5. the time to settle one round of 100,000 and of 1,000,000 bets (settleRound: one transaction);
 *  and the machine's load average throughout (the machine is shared).
 * Writes bench/runs/wingo-<time>.json (ignored by git); `--update-baseline` also writes
 * bench/baseline/wingo-postgresql.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres, type Db } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { createEvents, createInProcessBus } from '../apps/server/src/events';
import { fakeClock } from '../apps/server/src/lib/clock';
import { createAccessTokens } from '../apps/server/src/modules/auth';
import { accountCodes, checkInvariants, ensureAccount, HOUSE_ACCOUNTS, postTransfer, postTransfers, withTransaction } from '../apps/server/src/modules/ledger';
import { prefixedId } from '../apps/server/src/lib/ids';
import { createLotteryService, createSandboxBeacon } from '../apps/server/src/modules/lottery';
import { createSafetyService, DEFAULT_SAFETY_SETTINGS } from '../apps/server/src/modules/safety';

const PGBENCH = process.env.PGBENCH_BIN ?? '/usr/lib/postgresql/15/bin/pgbench';
const PASSWORD = 'Bench-Marigold-77';
const round2 = (n: number) => Math.round(n * 100) / 100;
const tempDirs: string[] = [];

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function pgbench(url: string, clients: number, seconds: number, scale = 1): number {
  execFileSync(PGBENCH, ['-i', '-q', '-s', String(scale), url], { stdio: 'pipe' });
  const out = execFileSync(PGBENCH, ['-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!m) throw new Error(`no tps in pgbench output:\n${out}`);
  return Number(m[1]);
}

async function durability(db: Db) {
  const setting = async (name: string) => (await db.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]?.v;
  return { fsync: await setting('fsync'), synchronousCommit: await setting('synchronous_commit'), fullPageWrites: await setting('full_page_writes') };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : round2(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

async function betLoad(job: Record<string, unknown>): Promise<{ samplesMs: number[]; wallMs: number; statuses: Record<string, number> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib', 'bet-load.mjs'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error('bet load process failed');
  return JSON.parse(out);
}

/** The 1-minute load average, sampled every second, per phase of the run. */
const loadSamples: Array<{ phase: string; load1: number }> = [];
let phase = 'start';
const loadTimer = setInterval(() => loadSamples.push({ phase, load1: loadavg()[0]! }), 1_000);
loadTimer.unref();
function loadSummary() {
  const phases = [...new Set(loadSamples.map((s) => s.phase))];
  return Object.fromEntries(
    phases.map((p) => {
      const xs = loadSamples.filter((s) => s.phase === p).map((s) => s.load1);
      return [p, { min: round2(Math.min(...xs)), mean: round2(xs.reduce((a, b) => a + b, 0) / xs.length), max: round2(Math.max(...xs)) }];
    }),
  );
}

/**
 * `count` players made directly in the database (registration's argon2id would take minutes
 * for thousands), each with an open session, a signed access token and a funded account.
 */
async function bulkPlayers(db: Db, tokenSecret: string, count: number, tag: number): Promise<string[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at)
     SELECT $2::bigint * 1000000 + i, '6' || lpad(($2::bigint * 100000 + i)::text, 9, '0'), 'bench-no-login', 'bench', now()
       FROM generate_series(1, $1) AS i RETURNING id`,
    [count, tag],
  );
  const ids = rows.map((r) => Number(r.id));
  const now = new Date();
  const sessions = ids.map(() => prefixedId('ses'));
  await db.query(
    `INSERT INTO sessions (id, player_id, created_at, expires_at) SELECT s, p, $3, $4 FROM unnest($1::text[], $2::bigint[]) AS u(s, p)`,
    [sessions, ids, now, new Date(now.getTime() + 86_400_000)],
  );
  for (const id of ids) await ensureAccount(db, { code: accountCodes.playerMain(id), kind: 'player', owner: id });
  await withTransaction(db, (tx) =>
    postTransfers(
      tx,
      ids.map((id) => ({
        idempotencyKey: `bench-fund-${id}`,
        kind: 'deposit',
        entries: [
          { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -100_000_000 },
          { accountCode: accountCodes.playerMain(id), amountMinor: 100_000_000 },
        ],
      })),
    ),
  );
  const tokens = createAccessTokens(tokenSecret);
  return Promise.all(ids.map(async (id, i) => (await tokens.sign({ playerId: id, sessionId: sessions[i]! }, now)).token));
}

/** Waits for a 30 s round whose lock is at least `leadMs` away (and played by a chain). */
async function roundWithLead(firstPeriod: string, leadMs: number) {
  const room = WINGO_ROOMS['30s'];
  let current = roundAt(room, Date.now());
  while (current.period < firstPeriod || current.locksAtMs - Date.now() < leadMs) {
    await new Promise((r) => setTimeout(r, current.drawsAtMs - Date.now() + 50));
    current = roundAt(room, Date.now());
  }
  return current;
}

function child<T>(script: string, job: Record<string, unknown>, onMessage?: (m: unknown) => void): Promise<T> {
  const jobDir = mkdtempSync(path.join(tmpdir(), 'colorplay-bench-job-'));
  tempDirs.push(jobDir);
  const jobFile = path.join(jobDir, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  const c = spawn(process.execPath, [path.join(import.meta.dirname, 'lib', script), jobFile], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  if (onMessage) c.on('message', onMessage);
  return new Promise((resolve, reject) =>
    c.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} failed (${code})`)))),
  );
}

/** The open-loop burst on one 30 s round: `players` x `betsPerPlayer` bets in the 10 s before its lock. */
async function burstScenario(db: Db, app: Awaited<ReturnType<typeof buildApp>>, base: string, tokenSecret: string, firstPeriod: string, players: number, betsPerPlayer: number, tag: number) {
  const tokens = await bulkPlayers(db, tokenSecret, players, tag);
  const windowMs = 10_000;
  const round = await roundWithLead(firstPeriod, windowMs + 1_500);
  await app.lottery.tick();
  const runId = Date.now();
  // The server's own event-loop delay during the burst: a backlog before a request is even read
  // (CPU starvation on a shared machine) shows here, not in the database.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  const out = await child<{ results: Array<[number, string | null, number, number]>; maxSendLagMs: number; sentAfterLock: number }>('burst-load.mjs', {
    base,
    path: '/api/lottery/wingo/bets',
    tokens,
    room: '30s',
    period: round.period,
    betsPerPlayer,
    lockAtMs: round.locksAtMs,
    windowMs,
    runId,
  });
  loopDelay.disable();
  const cpu = process.cpuUsage(cpu0);
  const lat = out.results.map((r) => r[2]).sort((a, b) => a - b);
  const count = (f: (r: [number, string | null, number, number]) => boolean) => out.results.filter(f).length;
  const stored = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_bets WHERE room_id = '30s' AND idempotency_key LIKE $1", [`burst-${runId}-%`])).rows[0]!.n;
  return {
    players,
    betsPerPlayer,
    offered: out.results.length,
    offeredPerSecond: round2(out.results.length / (windowMs / 1000)),
    accepted: count((r) => r[0] === 200),
    refusedByLock: count((r) => r[1] === 'ROUND_LOCKED'),
    refusedByLockButSentBeforeLock: count((r) => r[1] === 'ROUND_LOCKED' && r[3] === 0),
    sentAfterLockByLoaderLag: out.sentAfterLock,
    otherRefusals: Object.fromEntries(
      [...new Set(out.results.filter((r) => r[0] !== 200 && r[0] < 500 && r[0] > 0 && r[1] !== 'ROUND_LOCKED').map((r) => r[1]))].map((c) => [c, count((r) => r[1] === c)]),
    ),
    errors: count((r) => r[0] === 0 || r[0] >= 500),
    storedBets: stored,
    p50Ms: percentile(lat, 50),
    p99Ms: percentile(lat, 99),
    maxMs: percentile(lat, 100),
    maxSendLagMs: round2(out.maxSendLagMs),
    serverEventLoopDelayMs: { p50: round2(loopDelay.percentile(50) / 1e6), p99: round2(loopDelay.percentile(99) / 1e6), max: round2(loopDelay.max / 1e6) },
    serverCpuMsDuringBurst: round2((cpu.user + cpu.system) / 1000),
  };
}

/** `sockets` clients on one node (an app with its round engine running) for one 30 s round and more. */
async function socketScenario(dbUrl: string, makeConfig: (env: Record<string, string>) => ReturnType<typeof loadConfig>, sockets: number) {
  // The betting app closed its pool; this node gets its own, as a separate node would.
  const db = await openPostgres(dbUrl, 10);
  const app = await buildApp({ config: makeConfig({ LOTTERY_TICK_MS: '250' }), db, logger: { level: 'warn', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const wsUrl = base.replace('http', 'ws') + '/api/lottery/wingo/live';
  // The bursts' rounds are drawn and settled, and their events delivered, before the sockets
  // come: what is measured is one node serving sockets, not a backlog left by the bursts.
  await app.lottery.tick();
  await app.events.dispatch();
  const before = process.memoryUsage();
  // Long enough for a whole 30 s round after every socket is connected.
  const observeMs = 70_000;
  let cpu: { userMs: number; systemMs: number; overMs: number; rssPerConnectionBytes: number; heapPerConnectionBytes: number } | undefined;
  const out = await child<{ opened: number; failed: number; clockMessages: number; rounds: Array<{ round: string; clients: number; p50Ms: number; p99Ms: number; maxMs: number }> }>(
    'socket-load.mjs',
    { url: wsUrl, sockets, durationMs: observeMs },
    (m) => {
      const connected = m as { connected: number };
      const after = process.memoryUsage();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      // CPU of this node (the app's process) over one 30 s round with every socket connected.
      setTimeout(() => {
        const d = process.cpuUsage(c0);
        cpu = {
          userMs: round2(d.user / 1000),
          systemMs: round2(d.system / 1000),
          overMs: round2(performance.now() - t0),
          rssPerConnectionBytes: Math.round((after.rss - before.rss) / Math.max(1, connected.connected)),
          heapPerConnectionBytes: Math.round((after.heapUsed - before.heapUsed) / Math.max(1, connected.connected)),
        };
      }, 30_000);
    },
  );
  await app.close();
  const thirty = out.rounds.filter((r) => r.round.startsWith('30s:'));
  return {
    sockets,
    opened: out.opened,
    failed: out.failed,
    clockMessagesReceived: out.clockMessages,
    cpuPerRound: cpu ? { ...cpu, coresUsed: round2((cpu.userMs + cpu.systemMs) / cpu.overMs) } : null,
    results: out.rounds,
    note: 'delays are measured in the load process, whose own event loop (10,000 sockets on a shared machine) adds to them; a round with fewer clients than opened was still being delivered when the observation ended',
    drawToLastClientP99Ms: thirty.length > 0 ? Math.max(...thirty.map((r) => r.p99Ms)) : null,
    drawToLastClientMaxMs: thirty.length > 0 ? Math.max(...thirty.map((r) => r.maxMs)) : null,
  };
}

/** Settles one round of `bets` bets from `players` players on a separate database, on a fake clock. */
async function settlementScenario(adminUrl: string, bets: number, players: number) {
  const db = await openPostgres(await createDatabase(adminUrl, 'wingo_settle_bench'), 4);
  await migrate(db);
  const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
  const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return log; }, level: 'silent', silent() {} } as never;
  const events = createEvents({ db, clock, bus: createInProcessBus(log), log });
  const chainSecret = 'bench-lottery-chain-secret-0123456789abcdef';
  const safety = createSafetyService({ db, clock, settings: DEFAULT_SAFETY_SETTINGS, currency: 'INR' });
  const lottery = createLotteryService({ db, clock, events, log, safety, chainSecret, beacon: createSandboxBeacon({ secret: chainSecret, clock }) });
  await lottery.tick();
  const room = WINGO_ROOMS['1m'];
  clock.advance(roundAt(room, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await lottery.tick();
  const current = roundAt(room, clock.now().getTime());
  const { rows } = await db.query<{ id: number }>("SELECT id FROM lottery_rounds WHERE game = 'wingo' AND room_id = '1m' AND ordinal = $1", [current.ordinal]);
  const roundId = rows[0]!.id;
  for (let p = 1; p <= players; p++) await ensureAccount(db, { code: accountCodes.playerMain(p), kind: 'player', owner: p });
  // The bets go in directly (their stakes are not posted): what is measured is settlement.
  await db.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                               total_minor, fee_minor, contract_minor, shard, placed_at)
     SELECT 'bet_bench' || i, $1, '1m', 1 + i % $3, 'k' || i,
            (ARRAY['green','red','violet','big','small','0','1','2','3','4','5','6','7','8','9'])[1 + i % 15],
            100, 1, 1, 100, 2, 98, i % 16, now()
       FROM generate_series(1, $2) AS i`,
    [roundId, bets, players],
  );
  await db.query('ANALYZE lottery_bets');
  clock.advance(current.drawsAtMs - clock.now().getTime());
  await lottery.drawRound(roundId);
  const t0 = performance.now();
  const outcome = await lottery.settleRound(roundId);
  const settleMs = round2(performance.now() - t0);
  const violations = await checkInvariants(db);
  await events.close();
  await db.close();
  return { bets, players, outcome, settleMs, ledgerInvariantViolations: violations.length };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('run through `npm run bench:wingo` (a throwaway PostgreSQL cluster)');
  const updateBaseline = process.argv.includes('--update-baseline');
  const seconds = Number(process.env.BENCH_BET_SECONDS ?? 10);
  const playerCount = Number(process.env.BENCH_PLAYERS ?? 64);
  const pgbenchSeconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 20);
  const settleSizes = (process.env.BENCH_SETTLE_BETS ?? '100000,1000000').split(',').map(Number).filter((n) => n > 0);
  const tpcbClients = Number(process.env.BENCH_TPCB_CLIENTS ?? 16);
  // "5000x1,2000x5": players x bets each; empty to skip.
  const bursts = (process.env.BENCH_BURSTS ?? '5000x1,2000x5').split(',').filter(Boolean).map((b) => b.split('x').map(Number) as [number, number]);
  const socketCount = Number(process.env.BENCH_SOCKETS ?? 10_000);

  phase = 'pgbench';
  const tpcb = pgbench(await createDatabase(adminUrl, 'pgbench_tpcb'), tpcbClients, pgbenchSeconds, 1);
  const tpcbScaled = pgbench(await createDatabase(adminUrl, 'pgbench_tpcb_scaled'), tpcbClients, pgbenchSeconds, tpcbClients);

  const benchDbUrl = await createDatabase(adminUrl, 'wingo_bench');
  const db = await openPostgres(benchDbUrl, 20);
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-wingo-bench-'));
  tempDirs.push(dataDir);
  const makeConfig = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
      WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef01',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      EVENTS_POLL_MS: '0',
      // The bench drives the engine itself (one tick before the load); draws are not measured here.
      LOTTERY_TICK_MS: '0',
      DEPOSIT_EXPIRY_SWEEP_MS: '0',
      DEPOSIT_RECONCILE_SWEEP_MS: '0',
      HOUSEKEEPING_SWEEP_MS: '0',
      USDT_WATCH_MS: '0',
      PAYOUT_SEND_SWEEP_MS: '0',
      ...env,
    });
  const config = makeConfig();
  const app = await buildApp({ config, db, logger: { level: 'warn', file: '/dev/null' } });
  // As the server does (server.ts): a burst of new connections must not overflow the accept queue.
  const base = await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
  await app.lottery.tick();

  // Players are registered through the real routes (inject, so each can have its own address
  // for the registration rate limits); their bets then go over real HTTP.
  const call = async (method: 'GET' | 'POST', url: string, address: string, body?: unknown) => {
    const res = await app.inject({ method, url, remoteAddress: address, ...(body ? { payload: body as object } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json().data as Record<string, unknown>;
  };
  const json = async (method: string, url: string) => {
    const res = await fetch(base + url, { method });
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  await ensureAccount(db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  const tokens: string[] = [];
  const stamp = Date.now() % 100_000;
  for (let i = 0; i < playerCount; i++) {
    const address = `198.51.${100 + (i >> 8)}.${(i % 250) + 1}`;
    const phone = `9${String(stamp).padStart(5, '0')}${String(i).padStart(4, '0')}`;
    const { sandboxHandle } = await call('POST', '/api/register/request-code', address, { phone });
    const outbox = await call('GET', `/api/sandbox/sms-outbox?handle=${String(sandboxHandle)}`, address);
    const code = /\b(\d{6})\b/.exec((outbox.messages as { body: string }[])[0]?.body ?? '')?.[1];
    const token = (await call('POST', '/api/register', address, { phone, code, password: PASSWORD, ageConfirmed: true })).token as string;
    const playerId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    const account = accountCodes.playerMain(playerId);
    await ensureAccount(db, { code: account, kind: 'player', owner: playerId });
    await postTransfer(db, {
      idempotencyKey: `bench-fund-${playerId}`,
      kind: 'deposit',
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -100_000_000 },
        { accountCode: account, amountMinor: 100_000_000 },
      ],
    });
    tokens.push(token);
  }

  // The 30-second room: its chain starts with the round after the one running at the first
  // tick, so wait for that round to open; it leaves 25 s of betting.
  const room = WINGO_ROOMS['30s'];
  const needMs = (seconds + 2) * 1000;
  let current = roundAt(room, Date.now());
  const firstPeriod = (await json('GET', '/api/lottery/wingo/state?room=30s')).chain as { firstPeriod: string };
  while (current.period < firstPeriod.firstPeriod || current.locksAtMs - Date.now() < needMs) {
    await new Promise((r) => setTimeout(r, current.drawsAtMs - Date.now() + 50));
    current = roundAt(room, Date.now());
  }
  await app.lottery.tick();
  phase = 'closedLoopBets';
  const load = await betLoad({ base, path: '/api/lottery/wingo/bets', tokens, room: '30s', period: current.period, warmupMs: 1000, durationMs: seconds * 1000, runId: Date.now() });
  const sorted = [...load.samplesMs].sort((a, b) => a - b);
  const ok = load.statuses['200'] ?? 0;
  const betsPerSecond = round2((ok / load.wallMs) * 1000);
  const burstResults = [];
  for (const [i, [players, betsEach]] of bursts.entries()) {
    phase = `burst${players}x${betsEach}`;
    burstResults.push(await burstScenario(db, app, base, config.secrets.token, firstPeriod.firstPeriod, players, betsEach, 10 + i));
  }
  const invariantsAfterBets = (await checkInvariants(db)).length;
  const database = await durability(db);
  await app.close();

  phase = 'sockets';
  const socketsResult = socketCount > 0 ? await socketScenario(benchDbUrl, makeConfig, socketCount) : null;

  const settlements = [];
  for (const size of settleSizes) {
    phase = `settle${size}`;
    settlements.push(await settlementScenario(adminUrl, size, Math.min(100_000, Math.max(1_000, size / 100))));
  }
  const settlement = settlements[0]!;
  const million = settlements.find((x) => x.bets >= 1_000_000);
  phase = 'end';

  const report = {
    measuredAt: new Date().toISOString(),
    engine: 'postgresql',
    database,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round2(totalmem() / 2 ** 30), node: process.version },
    loadAverage1m: { note: 'the machine is shared with other developers: figures are depressed by their load', byPhase: loadSummary() },
    pgbenchTpcb: { clients: tpcbClients, seconds: pgbenchSeconds, scale: 1, tps: tpcb },
    pgbenchTpcbUncontended: { clients: tpcbClients, seconds: pgbenchSeconds, scale: tpcbClients, tps: tpcbScaled },
    betting: {
      players: playerCount,
      inFlightPerPlayer: 1,
      seconds,
      statuses: load.statuses,
      betsPerSecond,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: percentile(sorted, 100),
      ratioToTpcb: round2(betsPerSecond / tpcb),
      ratioToTpcbUncontended: round2(betsPerSecond / tpcbScaled),
      groupCommit: { windowMs: app.lottery.settings.betBatchWindowMs, maxBets: app.lottery.settings.betBatchMax, concurrentBatches: app.lottery.settings.betBatchConcurrency, setBased: true },
      ledgerInvariantViolations: invariantsAfterBets,
    },
    bursts: burstResults,
    sockets: socketsResult,
    settlement,
    settlements,
    goals: {
      betsPerSecondAtLeast2xUncontendedTpcb: betsPerSecond >= 2 * tpcbScaled,
      p99Under50Ms: percentile(sorted, 99) < 50,
      burstsEveryInTimeBetAccepted: burstResults.every((b) => b.refusedByLockButSentBeforeLock === 0),
      burstsNoErrors: burstResults.every((b) => b.errors === 0),
      burstsP99Under100Ms: burstResults.every((b) => b.p99Ms < 100),
      socketsLastClientUnder200Ms: socketsResult && socketsResult.drawToLastClientP99Ms !== null ? socketsResult.drawToLastClientP99Ms < 200 : null,
      socketsUnderHalfACorePerRound: socketsResult?.cpuPerRound ? socketsResult.cpuPerRound.coresUsed < 0.5 : null,
      settle1MUnder1500Ms: million ? million.settleMs < 1500 : null,
    },
  };
  const text = JSON.stringify(report, null, 2) + '\n';
  const runsDir = path.join(import.meta.dirname, 'runs');
  mkdirSync(runsDir, { recursive: true });
  const file = path.join(runsDir, `wingo-${report.measuredAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, text);
  process.stdout.write(`${text}\nreport written to ${file}\n`);
  if (updateBaseline) {
    const baselineFile = path.join(import.meta.dirname, 'baseline', 'wingo-postgresql.json');
    writeFileSync(baselineFile, text);
    process.stdout.write(`baseline updated: ${baselineFile}\n`);
  }
  if (invariantsAfterBets > 0 || settlements.some((x) => x.ledgerInvariantViolations > 0)) process.exit(1);
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

/**
 * The Wingo benchmark (decisions 107 and 203): on a real, durable PostgreSQL (run through
 * `npm run bench:wingo`, which starts a throwaway cluster with fsync and synchronous_commit on):
 *  1. pgbench's TPC-B figure on the same server, in the same run: scale 1 (contended, the old
 *     figure) and scale >= clients (uncontended);
 *  2. bets per second and p50/p99 latency, placed over HTTP by many concurrent players (each
 *     player one bet in flight, from a separate load process) on the 30-second room; then the
 *     same as `bet` frames over each player's open Wingo socket (decision 570);
 *  3. the hot path: an authenticated read (the balance) against `/healthz`;
 *  4. the open-loop bursts: N players betting at random moments in the last 10 s before a lock,
 *     over HTTP and over each player's signed-in socket (the Wingo screen's way, decision 589);
 *  5. 10,000 sockets on one node, subscribed over the rooms: CPU per round, memory per
 *     connection, draw-to-last-client delay with two rooms drawing in the same second and alone;
 *  5b. the same over two nodes behind HAProxy with Redis (cluster/lib.ts's helpers), 50,000 sockets
 *     or as many as the open-file limit admits;
 *  6. the time to settle one round of 100,000 and of 1,000,000 bets (settleRound: one transaction);
 *  and the machine's load average throughout (the machine is shared).
 * Each scenario is a module of bench/wingo/; this file sets up, runs them in order and writes
 * bench/runs/wingo-<time>.json (ignored by git); `--update-baseline` also writes
 * bench/baseline/wingo-postgresql.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { checkInvariants } from '../apps/server/src/modules/ledger';
import { backendsCpu, hotPath } from './lib/hot-path';
import { burstScenario, type BurstTransport } from './wingo/bursts';
import { closedLoopScenario } from './wingo/closed-loop';
import { loadSummary, phase, removeTempDirs, round2, tempDir } from './wingo/common';
import { registeredPlayers } from './wingo/players';
import { clusterCpu, createDatabase, durability, pgbench, writeMeter, type PgbenchResult } from './wingo/postgres';
import { settlementScenario } from './wingo/settlement';
import { clusterSocketScenario, ensureClusterParts } from './wingo/cluster-sockets';
import { DEFAULT_ROOM_SPREAD, socketScenario } from './wingo/sockets';

/** How long a bet may take from the loader to the server's arrival stamp on this machine's loopback. */
const IN_TIME_MARGIN_MS = 5;

/** The run's sizes, from the environment (small values make a quick check that it works). */
function settings() {
  const numbers = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map(Number).filter((n) => n > 0);
  return {
    seconds: Number(process.env.BENCH_BET_SECONDS ?? 10),
    playerCount: Number(process.env.BENCH_PLAYERS ?? 64),
    // The closed loop's pass with the same bets as frames over the live socket (decision 570):
    // after the HTTP pass (1, the default), before it ('first': the order's effect is checked), or none (0).
    socketBets: (process.env.BENCH_SOCKET_BETS === 'first' ? 'first' : Number(process.env.BENCH_SOCKET_BETS ?? 1) > 0 ? 'after' : 'none') as 'first' | 'after' | 'none',
    pgbenchSeconds: Number(process.env.BENCH_PGBENCH_SECONDS ?? 20),
    tpcbClients: Number(process.env.BENCH_TPCB_CLIENTS ?? 16),
    hotSeconds: Number(process.env.BENCH_HOT_SECONDS ?? 4),
    // 0 skips the hot path.
    hotRounds: Number(process.env.BENCH_HOT_ROUNDS ?? 3),
    // "5000x1,2000x5": players x bets each; empty to skip.
    bursts: (process.env.BENCH_BURSTS ?? '5000x1,2000x5').split(',').filter(Boolean).map((b) => b.split('x').map(Number) as [number, number]),
    // Each burst over these transports, in this order ("http", "socket" or both).
    burstTransports: (process.env.BENCH_BURST_TRANSPORTS ?? 'http,socket').split(',').filter((t): t is BurstTransport => t === 'http' || t === 'socket'),
    socketCount: Number(process.env.BENCH_SOCKETS ?? 10_000),
    socketRooms: process.env.BENCH_SOCKET_ROOMS ?? DEFAULT_ROOM_SPREAD,
    socketLoaders: Number(process.env.BENCH_SOCKET_LOADERS ?? 1),
    // Long enough for two minutes' boundaries (the 30 s and 1 min rooms drawing together) and
    // two half minutes (the 30 s room alone) after every socket is connected.
    socketObserveMs: Number(process.env.BENCH_SOCKET_OBSERVE_SECONDS ?? 130) * 1000,
    // 50,000 sockets over two nodes behind HAProxy with Redis; 0 skips it.
    clusterSockets: Number(process.env.BENCH_CLUSTER_SOCKETS ?? 50_000),
    clusterNodes: Number(process.env.BENCH_CLUSTER_NODES ?? 2),
    settleSizes: numbers('BENCH_SETTLE_BETS', '100000,1000000'),
  };
}

/** A bet's CPU (server + cluster) beside an uncontended TPC-B transaction's (pgbench + cluster); goal: at most half. */
function cpuComparison(bet: { server: number; databaseCluster: number | null }, tpcb: PgbenchResult) {
  const betTotal = bet.databaseCluster === null ? null : bet.server + bet.databaseCluster;
  const tpcbTotal = tpcb.cpuUsPerTransaction.total;
  const ratio = betTotal === null || tpcbTotal === null ? null : round2(betTotal / tpcbTotal);
  return {
    betUs: { server: bet.server, database: bet.databaseCluster, total: betTotal },
    tpcbUs: tpcb.cpuUsPerTransaction,
    ratio,
    target: 0.5,
    met: ratio === null ? null : ratio <= 0.5,
  };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('run through `npm run bench:wingo` (a throwaway PostgreSQL cluster)');
  const updateBaseline = process.argv.includes('--update-baseline');
  const s = settings();
  if (s.clusterSockets > 0) ensureClusterParts();

  phase('pgbench');
  // One connection to the cluster for the outside CPU meter of TPC-B and of bets (clusterCpu).
  const meter = await openPostgres(adminUrl, 1);
  const tpcbRun = await pgbench(await createDatabase(adminUrl, 'pgbench_tpcb'), s.tpcbClients, s.pgbenchSeconds, 1, meter);
  const tpcbScaledRun = await pgbench(await createDatabase(adminUrl, 'pgbench_tpcb_scaled'), s.tpcbClients, s.pgbenchSeconds, s.tpcbClients, meter);
  const tpcb = tpcbRun.tps;
  const tpcbScaled = tpcbScaledRun.tps;

  const benchDbUrl = await createDatabase(adminUrl, 'wingo_bench');
  const db = await openPostgres(benchDbUrl, 20);
  await migrate(db);
  const dataDir = tempDir('colorplay-wingo-bench-');
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
      // The USDT sandbox's dev chain would mine in the server process (decision 307).
      USDT_CHANNEL: 'off',
      PAYOUT_SEND_SWEEP_MS: '0',
      ...env,
    });
  const config = makeConfig();
  const app = await buildApp({ config, db, logger: { level: 'warn', file: '/dev/null' } });
  // As the server does (server.ts): a burst of new connections must not overflow the accept queue.
  const base = await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
  await app.lottery.tick();

  // Players are registered through the real routes; their bets then go over real HTTP. The
  // 30-second room's chain starts with the round after the one running at the first tick.
  const tokens = await registeredPlayers(app, db, s.playerCount);
  const state = (await (await fetch(`${base}/api/lottery/wingo/state?room=30s`)).json()) as { data: { chain: { firstPeriod: string } } };
  const firstPeriod = state.data.chain.firstPeriod;
  // Each measured phase starts after a checkpoint: pgbench's and the set-up's WAL would otherwise
  // trigger one at a moment that varies from run to run, and the full-page writes after it land
  // in whichever phase is running (the database's CPU per bet moved by 2x between runs).
  const socketPass = async () => {
    await db.query('CHECKPOINT');
    phase('closedLoopSocketBets');
    return closedLoopScenario(app, base, tokens, firstPeriod, s.seconds, backendsCpu(db), clusterCpu(meter), 'socket', () => writeMeter(db));
  };
  const socketFirst = s.socketBets === 'first' ? await socketPass() : null;
  await db.query('CHECKPOINT');
  phase('closedLoopBets');
  const closedLoop = await closedLoopScenario(app, base, tokens, firstPeriod, s.seconds, backendsCpu(db), clusterCpu(meter), 'http', () => writeMeter(db));
  const closedLoopSocket = socketFirst ?? (s.socketBets === 'after' ? await socketPass() : null);

  // The authenticated read against /healthz (decision 307's goal: at least 30 %), with the request
  // log at info (production's level) and at warn.
  phase('hotPath');
  const hot = s.hotRounds > 0 ? await hotPath(app, base, tokens[0]!, { seconds: s.hotSeconds, rounds: s.hotRounds, databaseCpuMs: backendsCpu(db) }) : null;
  app.log.level = 'warn';

  type Burst = Awaited<ReturnType<typeof burstScenario>>;
  const burstResults: Burst[] = [];
  const socketBurstResults: Burst[] = [];
  let tag = 10;
  for (const [players, betsEach] of s.bursts) {
    for (const transport of s.burstTransports) {
      await db.query('CHECKPOINT');
      phase(`burst${players}x${betsEach}${transport === 'socket' ? 'Socket' : ''}`);
      const result = await burstScenario(db, app, base, config.secrets.token, firstPeriod, players, betsEach, tag++, transport);
      (transport === 'socket' ? socketBurstResults : burstResults).push(result);
    }
  }
  const invariantsAfterBets = (await checkInvariants(db)).length;
  const database = await durability(db);
  const groupCommit = { windowMs: app.lottery.settings.betBatchWindowMs, maxBets: app.lottery.settings.betBatchMax, concurrentBatches: app.lottery.settings.betBatchConcurrency, setBased: true };
  await app.close();
  await meter.close();

  phase('sockets');
  const socketsResult = s.socketCount > 0 ? await socketScenario(benchDbUrl, makeConfig, s.socketCount, { spread: s.socketRooms, loaders: s.socketLoaders, observeMs: s.socketObserveMs }) : null;

  phase('clusterSockets');
  const clusterSockets =
    s.clusterSockets > 0 ? await clusterSocketScenario(s.clusterSockets, { nodes: s.clusterNodes, spread: s.socketRooms, observeMs: s.socketObserveMs }) : null;

  const settlements = [];
  for (const size of s.settleSizes) {
    phase(`settle${size}`);
    settlements.push(await settlementScenario(adminUrl, size, Math.min(100_000, Math.max(1_000, size / 100))));
  }
  // K3, 5D and Trx Win settle on the same engine: the first size again, bets spread over their selections.
  const gameSettlements = [];
  for (const game of ['k3', '5d', 'trx'] as const) {
    const size = s.settleSizes[0];
    if (size === undefined) break;
    phase(`settle${size}-${game}`);
    gameSettlements.push(await settlementScenario(adminUrl, size, Math.min(100_000, Math.max(1_000, size / 100)), game));
  }
  const million = settlements.find((x) => x.bets >= 1_000_000);
  phase('end');

  const report = {
    measuredAt: new Date().toISOString(),
    engine: 'postgresql',
    database,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round2(totalmem() / 2 ** 30), node: process.version },
    loadAverage1m: { note: 'the machine is shared with other developers: figures are depressed by their load', byPhase: loadSummary() },
    pgbenchTpcb: { clients: s.tpcbClients, seconds: s.pgbenchSeconds, scale: 1, ...tpcbRun },
    pgbenchTpcbUncontended: { clients: s.tpcbClients, seconds: s.pgbenchSeconds, scale: s.tpcbClients, ...tpcbScaledRun },
    // Decision 525: what a durable bet costs the machine (the server process and the whole
    // database cluster) beside an uncontended TPC-B transaction (pgbench and the same cluster meter).
    cpuPerBetVsTpcb: cpuComparison(closedLoop.cpuUsPerBet, tpcbScaledRun),
    // The same closed loop with the bets as frames over each player's open Wingo socket (decision 570).
    cpuPerSocketBetVsTpcb: closedLoopSocket ? cpuComparison(closedLoopSocket.cpuUsPerBet, tpcbScaledRun) : null,
    betting: {
      ...closedLoop,
      ratioToTpcb: round2(closedLoop.betsPerSecond / tpcb),
      ratioToTpcbUncontended: round2(closedLoop.betsPerSecond / tpcbScaled),
      groupCommit,
      ledgerInvariantViolations: invariantsAfterBets,
    },
    bettingOverSocket: closedLoopSocket ? { ...closedLoopSocket, ratioToTpcbUncontended: round2(closedLoopSocket.betsPerSecond / tpcbScaled) } : null,
    hotPath: hot ? { ...hot.summary, scenarios: hot.scenarios } : null,
    bursts: burstResults,
    socketBursts: socketBurstResults,
    sockets: socketsResult,
    clusterSockets,
    settlement: settlements[0] ?? null,
    settlements,
    gameSettlements,
    goals: {
      betsPerSecondAtLeast2xUncontendedTpcb: closedLoop.betsPerSecond >= 2 * tpcbScaled,
      p99Under50Ms: closedLoop.p99Ms < 50,
      betCpuAtMostHalfUncontendedTpcb: cpuComparison(closedLoop.cpuUsPerBet, tpcbScaledRun).met,
      // The same two goals for the bet as the lottery screens send it (decisions 589, 590): a frame on the signed-in socket.
      socketP99Under50Ms: closedLoopSocket ? closedLoopSocket.p99Ms < 50 : null,
      socketBetCpuAtMostHalfUncontendedTpcb: closedLoopSocket ? cpuComparison(closedLoopSocket.cpuUsPerBet, tpcbScaledRun).met : null,
      authenticatedReadAtLeast30PercentOfHealthz: hot ? hot.summary.authenticatedReadShareOfHealthz >= 0.3 : null,
      // A bet that left the loader a moment before the lock can reach the server after it (a first
      // bet also opens its connection): refusing it is right. Counted as an in-time bet refused
      // when it left more than IN_TIME_MARGIN_MS before the lock; each burst lists every margin.
      burstsEveryInTimeBetAccepted: burstResults.every((b) => b.refusedByLockSentBeforeLockMs.every((ms) => ms <= IN_TIME_MARGIN_MS)),
      burstsNoErrors: burstResults.every((b) => b.errors === 0),
      burstsP99Under100Ms: burstResults.every((b) => b.p99Ms < 100),
      // The same bursts as the Wingo screen now bets (decision 589): frames on signed-in sockets.
      socketBurstsEveryInTimeBetAccepted: socketBurstResults.length ? socketBurstResults.every((b) => b.refusedByLockSentBeforeLockMs.every((ms) => ms <= IN_TIME_MARGIN_MS)) : null,
      socketBurstsNoErrors: socketBurstResults.length ? socketBurstResults.every((b) => b.errors === 0) : null,
      socketBurstsP99Under100Ms: socketBurstResults.length ? socketBurstResults.every((b) => b.p99Ms < 100) : null,
      // The last client of every draw under 200 ms, rooms drawing in the same second included.
      socketsLastClientUnder200MsRoomsDrawingTogether: socketsResult?.roomsDrawingTogether.met ?? null,
      socketsLastClientUnder200MsSingleRoom: socketsResult?.singleRoomDraws.met ?? null,
      // Over two nodes behind HAProxy with Redis; `clusterSockets.sockets` is the size run, `cappedBy` why it is smaller than asked.
      clusterSocketsLastClientUnder250MsRoomsDrawingTogether: clusterSockets?.roomsDrawingTogether.met ?? null,
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
  if (invariantsAfterBets > 0 || [...settlements, ...gameSettlements].some((x) => x.ledgerInvariantViolations > 0)) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(removeTempDirs);

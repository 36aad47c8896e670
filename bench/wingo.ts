/**
 * The Wingo benchmark (issue 10): on a real, durable PostgreSQL (run through
 * `npm run bench:wingo`, which starts a throwaway cluster with fsync and synchronous_commit on):
 *  1. pgbench's TPC-B figure on the same server, in the same run;
 *  2. bets per second and p50/p99 latency, placed over HTTP by many concurrent players (each
 *     player one bet in flight, from a separate load process) on the 5-minute room;
 *  3. the time to settle one round of 100,000 bets (settleRound: one transaction).
 * Writes bench/runs/wingo-<time>.json (ignored by git); `--update-baseline` also writes
 * bench/baseline/wingo-postgresql.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres, type Db } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { createEvents, createInProcessBus } from '../apps/server/src/events';
import { fakeClock } from '../apps/server/src/lib/clock';
import { accountCodes, checkInvariants, ensureAccount, HOUSE_ACCOUNTS, postTransfer } from '../apps/server/src/modules/ledger';
import { createLotteryService } from '../apps/server/src/modules/lottery';
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

function pgbench(url: string, clients: number, seconds: number): number {
  execFileSync(PGBENCH, ['-i', '-q', '-s', '1', url], { stdio: 'pipe' });
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

/** Settles one round of `bets` bets from `players` players on a separate database, on a fake clock. */
async function settlementScenario(adminUrl: string, bets: number, players: number) {
  const db = await openPostgres(await createDatabase(adminUrl, 'wingo_settle_bench'), 4);
  await migrate(db);
  const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
  const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return log; }, level: 'silent', silent() {} } as never;
  const events = createEvents({ db, clock, bus: createInProcessBus(log), log });
  const safety = createSafetyService({ db, clock, settings: DEFAULT_SAFETY_SETTINGS, currency: 'INR' });
  const lottery = createLotteryService({ db, clock, events, log, safety, chainSecret: 'bench-lottery-chain-secret-0123456789abcdef' });
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
  const settleBets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);

  const tpcb = pgbench(await createDatabase(adminUrl, 'pgbench_tpcb'), 16, pgbenchSeconds);

  const db = await openPostgres(await createDatabase(adminUrl, 'wingo_bench'), 20);
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-wingo-bench-'));
  tempDirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef01',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    EVENTS_POLL_MS: '0',
    // The bench drives the engine itself (one tick before the load); draws are not measured here.
    LOTTERY_TICK_MS: '0',
  });
  const app = await buildApp({ config, db, logger: { level: 'warn', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
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
  const load = await betLoad({ base, path: '/api/lottery/wingo/bets', tokens, room: '30s', period: current.period, warmupMs: 1000, durationMs: seconds * 1000, runId: Date.now() });
  const sorted = [...load.samplesMs].sort((a, b) => a - b);
  const ok = load.statuses['200'] ?? 0;
  const betsPerSecond = round2((ok / load.wallMs) * 1000);
  const invariantsAfterBets = (await checkInvariants(db)).length;
  const database = await durability(db);
  await app.close();

  const settlement = await settlementScenario(adminUrl, settleBets, 1_000);

  const report = {
    measuredAt: new Date().toISOString(),
    engine: 'postgresql',
    database,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round2(totalmem() / 2 ** 30), node: process.version },
    pgbenchTpcb: { clients: 16, seconds: pgbenchSeconds, scale: 1, tps: tpcb },
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
      groupCommit: { windowMs: 2, maxBets: 64, concurrentBatches: 4 },
      ledgerInvariantViolations: invariantsAfterBets,
    },
    settlement,
    goals: { betsPerSecondAtLeast2xTpcb: betsPerSecond >= 2 * tpcb, p99Under50Ms: percentile(sorted, 99) < 50, settle100kUnder1500Ms: settlement.settleMs < 1500 },
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
  if (invariantsAfterBets > 0 || settlement.ledgerInvariantViolations > 0) process.exit(1);
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

/**
 * Performance measurements (never asserted in tests): starts the real server on a free
 * 127.0.0.1 port over the embedded PGlite, or over PostgreSQL when BENCH_DATABASE_URL is set
 * (`npm run bench:pg` starts a throwaway, durable cluster), drives it over real HTTP and writes
 * a JSON report to bench/runs/ (ignored by git). `--update-baseline` also writes it to
 * bench/baseline/<engine>.json, the committed figures a person updates on purpose.
 *
 * Scenarios: the hot path (`/healthz` against an authenticated read, 16 connections, with the
 * request log at info and at warn), login (argon2id verification dominates), and UPI recharges
 * end to end (create order → sandbox gateway "Pay" → signed webhook over HTTP → ledger credit).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type Db } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { checkInvariants } from '../apps/server/src/modules/ledger';
import { backendsCpu, hotPath, round, stats, type Stats } from './lib/hot-path';

const PASSWORD = 'Bench-Marigold-77';

/** Runs `task(i)` for i in [0, count) with `concurrency` workers; returns per-call latencies. */
async function measure(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<Stats> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return stats(samples, performance.now() - started);
}

// Temporary folders of this run, removed however the run ends.
const tempDirs: string[] = [];
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

async function openDb(): Promise<{ db: Db; engine: string }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return { db: await openPglite(path.join(tempDir('colorplay-bench-'), 'pglite')), engine: 'pglite' };
  return { db: await openPostgres(url, 20), engine: 'postgresql' };
}

/** The settings that decide what a commit costs, as the server reports them. */
async function durability(db: Db) {
  const setting = async (name: string) => (await db.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]?.v;
  return {
    fsync: await setting('fsync'),
    synchronousCommit: await setting('synchronous_commit'),
    fullPageWrites: await setting('full_page_writes'),
  };
}

type Report = { engine: string; scenarios: Record<string, { perSecond: number; p50Ms: number; p99Ms: number }> };

/** One line per scenario: the committed baseline's figures beside this run's. */
function compare(baseline: Report | undefined, now: Report): string {
  const lines = ['scenario                         baseline req/s p50 p99  →  now req/s p50 p99'];
  for (const [name, s] of Object.entries(now.scenarios)) {
    const b = baseline?.scenarios[name];
    const was = b ? `${b.perSecond} ${b.p50Ms} ${b.p99Ms}` : '(none)';
    lines.push(`${name.padEnd(32)} ${was.padEnd(24)} →  ${s.perSecond} ${s.p50Ms} ${s.p99Ms}`);
  }
  return lines.join('\n');
}

async function main() {
  const updateBaseline = process.argv.includes('--update-baseline');
  const hotSeconds = Number(process.env.BENCH_HOT_SECONDS ?? 4);
  const hotRounds = Number(process.env.BENCH_HOT_ROUNDS ?? 3);
  const { db, engine } = await openDb();
  await migrate(db);
  const dataDir = tempDir('colorplay-bench-data-');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef01',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    // The USDT sandbox runs an EVM dev chain and its watcher in the server process (about a
    // tenth of its CPU while /healthz was measured): no scenario here uses USDT.
    USDT_CHANNEL: 'off',
  });
  // The log goes where production's would, to a file descriptor, but one that costs no disk:
  // what is measured is the work of building and serialising each line.
  const app = await buildApp({ config, db, logger: { level: 'info', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const json = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const payload = (await res.json()) as { data?: Record<string, unknown>; error?: { code: string } };
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${payload.error?.code}`);
    return payload.data!;
  };

  // Five players, each through the registration code step: the server runs the sandbox SMS
  // channel here, so the code is read back with the handle the code request returned.
  const phones = Array.from({ length: 5 }, (_, i) => `97${String(Date.now() % 1e7).padStart(7, '0')}${i}`);
  const tokens: string[] = [];
  for (const phone of phones) {
    const { sandboxHandle } = await json('POST', '/api/register/request-code', { phone });
    const outbox = await json('GET', `/api/sandbox/sms-outbox?handle=${String(sandboxHandle)}`);
    const sms = (outbox.messages as { body: string }[])[0]?.body ?? '';
    const code = /\b(\d{6})\b/.exec(sms)?.[1];
    if (!code) throw new Error(`no registration code in the sandbox outbox for ${phone}`);
    tokens.push((await json('POST', '/api/register', { phone, code, password: PASSWORD, ageConfirmed: true })).token as string);
  }

  const login = await measure(20, 2, async (i) => {
    await json('POST', '/api/login', { phone: phones[i % phones.length], password: PASSWORD });
  });

  const recharges = Number(process.env.BENCH_RECHARGES ?? 300);
  const recharge = await measure(recharges, 8, async (i) => {
    const token = tokens[i % tokens.length];
    const order = await json('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 500_00, idempotencyKey: `bench-${i}-${Date.now()}` }, token);
    const pay = await fetch(base + String(order.paymentUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=paid',
      redirect: 'manual',
    });
    if (pay.status !== 303) throw new Error(`sandbox pay answered ${pay.status}`);
  });

  // The hot path, once the players have money: the cheapest route against an authenticated
  // read, with the request log at info and at warn (bench/lib/hot-path.ts).
  const databaseCpuMs = engine === 'postgresql' ? backendsCpu(db) : async () => undefined;
  const hot = await hotPath(app, base, tokens[0]!, { seconds: hotSeconds, rounds: hotRounds, databaseCpuMs });

  const credited = await Promise.all(tokens.map(async (t) => (await json('GET', '/api/wallet/balance', undefined, t)).balanceMinor as number));
  const creditedMinor = credited.reduce((a, b) => a + b, 0);
  const violations = await checkInvariants(db);

  const report = {
    measuredAt: new Date().toISOString(),
    engine,
    database: engine === 'pglite' ? { embedded: true } : await durability(db),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round(totalmem() / 2 ** 30), node: process.version },
    scenarios: {
      ...hot.scenarios,
      loginArgon2id: { concurrency: 2, ...login },
      upiRechargeEndToEnd: { concurrency: 8, ...recharge },
    },
    hotPath: hot.summary,
    checks: {
      expectedCreditMinor: recharges * 500_00,
      creditedMinor,
      ledgerInvariantViolations: violations.length,
    },
  };
  await app.close(); // closes the database too

  const text = JSON.stringify(report, null, 2) + '\n';
  const runsDir = path.join(import.meta.dirname, 'runs');
  mkdirSync(runsDir, { recursive: true });
  const file = path.join(runsDir, `${engine}-${report.measuredAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, text);
  const baselineFile = path.join(import.meta.dirname, 'baseline', `${engine}.json`);
  const baseline = existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Report) : undefined;
  process.stdout.write(`${text}\n${compare(baseline, report)}\n\nreport written to ${file}\n`);
  if (updateBaseline) {
    mkdirSync(path.dirname(baselineFile), { recursive: true });
    writeFileSync(baselineFile, text);
    process.stdout.write(`baseline updated: ${baselineFile} (commit it with a note of what changed)\n`);
  }
  if (creditedMinor !== recharges * 500_00 || violations.length > 0) process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * Performance measurements (never asserted in tests): starts the real server on a free
 * 127.0.0.1 port over the embedded PGlite, or over PostgreSQL when BENCH_DATABASE_URL is set
 * (`npm run bench:pg` starts a throwaway cluster), drives it over real HTTP and writes a JSON
 * report to bench/results/<engine>.json.
 *
 * Scenarios: login (argon2id verification dominates), balance reads under concurrency, and
 * UPI recharges end to end (create order → sandbox gateway "Pay" → signed webhook over HTTP →
 * ledger credit).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type Db } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { checkInvariants } from '../apps/server/src/modules/ledger';

const PASSWORD = 'Bench-Marigold-77';

type Stats = { count: number; totalMs: number; perSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

function stats(samples: number[], wallMs: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    count: samples.length,
    totalMs: round(wallMs),
    perSecond: round((samples.length / wallMs) * 1000),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}
const round = (n: number) => Math.round(n * 100) / 100;

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

async function openDb(): Promise<{ db: Db; engine: string }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'colorplay-bench-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    return { db: await openPglite(path.join(dir, 'pglite')), engine: 'pglite' };
  }
  return { db: await openPostgres(url, 20), engine: 'postgresql' };
}

async function main() {
  const { db, engine } = await openDb();
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef01',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
  });
  const app = await buildApp({ config, db, logger: false });
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

  const balance = await measure(2000, 16, async (i) => {
    await json('GET', '/api/wallet/balance', undefined, tokens[i % tokens.length]);
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

  const credited = await Promise.all(tokens.map(async (t) => (await json('GET', '/api/wallet/balance', undefined, t)).balanceMinor as number));
  const creditedMinor = credited.reduce((a, b) => a + b, 0);
  const violations = await checkInvariants(db);

  const report = {
    measuredAt: new Date().toISOString(),
    engine,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round(totalmem() / 2 ** 30), node: process.version },
    scenarios: {
      loginArgon2id: { concurrency: 2, ...login },
      walletBalanceRead: { concurrency: 16, ...balance },
      upiRechargeEndToEnd: { concurrency: 8, ...recharge },
    },
    checks: {
      expectedCreditMinor: recharges * 500_00,
      creditedMinor,
      ledgerInvariantViolations: violations.length,
    },
  };
  await app.close(); // closes the database too
  rmSync(dataDir, { recursive: true, force: true });

  const outDir = path.join(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${engine}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  process.stdout.write(JSON.stringify(report, null, 2) + `\nreport written to ${file}\n`);
  if (creditedMinor !== recharges * 500_00 || violations.length > 0) process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * The hot path (decision 091, 094; decision 307's goal: an authenticated read at least 30 % of
 * `/healthz`): `GET /healthz` against `GET /api/wallet/balance` with a bearer token, 16
 * keep-alive connections from a separate load process (bench/lib/load.mjs), each with the request
 * log at info and at warn, in interleaved rounds of which each scenario keeps its best. Used by
 * bench/run.ts and bench/wingo.ts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/db';

export type Stats = { count: number; totalMs: number; perSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

export const round = (n: number) => Math.round(n * 100) / 100;

/** Count, wall time, throughput and latency percentiles of one scenario's samples. */
export function stats(samples: number[], wallMs: number): Stats {
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

type LoadJob = { base: string; path: string; headers: Record<string, string>; connections: number; warmupMs: number; durationMs: number };
type LoadResult = { samplesMs: number[]; wallMs: number; non2xx: number; total: number; cpuUs: number };
export type HotStats = Stats & {
  non2xx: number;
  serverCpuUsPerRequest: number;
  databaseCpuUsPerRequest?: number;
  clientCpuUsPerRequest: number;
};

/**
 * `connections` keep-alive GETs of `path` for `durationMs`, sent from a child process. Besides
 * throughput and latency it reports CPU time per request, of this (server) process and of the
 * database's backends: on a shared 2-core machine throughput swings with the neighbours' load,
 * CPU per request much less.
 */
async function load(job: LoadJob, databaseCpuMs: () => Promise<number | undefined>): Promise<HotStats> {
  const cpuPer = await cpuMeter(databaseCpuMs);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load.mjs'), JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const r = JSON.parse(out) as LoadResult;
  const cpu = await cpuPer(r.total);
  return {
    ...stats(r.samplesMs, r.wallMs),
    non2xx: r.non2xx,
    serverCpuUsPerRequest: cpu.serverUs,
    // Includes the load process's start-up; small next to thousands of requests.
    clientCpuUsPerRequest: round(r.cpuUs / r.total),
    ...(cpu.databaseUs !== null ? { databaseCpuUsPerRequest: cpu.databaseUs } : {}),
  };
}

/**
 * Starts measuring the CPU of this (server) process and of the database's backends; the function
 * it returns stops and gives each per request (µs) for `requests` requests (database null when
 * its backends cannot be read).
 */
export async function cpuMeter(databaseCpuMs: () => Promise<number | undefined>) {
  const cpuBefore = process.cpuUsage();
  const dbBefore = await databaseCpuMs();
  return async (requests: number) => {
    const cpu = process.cpuUsage(cpuBefore);
    const dbAfter = await databaseCpuMs();
    return {
      serverUs: round((cpu.user + cpu.system) / requests),
      databaseUs: dbBefore !== undefined && dbAfter !== undefined ? round(((dbAfter - dbBefore) * 1000) / requests) : null,
    };
  };
}

/** CPU time (ms) used so far by the PostgreSQL backends serving this database, from /proc. */
export function backendsCpu(db: Db) {
  return async (): Promise<number | undefined> => {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 (utime, stime) follow the parenthesised command name.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        return undefined; // not on this machine, or not readable
      }
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  };
}

export type HotPathScenarios = Record<string, HotStats & { concurrency: number; logLevel: string; rounds: number }>;

/**
 * Runs the four hot-path scenarios (`healthz_log_info`, `walletBalance_log_info`, and the same
 * at warn) on a listening app and sums them up: the authenticated read's throughput as a share
 * of `/healthz`'s, the same share from CPU per request (steadier on a shared machine), and what
 * the info-level request log costs. Leaves the app's log level at info.
 */
export async function hotPath(app: FastifyInstance, base: string, token: string, options: { seconds: number; rounds: number; databaseCpuMs: () => Promise<number | undefined> }) {
  const hot = async (url: string, bearer?: string) =>
    load(
      { base, path: url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, connections: 16, warmupMs: 1000, durationMs: options.seconds * 1000 },
      options.databaseCpuMs,
    );
  // Rounds interleave the four runs so a neighbour's burst of load does not land on one of
  // them only; each scenario keeps its best round (highest throughput).
  const scenarios: HotPathScenarios = {};
  const keepBest = (name: string, level: string, s: HotStats) => {
    const prior = scenarios[name];
    if (!prior || s.perSecond > prior.perSecond) scenarios[name] = { concurrency: 16, logLevel: level, rounds: options.rounds, ...s };
  };
  for (let r = 0; r < options.rounds; r++) {
    for (const level of ['info', 'warn']) {
      app.log.level = level;
      keepBest(`healthz_log_${level}`, level, await hot('/healthz'));
      keepBest(`walletBalance_log_${level}`, level, await hot('/api/wallet/balance', token));
    }
  }
  app.log.level = 'info';
  const ratio = (a: number, b: number) => round(a / b);
  const cpuPerRequest = (h: HotStats) => h.serverCpuUsPerRequest + h.clientCpuUsPerRequest + (h.databaseCpuUsPerRequest ?? 0);
  const measured = (name: string): HotStats => {
    const found = scenarios[name];
    if (!found) throw new Error(`hot path: no ${name} (rounds must be at least 1)`);
    return found;
  };
  const s = {
    healthz_log_info: measured('healthz_log_info'),
    healthz_log_warn: measured('healthz_log_warn'),
    walletBalance_log_info: measured('walletBalance_log_info'),
    walletBalance_log_warn: measured('walletBalance_log_warn'),
  };
  return {
    scenarios,
    summary: {
      authenticatedReadShareOfHealthz: ratio(s.walletBalance_log_info.perSecond, s.healthz_log_info.perSecond),
      // The same share from CPU per request (client, server and database together): what the
      // throughput share would be on a machine doing nothing else, and far steadier here.
      authenticatedReadCpuShareOfHealthz: ratio(cpuPerRequest(s.healthz_log_info), cpuPerRequest(s.walletBalance_log_info)),
      // What the info-level request log costs, as server CPU per request (the steady figure)
      // and as throughput lost at info against warn (noisy on a shared machine).
      logInfoServerCpuUsPerRequestHealthz: round(s.healthz_log_info.serverCpuUsPerRequest - s.healthz_log_warn.serverCpuUsPerRequest),
      logInfoServerCpuUsPerRequestWalletBalance: round(s.walletBalance_log_info.serverCpuUsPerRequest - s.walletBalance_log_warn.serverCpuUsPerRequest),
      logInfoCostHealthzPercent: round((1 - s.healthz_log_info.perSecond / s.healthz_log_warn.perSecond) * 100),
      logInfoCostWalletBalancePercent: round((1 - s.walletBalance_log_info.perSecond / s.walletBalance_log_warn.perSecond) * 100),
    },
  };
}

/**
 * The PostgreSQL side of the Wingo bench: databases of the throwaway cluster, pgbench's TPC-B
 * figure on the same server and in the same run, and the settings that decide what a commit costs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/db';

const PGBENCH = process.env.PGBENCH_BIN ?? '/usr/lib/postgresql/15/bin/pgbench';

/** A fresh database `name` on the cluster of `adminUrl` (dropped first if it exists); its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The fields of /proc/<pid>/stat after the parenthesised command name (field 3, the state, is [0]). */
function procStat(pid: number | 'self'): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined; // gone, or not Linux
  }
}
const ticksMs = (...fields: (string | undefined)[]) => fields.reduce((sum, f) => sum + Number(f ?? 0), 0) * 10; // USER_HZ is 100

/**
 * CPU time (ms) of this process's children that have ended and been waited for (cutime + cstime):
 * pgbench's own CPU, taken around a run that execFileSync waits for.
 */
export function endedChildrenCpuMs(): number {
  const f = procStat('self');
  return f ? ticksMs(f[13], f[14]) : Number.NaN;
}

/**
 * CPU time (ms) of the whole PostgreSQL cluster behind `db`, measured from outside: the postmaster,
 * every process it runs now (backends, checkpointer, WAL writer, autovacuum) and every child it has
 * already reaped (a backend of a connection that closed). The meter decision 525 compares a bet and a
 * TPC-B transaction with: pg_stat_activity's backends of one database miss the WAL writer, the
 * checkpointer and ended connections. undefined when /proc cannot be read.
 */
export function clusterCpu(db: Db) {
  return async (): Promise<number | undefined> => {
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = Number(procStat(rows[0]!.pid)?.[1]);
    const own = procStat(postmaster);
    if (!own) return undefined;
    let ms = ticksMs(own[11], own[12], own[13], own[14]);
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const f = procStat(Number(name));
      if (f && Number(f[1]) === postmaster) ms += ticksMs(f[11], f[12]);
    }
    return ms;
  };
}

export type PgbenchResult = {
  tps: number;
  transactions: number;
  /** CPU per transaction (µs): pgbench's process and the whole database cluster (clusterCpu). */
  cpuUsPerTransaction: { pgbench: number; database: number | null; total: number | null };
};

/**
 * pgbench's TPC-B (`-i -s scale`, then `clients` clients for `seconds`): transactions per second and
 * the CPU each transaction cost, pgbench's own and the cluster's, measured after a checkpoint so
 * the initialisation's writes are not counted.
 */
export async function pgbench(url: string, clients: number, seconds: number, scale: number, meter: Db): Promise<PgbenchResult> {
  execFileSync(PGBENCH, ['-i', '-q', '-s', String(scale), url], { stdio: 'pipe' });
  await meter.query('CHECKPOINT');
  const databaseCpu = clusterCpu(meter);
  const dbBefore = await databaseCpu();
  const childBefore = endedChildrenCpuMs();
  const out = execFileSync(PGBENCH, ['-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
  const pgbenchMs = endedChildrenCpuMs() - childBefore;
  const dbAfter = await databaseCpu();
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const n = /number of transactions actually processed: (\d+)/.exec(out);
  if (!m || !n) throw new Error(`no tps in pgbench output:\n${out}`);
  const transactions = Number(n[1]);
  const us = (ms: number) => Math.round((ms * 1000) / transactions);
  const database = dbBefore !== undefined && dbAfter !== undefined ? us(dbAfter - dbBefore) : null;
  return {
    tps: Number(m[1]),
    transactions,
    cpuUsPerTransaction: { pgbench: us(pgbenchMs), database, total: database === null ? null : us(pgbenchMs) + database },
  };
}

/** fsync, synchronous_commit and full_page_writes as the server reports them. */
export async function durability(db: Db) {
  const setting = async (name: string) => (await db.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]?.v;
  return { fsync: await setting('fsync'), synchronousCommit: await setting('synchronous_commit'), fullPageWrites: await setting('full_page_writes') };
}

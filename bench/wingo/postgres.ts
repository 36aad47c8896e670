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

/**
 * What the database wrote while a phase ran (decision 575): WAL bytes, records and full-page
 * images (pg_stat_wal, the whole cluster), and the row updates of the ledger's accounts and the
 * rounds' stakes with how many were HOT (no index entry: pg_stat_user_tables of `db`'s database).
 * Unlike CPU, these do not move with the neighbours' load, so an A/B of the schema shows in them
 * plainly. Call the returned function with the operation count to get the figures per operation.
 */
export async function writeMeter(db: Db) {
  const read = async () => {
    // Statistics are flushed by each backend at most once a second; a fresh snapshot reads them.
    await db.query('SELECT pg_stat_clear_snapshot()');
    const wal = (await db.query<{ records: string; fpi: string; bytes: string }>('SELECT wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes FROM pg_stat_wal')).rows[0]!;
    const { rows } = await db.query<{ relname: string; upd: string; hot: string }>(
      `SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname IN ('ledger_accounts', 'lottery_round_stakes')`,
    );
    return { records: Number(wal.records), fpi: Number(wal.fpi), bytes: Number(wal.bytes), tables: new Map(rows.map((r) => [r.relname, { upd: Number(r.upd), hot: Number(r.hot) }])) };
  };
  const before = await read();
  return async (operations: number) => {
    // Let every backend of the phase flush its counters (PGSTAT_MIN_INTERVAL is 1 s).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await read();
    const per = (a: number, b: number) => Math.round(((a - b) / operations) * 100) / 100;
    const hotShare = (name: string) => {
      const a = after.tables.get(name);
      const b = before.tables.get(name) ?? { upd: 0, hot: 0 };
      const upd = a ? a.upd - b.upd : 0;
      return { updates: upd, hot: a ? a.hot - b.hot : 0, hotShare: upd > 0 ? Math.round(((a!.hot - b.hot) / upd) * 1000) / 1000 : null };
    };
    return {
      walBytes: per(after.bytes, before.bytes),
      walRecords: per(after.records, before.records),
      walFullPageImages: per(after.fpi, before.fpi),
      ledgerAccountsUpdates: hotShare('ledger_accounts'),
      roundStakesUpdates: hotShare('lottery_round_stakes'),
    };
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

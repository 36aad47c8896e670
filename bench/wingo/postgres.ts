/**
 * The PostgreSQL side of the Wingo bench: databases of the throwaway cluster, pgbench's TPC-B
 * figure on the same server and in the same run, and the settings that decide what a commit costs.
 */
import { execFileSync } from 'node:child_process';
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

/** pgbench's TPC-B (`-i -s scale`, then `clients` clients for `seconds`): transactions per second. */
export function pgbench(url: string, clients: number, seconds: number, scale = 1): number {
  execFileSync(PGBENCH, ['-i', '-q', '-s', String(scale), url], { stdio: 'pipe' });
  const out = execFileSync(PGBENCH, ['-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!m) throw new Error(`no tps in pgbench output:\n${out}`);
  return Number(m[1]);
}

/** fsync, synchronous_commit and full_page_writes as the server reports them. */
export async function durability(db: Db) {
  const setting = async (name: string) => (await db.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]?.v;
  return { fsync: await setting('fsync'), synchronousCommit: await setting('synchronous_commit'), fullPageWrites: await setting('full_page_writes') };
}

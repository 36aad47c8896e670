#!/usr/bin/env node
// Starts a throwaway PostgreSQL cluster from the machine's binaries on 127.0.0.1 and a free
// port, runs the given command with TEST_DATABASE_URL pointing at it (a superuser, to create
// databases) and TEST_DATABASE_OWNER_ROLE / TEST_DATABASE_APP_ROLE naming the two roles tests use, then stops and removes
// the cluster whatever happened. initdb refuses to run as root, so the cluster belongs to the
// `postgres` user when we are root.
//
// The cluster is durable (fsync, synchronous_commit and full_page_writes keep their defaults,
// all on): tests and `npm run bench:pg` then measure what production pays for a commit.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { capture, cleanUpOnSignal, freePort, run } from './lib.mjs';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
if (!existsSync(path.join(BIN, 'initdb'))) {
  console.error(`PostgreSQL binaries not found in ${BIN} (apt-get install postgresql-15, or set PG_BIN)`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
const base = mkdtempSync(path.join(tmpdir(), 'colorplay-pg-'));
chmodSync(base, 0o777);
const dataDir = path.join(base, 'data');
const sockDir = path.join(base, 'sock');
const asPg = (bin, binArgs) =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...binArgs]] : [path.join(BIN, bin), binArgs];

let started = false;
// A start interrupted half-way may have left a running server behind its pid file.
const running = () => started || existsSync(path.join(dataDir, 'postmaster.pid'));
// Interrupted between two commands: stop the cluster and remove its folder before exiting.
cleanUpOnSignal(() => {
  if (running()) spawnSync(...asPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
  rmSync(base, { recursive: true, force: true });
});
const port = await freePort();
let code = 1;
try {
  if (asRoot) await capture('install', ['-d', '-o', 'postgres', '-g', 'postgres', '-m', '700', sockDir]);
  await capture(...asPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']));
  const opts = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-k ${asRoot ? sockDir : base}`,
    '-c max_connections=200',
    // More server settings for a profiling run (e.g. `-c shared_preload_libraries=pg_stat_statements`).
    process.env.PG_EXTRA_OPTS ?? '',
  ].join(' ');
  await capture(...asPg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', path.join(dataDir, 'server.log'), '-w', 'start']));
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // The two roles of production (docs/operations.md, "Database roles"): each test database is
  // owned and migrated by colorplay_owner, and the tests' app runs as colorplay_app, which may
  // only INSERT and SELECT the audit log. Neither is a superuser.
  await capture(...asPg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c',
    'CREATE ROLE colorplay_owner LOGIN; CREATE ROLE colorplay_app LOGIN;']));
  console.log(`[with-postgres] PostgreSQL 15 on 127.0.0.1:${port}`);
  code = await run(cmd, args, {
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_DATABASE_OWNER_ROLE: 'colorplay_owner', TEST_DATABASE_APP_ROLE: 'colorplay_app' },
    shell: false,
  });
} catch (err) {
  console.error(`[with-postgres] ${err.message}`);
} finally {
  if (running()) {
    await capture(...asPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])).catch((err) =>
      console.error(`[with-postgres] stop failed: ${err.message}`),
    );
  }
  rmSync(base, { recursive: true, force: true });
}
process.exit(code);

#!/usr/bin/env node
// `npm run test:cluster` (decision 231): three app nodes from the production build behind
// HAProxy, with PostgreSQL and Redis, and the faults of decision 231 (cluster/run.ts). Needs the
// PostgreSQL 15 binaries, redis-server and haproxy; the last two are installed with apt-get when
// missing and we may (root, as in CI), like scripts/test.mjs does for Redis. Without them the
// test says it skips and exits 0, so `npm test` still runs on a laptop without them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cleanUpOnSignal, run } from './lib.mjs';

//
// With --ha (`npm run test:ha`, decision 425) it runs the database tier's test instead: Patroni
// with three PostgreSQL members and etcd, HAProxy, pgBackRest, the failover and the restore drill
// (cluster/run.ts --ha); it installs Debian's patroni, etcd-server and pgbackrest the same way.
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const ha = process.argv.includes('--ha');
const parts = [
  ['redis-server', process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server'],
  ['haproxy', process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'],
  ...(ha
    ? [
        ['patroni', process.env.PATRONI_BIN ?? '/usr/bin/patroni'],
        ['etcd-server', process.env.ETCD_BIN ?? '/usr/bin/etcd'],
        ['pgbackrest', process.env.PGBACKREST_BIN ?? '/usr/bin/pgbackrest'],
      ]
    : []),
];
const tag = ha ? '[ha]' : '[cluster]';
// PostgreSQL and Patroni run as the postgres user: only root can start them as that user.
if (ha && process.getuid?.() !== 0) {
  console.warn(`${tag} skipped: the database tier's test runs PostgreSQL and Patroni as the postgres user, which needs root`);
  process.exit(0);
}
const missing = parts.filter(([, bin]) => !existsSync(bin)).map(([pkg]) => pkg);
if (missing.length && process.getuid?.() === 0) {
  console.log(`${tag} installing Debian ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) process.exit(1);
  if ((await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env })) !== 0) process.exit(1);
}
const stillMissing = [...parts.filter(([, bin]) => !existsSync(bin)).map(([pkg]) => pkg), ...(existsSync(path.join(PG_BIN, 'initdb')) ? [] : ['postgresql-15'])];
// --parts-only: install what is missing and say whether all is there (bench:wingo's clusterSockets, decision 590).
if (process.argv.includes('--parts-only')) {
  if (stillMissing.length) console.error(`${tag} missing: ${stillMissing.join(', ')} (apt-get install -y ${stillMissing.join(' ')})`);
  process.exit(stillMissing.length ? 1 : 0);
}
if (stillMissing.length) {
  console.warn(`${tag} skipped: ${stillMissing.join(', ')} missing (apt-get install -y ${stillMissing.join(' ')})`);
  process.exit(0);
}

const root = path.resolve(import.meta.dirname, '..');
// A signal goes on to the running child; cluster/run.ts then stops its processes and removes its folder.
cleanUpOnSignal(() => undefined);
// The nodes run the production bundle, built from the current sources.
if ((await run(process.execPath, ['scripts/build-server.mjs'], { cwd: root })) !== 0) process.exit(1);
// …and needs nothing but production dependencies at run time.
if ((await run(process.execPath, ['scripts/check-production-deps.mjs'], { cwd: root })) !== 0) process.exit(1);
process.exit(await run(process.execPath, ['--import', 'tsx', 'cluster/run.ts', ...(ha ? ['--ha'] : [])], { cwd: root }));

#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step prints its own result;
// the last line sums them up in the plain 'N passed, N failed' form.
import { existsSync } from 'node:fs';
import { run, runKeepingTail } from './lib.mjs';

/**
 * How many of a failed step's last lines the summary repeats: CI shows a run's tail, and a failed
 * test hundreds of lines above the summary was invisible there.
 */
const TAIL_LINES = 120;

// The event-bus tests start a real redis-server (Debian's package). Install it when missing and
// we may (root, as in CI), like e2e.mjs does for Chromium; otherwise those tests say they skip.
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
if (!existsSync(REDIS_SERVER)) {
  if (process.getuid?.() === 0) {
    console.log('[test] installing Debian redis-server with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) process.exit(1);
    if ((await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { env })) !== 0) process.exit(1);
  } else {
    console.warn(`[test] ${REDIS_SERVER} is missing (apt-get install -y redis-server): the Redis bus tests will be skipped`);
  }
}

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and web tests', 'npx', ['--no-install', 'vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['server tests on PGlite', 'npx', ['--no-install', 'vitest', 'run', '--project', 'server']],
  ['server tests on PostgreSQL', 'node', ['scripts/with-postgres.mjs', 'npx', '--no-install', 'vitest', 'run', '--project', 'server']],
  ['e2e in Chromium', 'node', ['scripts/e2e.mjs']],
  // Three nodes from the production build behind HAProxy, with PostgreSQL and Redis, and their
  // faults (decision 231). It installs redis-server and haproxy like above, or says it skips.
  ['cluster of three nodes', 'node', ['scripts/cluster-test.mjs']],
  // Patroni's three PostgreSQL members, etcd, pgBackRest: the primary's machine killed under
  // load, then a point-in-time restore drill (decision 425). Installs its packages or skips.
  ['database failover and restore drill', 'node', ['scripts/cluster-test.mjs', '--ha']],
  // The alert rules of ops/prometheus against their unit tests (decision 429), with promtool.
  ['Prometheus alert rules', 'node', ['scripts/prometheus-test.mjs']],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const { code, tail } = await runKeepingTail(cmd, args, TAIL_LINES);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    passed++;
    console.log(`=== ${name}: ok (${secs} s)`);
  } else {
    failed++;
    failures.push({ name, tail });
    console.log(`=== ${name}: FAILED with exit code ${code} (${secs} s)`);
  }
}
for (const { name, tail } of failures) {
  console.log(`\n=== ${name} failed; its last ${tail.length} lines again:`);
  console.log(tail.join('\n'));
}
console.log(`\nsteps: ${passed} passed, ${failed} failed${failed ? ` (${failures.map((f) => f.name).join(', ')})` : ''}`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm run test:prometheus` (decision 429): the Prometheus configuration and alert rules in
// ops/prometheus are checked with promtool, and the rules' unit tests (rules.test.yml) run. Needs
// Debian's prometheus package (promtool), installed with apt-get when missing and we may (root,
// as in CI), like cluster-test.mjs does; otherwise it says it skips and exits 0.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './lib.mjs';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
if (!existsSync(PROMTOOL) && process.getuid?.() === 0) {
  console.log('[prometheus] installing Debian prometheus (for promtool) with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) process.exit(1);
  if ((await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'prometheus'], { env })) !== 0) process.exit(1);
}
if (!existsSync(PROMTOOL)) {
  console.warn(`[prometheus] skipped: ${PROMTOOL} missing (apt-get install -y prometheus)`);
  process.exit(0);
}
const cwd = path.resolve(import.meta.dirname, '../ops/prometheus');
for (const args of [['check', 'config', '--syntax-only', 'prometheus.yml'], ['check', 'rules', 'rules.yml'], ['test', 'rules', 'rules.test.yml']]) {
  const code = await run(PROMTOOL, args, { cwd });
  if (code !== 0) process.exit(code);
}

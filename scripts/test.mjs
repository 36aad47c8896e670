#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step prints its own result;
// the last line sums them up in the plain 'N passed, N failed' form.
import { run } from './lib.mjs';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and web tests', 'npx', ['--no-install', 'vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['server tests on PGlite', 'npx', ['--no-install', 'vitest', 'run', '--project', 'server']],
  ['server tests on PostgreSQL', 'node', ['scripts/with-postgres.mjs', 'npx', '--no-install', 'vitest', 'run', '--project', 'server']],
  ['e2e in Chromium', 'node', ['scripts/e2e.mjs']],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const code = await run(cmd, args);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    passed++;
    console.log(`=== ${name}: ok (${secs} s)`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED with exit code ${code} (${secs} s)`);
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

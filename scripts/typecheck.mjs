#!/usr/bin/env node
// Type-checks every workspace with its own tsconfig (strict everywhere).
import { run } from './lib.mjs';

const projects = ['packages/contract', 'packages/fair', 'packages/lottery', 'apps/server', 'apps/demo-vendor', 'apps/web', 'e2e', 'bench', 'cluster', 'scripts/docs'];
let failed = 0;
for (const p of projects) {
  const code = await run('npx', ['--no-install', 'tsc', '-p', p, '--noEmit']);
  if (code !== 0) failed++;
  else console.log(`typecheck ${p}: ok`);
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm start`: builds the player app when its sources are newer than the build, then runs the
// server (API + built SPA on one origin) with the embedded defaults: PGlite under ./data,
// sandbox channels and the demo player. Signals pass through for a graceful shutdown.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt) {
  console.log('[start] building the player app…');
  const code = await run('npm', ['run', '--silent', 'build'], { cwd: root });
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

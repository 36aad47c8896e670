#!/usr/bin/env node
// `npm start`: builds the player app when its sources are newer than the build, then runs the
// server (API + built SPA on one origin) with the embedded defaults: PGlite under ./data,
// sandbox channels and the demo player. Signals pass through for a graceful shutdown.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  const code = await run('npm', ['run', '--silent', 'build', '-w', '@colorplay/web'], { cwd: root });
  if (code !== 0) process.exit(code);
}

// The demo game vendor (apps/demo-vendor) is a sandbox channel: on by default outside
// production, as the server decides with the same settings (DEMO_VENDOR, NODE_ENV).
const production = process.env.NODE_ENV === 'production';
const demoVendorOn = process.env.DEMO_VENDOR ? ['1', 'true'].includes(process.env.DEMO_VENDOR) : !production;
const vendorPort = Number(process.env.DEMO_VENDOR_PORT ?? 3003);
const apiPort = Number(process.env.PORT ?? 3002);
const serverEnv = { ...process.env };
if (demoVendorOn && !serverEnv.DEMO_VENDOR_URL) serverEnv.DEMO_VENDOR_URL = `http://localhost:${vendorPort}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
const children = [server];

/** The vendor's secret: given, or the one the server generated into DATA_DIR/secrets.json. */
async function vendorSecret() {
  if (process.env.DEMO_VENDOR_SECRET) return process.env.DEMO_VENDOR_SECRET;
  const file = path.resolve(root, process.env.DATA_DIR ?? './data', 'secrets.json');
  for (let i = 0; i < 100; i++) {
    if (existsSync(file)) {
      const secret = JSON.parse(readFileSync(file, 'utf8')).demoVendor;
      if (secret) return secret;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`[start] no demo vendor secret in ${file}`);
}

if (demoVendorOn) {
  const vendor = spawn(process.execPath, ['--import', 'tsx', 'apps/demo-vendor/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DEMO_VENDOR_PORT: String(vendorPort),
      DEMO_VENDOR_SECRET: await vendorSecret(),
      COLORPLAY_API_URL: `http://127.0.0.1:${apiPort}`,
      COLORPLAY_LOBBY_URL: `http://localhost:${apiPort}/`,
    },
  });
  children.push(vendor);
  // The vendor is a helper of the server: if it dies, say so, but keep the lobby running.
  vendor.on('exit', (code) => code && console.error(`[start] the demo vendor stopped (exit ${code})`));
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => children.forEach((c) => c.kill(sig)));
server.on('exit', (code, signal) => {
  children.slice(1).forEach((c) => c.kill('SIGTERM'));
  process.exit(code ?? (signal ? 0 : 1));
});

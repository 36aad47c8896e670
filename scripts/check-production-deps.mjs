#!/usr/bin/env node
// Proves the production build needs no dev dependency at run time (decision 230).
//
// Always: every package the bundles import (dist/externals.json, written by build-server.mjs)
// must be a production dependency of the app or of a workspace package bundled into it, so
// `npm ci --omit=dev` installs it.
//
// With --install: copies the checkout's runtime files (package manifests, lockfile, the built
// dist/ folders, migrations, catalog, the vendor's public folder) into a temporary folder, runs
// `npm ci --omit=dev` there, then starts the built server with `node` on PGlite and waits for
// /readyz, and the built vendor for its answer. Slow (it downloads every production package),
// so it is a separate command: `npm run check:production -- --install`.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanUpOnSignal, freePort, run } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (p) => JSON.parse(readFileSync(path.join(root, p), 'utf8'));
const BUNDLED_WORKSPACES = ['packages/contract', 'packages/fair', 'packages/lottery'];
const APPS = [
  { dir: 'apps/server', entry: 'dist/server.js' },
  { dir: 'apps/demo-vendor', entry: 'dist/main.js' },
];

let problems = 0;
for (const app of APPS) {
  const externalsFile = path.join(app.dir, 'dist/externals.json');
  if (!existsSync(path.join(root, externalsFile))) {
    console.error(`[production] ${externalsFile} is missing: run npm run build first`);
    process.exit(1);
  }
  const allowed = new Set(
    [app.dir, ...BUNDLED_WORKSPACES].flatMap((dir) => Object.keys(readJson(`${dir}/package.json`).dependencies ?? {})),
  );
  for (const pkg of readJson(externalsFile)) {
    if (!allowed.has(pkg)) {
      problems++;
      console.error(`[production] ${app.dir}/${app.entry} imports ${pkg}, which is not a production dependency of ${app.dir} or a bundled package`);
    }
  }
}
if (problems) process.exit(1);
console.log('[production] every runtime import of the built server and vendor is a production dependency');

if (process.argv.includes('--install')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'colorplay-prod-'));
  const children = [];
  cleanUpOnSignal(() => {
    children.forEach((c) => c.kill('SIGKILL'));
    rmSync(dir, { recursive: true, force: true });
  });
  let code = 1;
  try {
    const copy = (p) => cpSync(path.join(root, p), path.join(dir, p), { recursive: true });
    ['package.json', 'package-lock.json', 'catalog'].forEach(copy);
    for (const ws of readJson('package.json').workspaces.map((g) => g.replace('/*', ''))) {
      for (const name of readdirSync(path.join(root, ws))) {
        if (existsSync(path.join(root, ws, name, 'package.json'))) copy(`${ws}/${name}/package.json`);
      }
    }
    ['apps/server/dist', 'apps/server/migrations', 'apps/demo-vendor/dist', 'apps/demo-vendor/public'].forEach(copy);
    if (existsSync(path.join(root, 'apps/web/dist'))) copy('apps/web/dist');
    console.log(`[production] npm ci --omit=dev in ${dir}`);
    if ((await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir })) !== 0) throw new Error('npm ci failed');
    if (existsSync(path.join(dir, 'node_modules/tsx')) || existsSync(path.join(dir, 'node_modules/esbuild'))) {
      throw new Error('a dev dependency (tsx or esbuild) was installed');
    }
    const port = await freePort();
    const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: dir,
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: path.join(dir, 'data'), USDT_CHANNEL: 'off', LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    children.push(server);
    let ready = false;
    for (let i = 0; i < 120 && !ready && server.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 500));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    }
    if (!ready) throw new Error('the built server did not become ready');
    const vendorPort = await freePort();
    const secret = JSON.parse(readFileSync(path.join(dir, 'data/secrets.json'), 'utf8')).demoVendor;
    const vendor = spawn(process.execPath, ['apps/demo-vendor/dist/main.js'], {
      cwd: dir,
      env: { PATH: process.env.PATH, DEMO_VENDOR_PORT: String(vendorPort), DEMO_VENDOR_SECRET: secret, COLORPLAY_API_URL: `http://127.0.0.1:${port}` },
      stdio: 'inherit',
    });
    children.push(vendor);
    let vendorUp = false;
    for (let i = 0; i < 40 && !vendorUp && vendor.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      vendorUp = await fetch(`http://127.0.0.1:${vendorPort}/static/play.css`).then((r) => r.ok, () => false);
    }
    if (!vendorUp) throw new Error('the built demo vendor did not answer');
    console.log('[production] the built server and vendor run from an `npm ci --omit=dev` install');
    code = 0;
  } catch (err) {
    console.error(`[production] ${err.message}`);
  } finally {
    children.forEach((c) => c.kill('SIGTERM'));
    await new Promise((r) => setTimeout(r, 500));
    children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}

#!/usr/bin/env node
// e2e: makes sure Debian's Chromium is installed (never a downloaded browser), builds the web
// app, then runs Playwright against the real server on a free port with a throwaway database.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanUpOnSignal, freePort, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium)`);
    process.exit(1);
  }
  console.log('[e2e] installing Debian chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) process.exit(1);
  if ((await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0) process.exit(1);
}

// A Devanagari font, so the Hindi screens are measured with real glyphs rather than tofu boxes
// (e2e/tests/layout.spec.ts checks clipped text in Hindi). The UI variant of Noto keeps the Latin
// default font as it was (fonts-noto-core would make Noto Sans the default sans-serif). Decision 320.
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/noto/NotoSansDevanagariUI-Regular.ttf';
if (!existsSync(DEVANAGARI_FONT)) {
  if (process.getuid?.() !== 0) {
    // Not fatal: every check still runs, the Hindi widths are only less like a phone's.
    console.warn(`[e2e] ${DEVANAGARI_FONT} is missing: Hindi is drawn as boxes; install Debian's fonts-noto-ui-core`);
  } else {
    console.log('[e2e] installing Debian fonts-noto-ui-core with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) process.exit(1);
    if ((await run('apt-get', ['install', '-y', '-qq', 'fonts-noto-ui-core'], { env })) !== 0) process.exit(1);
  }
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) process.exit(code);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-e2e-'));
cleanUpOnSignal(() => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
// The demo game vendor's port (e2e/playwright.config.ts starts it beside the server).
let vendorPort = await freePort();
while (vendorPort === port) vendorPort = await freePort();
const code = await run(
  'npx',
  ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { env: { ...process.env, E2E_PORT: String(port), E2E_VENDOR_PORT: String(vendorPort), E2E_DATA_DIR: dataDir, CHROMIUM_PATH: CHROMIUM } },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);

#!/usr/bin/env node
// The JS budget of `/` (issue: at most 100 KB gzip). Run by apps/web's `build` script after
// `vite build`. What `/` loads at start is: the entry <script type="module"> and every
// <link rel="modulepreload"> of dist/index.html, plus the lazily loaded home route chunk and
// its static imports, which the app requests at once when it renders `/` (followed through
// the Vite manifest). Chunks of the other routes are not counted. Each file is gzipped at
// level 9, the table is printed and the figures go to dist/bundle-size.json. Exits non-zero
// when over budget or when the build output is not what this script expects.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const DIST_DIR = path.resolve(import.meta.dirname, '../apps/web/dist');
const MANIFEST_FILE = path.join(DIST_DIR, '.vite/manifest.json');
// The manifest key of the route module `/` renders (apps/web/src/app/router.tsx).
const HOME_ROUTE_SRC = 'src/app/routes/home.tsx';
// 100 KB read as 100,000 bytes, the stricter of the two readings of "KB".
const BUDGET_BYTES = 100_000;

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

/** Attributes of every tag named `tag` in an HTML string (enough for Vite's own index.html). */
function tags(html, tag) {
  const found = [];
  for (const [, attrText] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs = {};
    for (const [, name, dq, sq, bare] of attrText.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[name.toLowerCase()] = dq ?? sq ?? bare ?? '';
    }
    found.push(attrs);
  }
  return found;
}

/** dist-relative path of a URL from index.html ("/assets/x.js" -> "assets/x.js"). */
function distPath(url) {
  return url.replace(/^\//, '').split(/[?#]/)[0];
}

if (!existsSync(path.join(DIST_DIR, 'index.html'))) fail(`${DIST_DIR}/index.html is missing: run vite build first`);
if (!existsSync(MANIFEST_FILE)) fail(`${MANIFEST_FILE} is missing: build.manifest must be on in vite.config.ts`);

const html = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8'));

/** file -> why `/` loads it; insertion order is load order. */
const files = new Map();
const add = (file, reason) => {
  if (!files.has(file)) files.set(file, reason);
};

for (const attrs of tags(html, 'script')) {
  if (attrs.type === 'module' && attrs.src) add(distPath(attrs.src), 'entry script');
}
for (const attrs of tags(html, 'link')) {
  if (attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href) add(distPath(attrs.href), 'modulepreload');
}
if (![...files.values()].includes('entry script')) fail('no <script type="module" src> in dist/index.html');

const home = manifest[HOME_ROUTE_SRC];
if (!home) fail(`${HOME_ROUTE_SRC} is not in the Vite manifest: is it still the module of route "/"?`);
const seen = new Set();
const followStaticImports = (key, reason) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) fail(`manifest entry ${key} is missing`);
  add(chunk.file, reason);
  for (const imported of chunk.imports ?? []) followStaticImports(imported, 'home route import');
};
followStaticImports(HOME_ROUTE_SRC, 'home route');

const rows = [...files].map(([file, reason]) => {
  const full = path.join(DIST_DIR, file);
  if (!existsSync(full)) fail(`${file} is referenced but not in dist/`);
  const raw = readFileSync(full);
  const gzipBytes = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length;
  return { file, reason, rawBytes: raw.length, gzipBytes };
});
const totalGzipBytes = rows.reduce((sum, r) => sum + r.gzipBytes, 0);
const totalRawBytes = rows.reduce((sum, r) => sum + r.rawBytes, 0);
const withinBudget = totalGzipBytes <= BUDGET_BYTES;

const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
const width = Math.max(...rows.map((r) => r.file.length), 'total for /'.length);
console.log(`\nJS loaded by / (gzip level 9)`);
console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(7)}  ${'gzip KB'.padStart(7)}  loaded as`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.rawBytes)}  ${kb(r.gzipBytes)}  ${r.reason}`);
console.log(`${'total for /'.padEnd(width)}  ${kb(totalRawBytes)}  ${kb(totalGzipBytes)}  budget ${kb(BUDGET_BYTES).trim()} KB gzip`);

writeFileSync(
  path.join(DIST_DIR, 'bundle-size.json'),
  `${JSON.stringify({ route: '/', budgetGzipBytes: BUDGET_BYTES, totalGzipBytes, totalRawBytes, withinBudget, files: rows }, null, 2)}\n`,
);

// The operator console (src/admin) is its own lazy chunk: none of its modules may be in what `/`
// loads. Its message file's first key is the marker; a player chunk containing it fails the build.
const ADMIN_MARKER = "admin.title";
const adminChunk = manifest['src/admin/admin-main.tsx'];
if (!adminChunk) fail('src/admin/admin-main.tsx is not in the Vite manifest: is the console still a lazy chunk?');
const leaking = rows.filter((r) => r.file === adminChunk.file || readFileSync(path.join(DIST_DIR, r.file), 'utf8').includes(ADMIN_MARKER));
if (leaking.length > 0) fail(`operator console code is loaded by /: ${leaking.map((r) => r.file).join(', ')}`);

if (!withinBudget) fail(`JS for / is ${totalGzipBytes} bytes gzip, over the budget of ${BUDGET_BYTES}`);
console.log(`bundle-size: ok, ${totalGzipBytes} of ${BUDGET_BYTES} bytes\n`);

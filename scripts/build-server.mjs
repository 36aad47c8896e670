#!/usr/bin/env node
// Builds the server and the demo vendor to plain JavaScript (decision 230): one ES module file
// each, apps/server/dist/server.js and apps/demo-vendor/dist/main.js, run with `node` alone.
//
// - npm packages stay outside the bundle (`import` at run time from node_modules): native ones
//   (argon2, PGlite's wasm) cannot be bundled, and `npm ci --omit=dev` installs exactly them.
// - The workspace packages (@colorplay/contract, fair, lottery) export TypeScript sources, which
//   node cannot load, so they are bundled in.
// - Sources find their files (migrations, the game catalog, the built web app, the vendor's
//   public folder) relative to their own folder, `import.meta.dirname`. In one bundle that folder
//   would be dist/ for every file; each source's `import.meta.dirname` is rewritten to the
//   source's original folder, relative to the bundle, so the same relative paths keep working
//   as long as dist/ sits in the checkout next to src/, migrations/ and catalog/.
// - It writes dist/externals.json: every package the bundle imports at run time, which
//   scripts/check-production-deps.mjs compares with the production dependencies.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export const TARGETS = [
  { name: 'server', entry: 'apps/server/src/server.ts', outfile: 'apps/server/dist/server.js' },
  { name: 'demo-vendor', entry: 'apps/demo-vendor/src/main.ts', outfile: 'apps/demo-vendor/dist/main.js' },
];

/** `zod/v4/core` → `zod`, `@fastify/static/x` → `@fastify/static`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function plugins(outDir, externals) {
  return [
    {
      name: 'externals',
      setup(b) {
        // Bare specifiers: node builtins and npm packages stay imports; workspace packages are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@colorplay/')) return undefined;
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          externals.add(packageOf(args.path));
          return { path: args.path, external: true };
        });
      },
    },
    {
      name: 'source-dirname',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, async (args) => {
          let contents = await readFile(args.path, 'utf8');
          if (contents.includes('import.meta.dirname')) {
            const rel = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
            // A string concatenation that path.resolve normalises: dist/../src/db → src/db.
            contents = contents.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + rel)})`);
          }
          return { contents, loader: 'ts' };
        });
      },
    },
  ];
}

export async function buildTarget(target) {
  const outfile = path.join(root, target.outfile);
  const externals = new Set();
  await build({
    entryPoints: [path.join(root, target.entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS (none today) would call require(); give ESM output one.
    banner: { js: "import { createRequire as __cpCreateRequire } from 'node:module'; const require = __cpCreateRequire(import.meta.url);" },
    plugins: plugins(path.dirname(outfile), externals),
  });
  const list = [...externals].sort();
  await writeFile(path.join(path.dirname(outfile), 'externals.json'), JSON.stringify(list, null, 2) + '\n');
  return { outfile, externals: list };
}

if (import.meta.filename === process.argv[1]) {
  for (const target of TARGETS) {
    const started = Date.now();
    const { outfile, externals } = await buildTarget(target);
    console.log(`[build] ${target.name}: ${path.relative(root, outfile)} (${Date.now() - started} ms, ${externals.length} runtime packages)`);
  }
}

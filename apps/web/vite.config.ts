import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Public files the offline shell needs besides the build's own (icons for the installed app). */
const SHELL_PUBLIC = ['/manifest.webmanifest', '/favicon.ico', '/favicon.svg', '/ui-icons.svg', '/icons/icon-192.png', '/icons/maskable-192.png'];

/**
 * Emits /sw.js from service-worker.js with this build's app shell (index.html and every JS/CSS
 * file) and a version that changes whenever one of them does (decision 222).
 */
function serviceWorker(): Plugin {
  return {
    name: 'colorplay-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css)$/.test(name))
        .sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const shell = ['/index.html', ...files.map((name) => `/${name}`), ...SHELL_PUBLIC];
      const source = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8')
        .replace('__VERSION__', version)
        .replace('const SHELL = __SHELL__;', `const SHELL = ${JSON.stringify(shell)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), serviceWorker()],
  // react-router's package exports only its development build (with its dev-only warnings and
  // invariants) to bundlers; it ships the production build beside it. Production builds use that
  // one: the same code less the dev checks, 476 bytes gzip less for `/` (decision 437).
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] } : {},
  build: {
    target: 'es2020',
    modulePreload: { polyfill: false },
    sourcemap: true,
    // scripts/bundle-size.mjs follows the home route's static imports through the manifest to
    // count everything `/` loads at start against the 100 KB gzip budget.
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // A dot before the hash keeps chunk names unambiguous for e2e request matching:
        // `assets/recharge.*.js` cannot also match `assets/recharge-history.*.js`.
        entryFileNames: 'assets/[name].[hash:7].js',
        chunkFileNames: 'assets/[name].[hash:7].js',
        assetFileNames: 'assets/[name].[hash:7][extname]',
        // Small modules that `/` and other routes share would otherwise become several tiny
        // preloaded chunks, each paying its own gzip and request overhead against the budget of
        // `/` (decision 014): keep the app's shared core in one chunk.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /[\\/](src[\\/]lib[\\/]page-heading|src[\\/]components[\\/]ui[\\/]use-swipe|contract[\\/]src[\\/]paths|src[\\/]config[\\/]paths)/,
            },
            // What the lottery pages' data preload shares with their chunk (decision 588): the game
            // of a path and the room chosen last go with the lottery constants. Each would be a
            // chunk of its own, and `/`'s entry names every chunk its lazy routes need: bytes of
            // its budget.
            {
              name: 'lottery-constants',
              test: /[\\/](contract[\\/]src[\\/]lottery-constants|src[\\/]features[\\/]lottery[\\/](room-storage|games[\\/]links))\./,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // On http://localhost the API base rule calls http://localhost:3002 directly. From any other
    // dev host (127.0.0.1, a phone on the LAN) the rule picks the page origin, so the dev server
    // forwards /api to the local API (docs/decisions/013-api-base-rule.md).
    proxy: { '/api': 'http://localhost:3002' },
  },
}));

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2020',
    sourcemap: true,
    // scripts/bundle-size.mjs follows the home route's static imports through the manifest to
    // count everything `/` loads at start against the 100 KB gzip budget.
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // A dot before the hash keeps chunk names unambiguous for e2e request matching:
        // `assets/recharge.*.js` cannot also match `assets/recharge-history.*.js`.
        entryFileNames: 'assets/[name].[hash].js',
        chunkFileNames: 'assets/[name].[hash].js',
        assetFileNames: 'assets/[name].[hash][extname]',
        // Small modules that `/` and other routes share would otherwise become several tiny
        // preloaded chunks, each paying its own gzip and request overhead against the budget of
        // `/` (decision 014): keep the app's shared core in one chunk.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /[\\/](src[\\/]lib[\\/]page-heading|src[\\/]components[\\/]ui[\\/]use-swipe|contract[\\/]src[\\/]paths|src[\\/]config[\\/]paths)/,
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
});

import { defineConfig } from 'vitest/config';

// Three projects so each runs in the environment it needs: pure packages in node, the web app
// in jsdom, the server against PGlite or (with TEST_DATABASE_URL) a real PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/demo-vendor/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory hungry and the machine has 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});

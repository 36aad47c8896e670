import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Ports and the data directory come from scripts/e2e.mjs so every worker agrees on them.
const port = Number(process.env.E2E_PORT ?? 3102);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.tmp/e2e-data');
const root = path.resolve(import.meta.dirname, '..');
// The demo game vendor runs beside the server (its own port, its own process) as in `npm start`.
const vendorPort = Number(process.env.E2E_VENDOR_PORT ?? 3103);
const vendorSecret = 'e2e-demo-vendor-secret-0123456789abcdef012';
export const E2E_VENDOR_ORIGIN = `http://127.0.0.1:${vendorPort}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
  {
    command: 'npx --no-install tsx apps/server/src/server.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DEMO_VENDOR: '1',
      DEMO_VENDOR_SECRET: vendorSecret,
      DEMO_VENDOR_URL: E2E_VENDOR_ORIGIN,
      // The USDT sandbox chain (on by default outside production) with fast blocks, a quick
      // watcher and few confirmations, so a faucet payment is credited within seconds.
      USDT_CHANNEL: 'sandbox',
      USDT_CONFIRMATIONS: '2',
      USDT_DEV_CHAIN_BLOCK_MS: '250',
      USDT_WATCH_MS: '250',
      // withdrawal.spec.ts clears the wagering lock by genuine play whatever the draw (see there).
      WITHDRAWAL_WAGERING_FACTOR: '0.5',
    },
  },
  {
    command: 'npx --no-install tsx apps/demo-vendor/src/main.ts',
    cwd: root,
    url: `${E2E_VENDOR_ORIGIN}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DEMO_VENDOR_HOST: '127.0.0.1',
      DEMO_VENDOR_PORT: String(vendorPort),
      DEMO_VENDOR_SECRET: vendorSecret,
      COLORPLAY_API_URL: `http://127.0.0.1:${port}`,
      COLORPLAY_LOBBY_URL: `http://127.0.0.1:${port}/`,
    },
  },
  ],
});

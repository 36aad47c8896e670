import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/db';
import type { Clock } from '../../src/lib/clock';
import { createSandboxBeacon, sandboxBeaconKey } from '../../src/modules/lottery';
import { openTestDb } from './test-db';

export type TestApp = { app: FastifyInstance; db: Db; config: Config };

// Every data directory this worker made. `buildTestApp` removes its own when the app closes and
// direct `testConfig` callers remove theirs; the exit handler is a best effort for the rest (a
// worker that Vitest ends without a normal exit skips it).
const madeDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

/** A private temporary directory, removed with `removeTempDir` or at the latest when the worker exits. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  madeDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  madeDirs.delete(dir);
}

/**
 * Test configuration: fixed secrets, quiet logs, a private data directory (by default a new one
 * that the caller should remove with `removeTempDir(path.dirname(config.pgliteDir))`).
 */
export function testConfig(env: Record<string, string> = {}, dataDir = makeTempDir('colorplay-test-')): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'test-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdef01',
    LOTTERY_CHAIN_SECRET: 'test-lottery-chain-secret-0123456789abcd',
    DEMO_VENDOR_SECRET: 'test-demo-vendor-secret-0123456789abcdef',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    DEPOSIT_EXPIRY_SWEEP_MS: '0',
    // Tests call deposits.reconcile() themselves, on their own fake clock.
    DEPOSIT_RECONCILE_SWEEP_MS: '0',
    HOUSEKEEPING_SWEEP_MS: '0',
    EVENTS_POLL_MS: '0',
    // Tests drive the round engine by hand (app.lottery.tick) on their own clock.
    LOTTERY_TICK_MS: '0',
    // Tests run the USDT chain watcher by hand (app.usdt.watch()).
    USDT_WATCH_MS: '0',
    // Tests send approved withdrawals themselves (app.withdrawals.sendApproved).
    PAYOUT_SEND_SWEEP_MS: '0',
    // Tests produce sandbox TRON blocks by hand (app.tron.sandbox.produce()) on their own clock.
    TRON_SANDBOX_PRODUCE_MS: '0',
    // Tests fold the reports' daily tables by hand (app.jobs.runOnce('reports.fold')), every
    // committed entry at once.
    REPORTS_FOLD_MS: '0',
    REPORTS_SETTLE_SECONDS: '0',
    ...env,
  });
}

/**
 * What a production instance must configure besides its secrets: the real SMS and UPI channels
 * (production refuses every sandbox). The gateways point at a closed local port; tests that use
 * this are about something else and never reach them.
 */
export const PRODUCTION_CHANNELS_ENV = {
  NODE_ENV: 'production',
  // Required in production; the test app's database is openTestDb's, whatever these say.
  DATABASE_URL: 'postgres://colorplay_app@127.0.0.1:9/colorplay',
  MIGRATION_DATABASE_URL: 'postgres://colorplay_owner@127.0.0.1:9/colorplay',
  // Trx Win's TRON providers: two distinct hosts in production (decision 386); nothing listens there.
  TRON_FULLNODE_URLS: 'http://127.0.0.1:9,http://127.0.0.2:9',
  SMS_CHANNEL: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/v1/messages',
  SMS_HTTP_API_KEY: 'test-sms-key-0123456789',
  SMS_SENDER_ID: 'CLRPLY',
  SMS_DLT_ENTITY_ID: '1101234567890123456',
  SMS_TEMPLATE_ID_RESET: '1107000000000000001',
  SMS_TEMPLATE_ID_REGISTER: '1107000000000000002',
  SMS_TEMPLATE_ID_REGISTER_TAKEN: '1107000000000000003',
  UPI_CHANNEL: 'http',
  UPI_HTTP_BASE_URL: 'https://127.0.0.1:9',
  UPI_HTTP_MERCHANT_ID: 'colorplay',
  UPI_HTTP_KEY_ID: 'key_test_1',
  UPI_HTTP_KEY_SECRET: 'test-upi-secret-0123456789',
  UPI_HTTP_WEBHOOK_SECRET: 'test-upi-webhook-0123456789',
  UPI_PAYEE_VPA: 'colorplay@axis',
  USDT_CHANNEL: 'rpc',
  USDT_RPC_URL: 'http://127.0.0.1:9',
  USDT_CHAIN_ID: '56',
  USDT_NETWORK_NAME: 'BNB Smart Chain (BEP-20)',
  USDT_TOKEN_ADDRESS: '0x55d398326f99059ff775485246999027b3197955',
  USDT_TOKEN_DECIMALS: '18',
  USDT_XPUB: 'xpub6EPuWo2Zez8qnWR1a44VViRzRwan7Ct5XaKCz2anC2xSQLCUUvhGEnGYBohKCsocJHEkYQ143QJH8fixW8ixUxrh6bU52qG2tPe1vqCJjiD',
  USDT_RATE_URL: 'http://127.0.0.1:9/rate',
  PAYOUT_CHANNEL: 'http',
  PAYOUT_HTTP_BASE_URL: 'https://127.0.0.1:9',
  PAYOUT_HTTP_MERCHANT_ID: 'colorplay',
  PAYOUT_HTTP_KEY_ID: 'key_test_1',
  PAYOUT_HTTP_KEY_SECRET: 'test-payout-secret-0123456789',
  PAYOUT_HTTP_CALLBACK_SECRET: 'test-payout-callback-0123456789',
} as const;

export type TestAppOptions = { env?: Record<string, string> } & Pick<AppDeps, 'clock' | 'sms' | 'lottery' | 'beacon'>;

/** Builds the real app on a fresh test database; call `app.close()` in afterAll. */
export async function buildTestApp({ env = {}, ...deps }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = makeTempDir('colorplay-test-');
  const config = testConfig(env, dataDir);
  const db = await openTestDb();
  const app = await buildApp({ config, db, logger: false, ...deps });
  // The data directory lives exactly as long as the app that uses it.
  app.addHook('onClose', async () => removeTempDir(dataDir));
  await app.ready();
  return { app, db, config };
}

/** The sandbox beacon the test app signs with (its key is stored in the database, decision 382), for a second node of a test. */
export async function appSandboxBeacon(t: TestApp, clock: Clock) {
  return createSandboxBeacon({ secretKey: await sandboxBeaconKey(t.db, { legacySecret: t.config.secrets.lotteryChain, now: clock.now() }), clock });
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/db';
import { openTestDb } from './test-db';

export type TestApp = { app: FastifyInstance; db: Db; config: Config };

/** Test configuration: fixed secrets, quiet logs, a private data directory. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'test-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdef01',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    DEPOSIT_EXPIRY_SWEEP_MS: '0',
    // Tests call deposits.reconcile() themselves, on their own fake clock.
    DEPOSIT_RECONCILE_SWEEP_MS: '0',
    EVENTS_POLL_MS: '0',
    ...env,
  });
}

export type TestAppOptions = { env?: Record<string, string> } & Pick<AppDeps, 'clock' | 'sms'>;

/** Builds the real app on a fresh test database; call `app.close()` in afterAll. */
export async function buildTestApp({ env = {}, ...deps }: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(env);
  const db = await openTestDb();
  const app = await buildApp({ config, db, logger: false, ...deps });
  await app.ready();
  return { app, db, config };
}

import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '.';
import { DEPOSITS_UPI_DEFAULTS } from './deposits-upi';
import { JOBS_DEFAULTS } from './jobs';
import { KYC_DEFAULTS } from './kyc';
import { LOTTERY_DEFAULTS } from './lottery';
import { PAYOUTS_DEFAULTS } from './payouts';
import { SERVER_DEFAULTS } from './server';
import { SESSIONS_DEFAULTS } from './sessions';
import { TRON_DEFAULTS } from './tron';
import { USDT_DEFAULTS } from './usdt';
import { VENDOR_DEFAULTS } from './vendor';
import { WITHDRAWAL_DEFAULTS } from './withdrawals';

// Each default is written once, in its concern's *_DEFAULTS; the schema and the modules read it.
const unset = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'colorplay-defaults-')) });

afterEach(() => {
  vi.doUnmock('./withdrawals');
  vi.resetModules();
});

describe('one source for every default', () => {
  it('an unset environment yields exactly the named defaults', () => {
    const config = unset();
    expect(config.withdrawals).toEqual(WITHDRAWAL_DEFAULTS);
    expect(config.usdt).toMatchObject({ minMinor: USDT_DEFAULTS.minMinor, maxMinor: USDT_DEFAULTS.maxMinor, expiryMinutes: USDT_DEFAULTS.expiryMinutes });
    expect(config.usdt).toMatchObject({ chainId: USDT_DEFAULTS.sandbox.chainId, confirmations: USDT_DEFAULTS.sandbox.confirmations });
    // The sandbox chain's watcher follows every block (decision 473); a real node's, every few.
    expect(config.usdt).toMatchObject({ watchMs: USDT_DEFAULTS.devChainBlockMs, devChainBlockMs: USDT_DEFAULTS.devChainBlockMs });
    // The sandbox TRON witness's key has no default: it is generated into DATA_DIR (decision 388).
    expect(config.tron).toEqual({
      kind: 'sandbox',
      api: TRON_DEFAULTS.api,
      timeoutMs: TRON_DEFAULTS.timeoutMs,
      produceEveryMs: TRON_DEFAULTS.sandboxProduceMs,
      witnessSecret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    expect(config).toMatchObject({
      host: SERVER_DEFAULTS.host,
      port: SERVER_DEFAULTS.port,
      bodyLimitBytes: SERVER_DEFAULTS.bodyLimitBytes,
      requestTimeoutMs: SERVER_DEFAULTS.requestTimeoutMs,
      depositExpirySweepMs: DEPOSITS_UPI_DEFAULTS.expirySweepMs,
      depositReconcileSweepMs: DEPOSITS_UPI_DEFAULTS.reconcileSweepMs,
      eventsPollMs: JOBS_DEFAULTS.eventsPollMs,
      housekeepingSweepMs: JOBS_DEFAULTS.housekeepingSweepMs,
      eventsRetentionHours: JOBS_DEFAULTS.eventsRetentionHours,
      reportsFoldMs: JOBS_DEFAULTS.reportsFoldMs,
      reportsSettleSeconds: JOBS_DEFAULTS.reportsSettleSeconds,
      lotteryTickMs: LOTTERY_DEFAULTS.tickMs,
      sessionCacheTtlMs: SESSIONS_DEFAULTS.sessionCacheTtlMs,
      payoutSendSweepMs: PAYOUTS_DEFAULTS.sendSweepMs,
      vendorWallet: { maxWinMultiple: VENDOR_DEFAULTS.maxWinMultiple },
      kyc: { minAgeYears: KYC_DEFAULTS.minAgeYears, maxDocumentBytes: KYC_DEFAULTS.maxDocumentBytes },
    });
  });

  it('the withdrawals module takes its defaults from the config, not from a copy', async () => {
    const { DEFAULT_WITHDRAWAL_SETTINGS } = await import('../modules/withdrawals');
    expect(DEFAULT_WITHDRAWAL_SETTINGS).toMatchObject(WITHDRAWAL_DEFAULTS);
    // Change the one source: a copy would keep the old values, a derivation follows.
    vi.resetModules();
    const changed = { ...WITHDRAWAL_DEFAULTS, minMinor: 123_45, secondApprovalMinor: 67_890_00, newMethodHoldHours: 7 };
    vi.doMock('./withdrawals', async (importOriginal) => ({ ...(await importOriginal<object>()), WITHDRAWAL_DEFAULTS: changed }));
    const fresh = await import('../modules/withdrawals');
    expect(fresh.DEFAULT_WITHDRAWAL_SETTINGS).toMatchObject(changed);
  });

  it('the rest of the server reaches the settings only through config/index.ts', () => {
    const server = path.resolve(import.meta.dirname, '../..');
    const here = import.meta.dirname;
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    const files = [...walk(path.join(server, 'src')), ...walk(path.join(server, 'test')), ...walk(path.resolve(server, '../../bench'))];
    const reachingIn = files
      .filter((file) => !file.startsWith(here + path.sep))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)]
          .map((m) => path.resolve(path.dirname(file), m[1]!))
          .filter((target) => target.startsWith(here + path.sep) && target !== path.join(here, 'index'))
          .map((target) => `${path.relative(server, file)} -> ${path.relative(server, target)}`),
      );
    expect(reachingIn).toEqual([]);
  });
});

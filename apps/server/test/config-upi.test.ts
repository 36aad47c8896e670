import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sandboxChannelsOn } from '../src/config';

/** Decision 040 (UPI part): the UPI channel is a setting, and no sandbox runs in production by accident. */

// The real SMS and payout channels are configured (and USDT is off), so that production cases here speak of UPI alone.
// Production needs the two database roles (docs/operations.md); these tests speak of other settings.
const PROD = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://colorplay_app@db.internal/colorplay',
  MIGRATION_DATABASE_URL: 'postgres://colorplay_owner@db.internal/colorplay',
  // Two TRON providers on distinct hosts, as production requires (decision 386).
  TRON_FULLNODE_URLS: 'https://tron-a.example,https://tron-b.example',
} as const;
const SECRETS = {
  TOKEN_SECRET: 'test-token-secret-0123456789abcdef0123',
  WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdef01',
  LOTTERY_CHAIN_SECRET: 'test-lottery-chain-secret-0123456789abcd',
  SMS_CHANNEL: 'http',
  SMS_HTTP_URL: 'https://sms.example.in/v1/messages',
  SMS_HTTP_API_KEY: 'key-0123456789abcdef',
  SMS_SENDER_ID: 'CLRPLY',
  SMS_DLT_ENTITY_ID: '1101234567890123456',
  SMS_TEMPLATE_ID_RESET: '1107000000000000001',
  SMS_TEMPLATE_ID_REGISTER: '1107000000000000002',
  SMS_TEMPLATE_ID_REGISTER_TAKEN: '1107000000000000003',
  PAYOUT_HTTP_BASE_URL: 'https://api.payouts.example',
  PAYOUT_HTTP_MERCHANT_ID: 'colorplay',
  PAYOUT_HTTP_KEY_ID: 'key_live_2',
  PAYOUT_HTTP_KEY_SECRET: 'live-payout-secret-0123456789',
  PAYOUT_HTTP_CALLBACK_SECRET: 'whsec-payout-0123456789',
  USDT_CHANNEL: 'off',
};
const HTTP = {
  UPI_HTTP_BASE_URL: 'https://api.pg.example',
  UPI_HTTP_MERCHANT_ID: 'colorplay',
  UPI_HTTP_KEY_ID: 'key_live_1',
  UPI_HTTP_KEY_SECRET: 'live-secret-0123456789',
  UPI_HTTP_WEBHOOK_SECRET: 'whsec-live-0123456789',
  UPI_PAYEE_VPA: 'colorplay@axis',
};
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'colorplay-cfg-')), ...env }, process.cwd());
const problems = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('UPI channel setting', () => {
  it('is the sandbox by default outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = load({ NODE_ENV });
      expect(config.upi).toEqual({ kind: 'sandbox' });
      expect(config.sandbox.upi).toBe(true);
      expect(sandboxChannelsOn(config)).toContain('upi');
    }
  });

  it('refuses to start in production with the UPI sandbox on and no allowance', () => {
    const found = problems({ ...PROD, ...SECRETS, UPI_CHANNEL: 'sandbox' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^UPI_CHANNEL=sandbox: a sandbox channel is refused in production/);
    expect(found[0]).toContain('ALLOW_SANDBOX_IN_PRODUCTION=demo');
  });

  it('starts a production-mode demo with the sandbox when explicitly allowed', () => {
    const config = load({ ...PROD, ...SECRETS, UPI_CHANNEL: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' });
    expect(config.sandbox.upi).toBe(true);
    expect(config.allowSandboxInProduction).toBe(true);
    expect(problems({ ...PROD, ...SECRETS, UPI_CHANNEL: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'yes' })[0]).toMatch(
      /^ALLOW_SANDBOX_IN_PRODUCTION="yes": the only accepted value is "demo"/,
    );
  });

  it('defaults to the HTTP gateway in production and then requires its settings, one line each', () => {
    const found = problems({ ...PROD, ...SECRETS });
    expect(found).toEqual([
      'UPI_HTTP_BASE_URL: required when UPI_CHANNEL is http (the default in production)',
      'UPI_HTTP_MERCHANT_ID: required when UPI_CHANNEL is http (the default in production)',
      'UPI_HTTP_KEY_ID: required when UPI_CHANNEL is http (the default in production)',
      'UPI_HTTP_KEY_SECRET: required when UPI_CHANNEL is http (the default in production)',
      'UPI_HTTP_WEBHOOK_SECRET: required when UPI_CHANNEL is http (the default in production)',
      'UPI_PAYEE_VPA: required when UPI_CHANNEL is http (the default in production)',
    ]);
  });

  it('starts in production with the HTTP gateway configured, no sandbox on', () => {
    const config = load({ ...PROD, ...SECRETS, ...HTTP });
    expect(config.upi).toMatchObject({ kind: 'http', baseUrl: 'https://api.pg.example', merchantId: 'colorplay', payeeVpa: 'colorplay@axis', payeeName: 'Colorplay', timeoutMs: 10_000 });
    expect(config.sandbox.upi).toBe(false);
    expect(sandboxChannelsOn(config)).toEqual([]);
  });

  it('requires https for the gateway in production and checks each value', () => {
    expect(problems({ ...PROD, ...SECRETS, ...HTTP, UPI_HTTP_BASE_URL: 'http://api.pg.example' })).toEqual([
      'UPI_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)',
    ]);
    const bad = problems({ NODE_ENV: 'development', UPI_CHANNEL: 'http', ...HTTP, UPI_PAYEE_VPA: 'not a vpa', UPI_HTTP_KEY_SECRET: 'short' });
    expect(bad).toEqual([
      'UPI_HTTP_KEY_SECRET="short": must be at least 16 characters',
      'UPI_PAYEE_VPA="not a vpa": must be a UPI id like name@bank',
    ]);
    expect(problems({ UPI_CHANNEL: 'paytm' })[0]).toMatch(/^UPI_CHANNEL="paytm": /);
  });
});

describe('the server process', () => {
  it('exits with EX_CONFIG, naming the problem, when production has the UPI sandbox on', async () => {
    const { spawnSync } = await import('node:child_process');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'colorplay-start-'));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...PROD, DATA_DIR: dataDir, UPI_CHANNEL: 'sandbox', ...SECRETS };
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('UPI_CHANNEL=sandbox: a sandbox channel is refused in production');
  }, 40_000);
});

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ConfigError, estimatedSecretBits, loadConfig, MIN_SECRET_BITS, sandboxChannelsOn } from '.';
import { openDb } from '../db/db';

// The real UPI, USDT and payout channels are configured too, so that production cases here speak of SMS alone.
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
  UPI_CHANNEL: 'http',
  UPI_HTTP_BASE_URL: 'https://api.pg.example',
  UPI_HTTP_MERCHANT_ID: 'colorplay',
  UPI_HTTP_KEY_ID: 'key_live_1',
  UPI_HTTP_KEY_SECRET: 'live-secret-0123456789',
  UPI_HTTP_WEBHOOK_SECRET: 'whsec-live-0123456789',
  UPI_PAYEE_VPA: 'colorplay@axis',
  ...REAL_USDT(),
  PAYOUT_HTTP_BASE_URL: 'https://api.payouts.example',
  PAYOUT_HTTP_MERCHANT_ID: 'colorplay',
  PAYOUT_HTTP_KEY_ID: 'key_live_2',
  PAYOUT_HTTP_KEY_SECRET: 'live-payout-secret-0123456789',
  PAYOUT_HTTP_CALLBACK_SECRET: 'whsec-payout-0123456789',
};
const HTTP_SMS = {
  SMS_HTTP_URL: 'https://sms.example.in/v1/messages',
  SMS_HTTP_API_KEY: 'key-0123456789abcdef',
  SMS_SENDER_ID: 'CLRPLY',
  SMS_DLT_ENTITY_ID: '1101234567890123456',
  SMS_TEMPLATE_ID_RESET: '1107000000000000001',
  SMS_TEMPLATE_ID_REGISTER: '1107000000000000002',
  SMS_TEMPLATE_ID_REGISTER_TAKEN: '1107000000000000003',
};
function REAL_USDT() {
  return {
    USDT_RPC_URL: 'https://bsc-node.example/rpc',
    USDT_CHAIN_ID: '56',
    USDT_NETWORK_NAME: 'BNB Smart Chain (BEP-20)',
    USDT_TOKEN_ADDRESS: '0x55d398326f99059fF775485246999027B3197955',
    USDT_TOKEN_DECIMALS: '18',
    USDT_XPUB: 'xpub6EPuWo2Zez8qnWR1a44VViRzRwan7Ct5XaKCz2anC2xSQLCUUvhGEnGYBohKCsocJHEkYQ143QJH8fixW8ixUxrh6bU52qG2tPe1vqCJjiD',
    USDT_RATE_URL: 'https://rates.example/usdt-inr',
  };
}
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'colorplay-config-'));
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('sandbox channels', () => {
  it('are on by default outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir() });
    expect(config.sandbox).toEqual({ sms: true, upi: true, demoVendor: true, usdtChain: true, payouts: true });
    expect(config.demo).toBe(false);
    expect(config.smsHttp).toBeUndefined();
  });

  it('in production the SMS channel defaults to http, whose settings are then required', () => {
    const problems = problemsOf({ ...PROD, ...SECRETS });
    expect(problems).toEqual(
      Object.keys(HTTP_SMS).map((name) => `${name}: required when SMS_CHANNEL is http (the default in production)`),
    );
    const config = loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS });
    expect(config.sandbox).toEqual({ sms: false, upi: false, demoVendor: false, usdtChain: false, payouts: false });
    expect(config.demo).toBe(false);
    expect(config.smsHttp).toMatchObject({ senderId: 'CLRPLY', templateIds: { reset_code: '1107000000000000001' } });
  });

  it('refuses to start in production while a sandbox channel is on, naming it', () => {
    const problems = problemsOf({ ...PROD, ...SECRETS, SMS_CHANNEL: 'sandbox' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SMS_CHANNEL=sandbox: a sandbox channel is refused in production/);
    expect(problems[0]).toMatch(/ALLOW_SANDBOX_IN_PRODUCTION=demo/);
  });

  it('runs a sandbox in production only with ALLOW_SANDBOX_IN_PRODUCTION=demo, and says it is a demo', () => {
    const config = loadConfig({
      ...PROD,
      DATA_DIR: dataDir(),
      ...SECRETS,
      SMS_CHANNEL: 'sandbox',
      ALLOW_SANDBOX_IN_PRODUCTION: 'demo',
    });
    expect(config.sandbox.sms).toBe(true);
    expect(config.demo).toBe(true);
    expect(problemsOf({ ...PROD, ...SECRETS, SMS_CHANNEL: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'yes' })[0]).toMatch(
      /^ALLOW_SANDBOX_IN_PRODUCTION="yes": the only accepted value is "demo"/,
    );
  });

  it('lists every sandbox channel that is on', () => {
    expect(sandboxChannelsOn({ sandbox: { sms: true, upi: true, demoVendor: true, usdtChain: true, payouts: true } })).toEqual(['sms', 'upi', 'demoVendor', 'usdtChain', 'payouts']);
    expect(sandboxChannelsOn({ sandbox: { sms: false, upi: false, demoVendor: false, usdtChain: false, payouts: false } })).toEqual([]);
  });

  it('checks the HTTP SMS settings one line per problem', () => {
    const problems = problemsOf({ SMS_CHANNEL: 'http', ...HTTP_SMS, SMS_SENDER_ID: 'Colorplay', SMS_HTTP_URL: 'ftp://x' });
    expect(problems).toEqual([
      'SMS_HTTP_URL="ftp://x": must be an http:// or https:// URL',
      'SMS_SENDER_ID="Colorplay": must be the 6-letter DLT header, e.g. CLRPLY',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, even in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.1, 10.0.0.0/8,::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses `true`, names and bad ranges', () => {
    for (const value of ['true', 'loadbalancer', '10.0.0.0/33', '11']) {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(new RegExp(`^TRUST_PROXY=${JSON.stringify(JSON.stringify(value)).slice(1, -1)}`));
    }
  });
});

describe('DATA_DIR', () => {
  it('is created at start when secrets come from the environment and it does not exist yet', async () => {
    const missing = path.join(dataDir(), 'not', 'there', 'yet');
    // The demo vendor's and the sandbox TRON witness's secrets too, or their generation would create DATA_DIR (that is tested below).
    const config = loadConfig({ DATA_DIR: missing, ...SECRETS, DEMO_VENDOR_SECRET: 'd'.repeat(32), TRON_SANDBOX_WITNESS_KEY: 'w'.repeat(32) });
    expect(existsSync(missing)).toBe(false);
    const db = await openDb(config);
    try {
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await db.close();
    }
    expect(existsSync(config.pgliteDir)).toBe(true);
    // Opening PGlite runs every migration: slow on a loaded machine; not a speed check.
  }, 120_000);
});

describe('demo vendor channel', () => {
  it('is a sandbox: on outside production with a generated secret kept in DATA_DIR, refused in production unless allowed', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, ...SECRETS });
    expect(first.sandbox.demoVendor).toBe(true);
    expect(first.demoVendor?.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(first.demoVendor?.publicUrl).toBe('http://localhost:3003');
    // The generated secret is stable across restarts.
    expect(loadConfig({ DATA_DIR: dir, ...SECRETS }).demoVendor?.secret).toBe(first.demoVendor?.secret);
    expect(loadConfig({ DATA_DIR: dir, ...SECRETS, DEMO_VENDOR: '0' }).demoVendor).toBeUndefined();
    const refused = () => loadConfig({ DATA_DIR: dir, ...SECRETS, ...PROD, SMS_CHANNEL: 'sandbox', UPI_CHANNEL: 'sandbox', DEMO_VENDOR: '1' });
    expect(refused).toThrow(/DEMO_VENDOR=1: a sandbox channel is refused in production/);
    const allowed = loadConfig({ DATA_DIR: dir, ...SECRETS, ...PROD, SMS_CHANNEL: 'sandbox', UPI_CHANNEL: 'sandbox', DEMO_VENDOR: '1', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' });
    expect(allowed.demoVendor).toBeDefined();
    expect(allowed.demo).toBe(true);
  });
});

describe('lottery chain secret', () => {
  it('is generated once into DATA_DIR outside production, and required in production', () => {
    const dir = dataDir();
    const { LOTTERY_CHAIN_SECRET: _omitted, ...others } = SECRETS;
    const first = loadConfig({ DATA_DIR: dir, ...others });
    expect(first.secrets.lotteryChain).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(loadConfig({ DATA_DIR: dir, ...others }).secrets.lotteryChain).toBe(first.secrets.lotteryChain);
    expect(loadConfig({ DATA_DIR: dir, ...SECRETS }).secrets.lotteryChain).toBe(SECRETS.LOTTERY_CHAIN_SECRET);
    expect(() => loadConfig({ DATA_DIR: dir, ...others, ...PROD, SMS_CHANNEL: 'http', ...HTTP_SMS })).toThrow(/LOTTERY_CHAIN_SECRET: required in production/);
  });

  it("gives the sandbox TRON chain a witness secret of its own, generated once into DATA_DIR (decision 388)", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, ...SECRETS });
    if (first.tron.kind !== 'sandbox') throw new Error('the sandbox TRON chain is the default outside production');
    expect(first.tron.witnessSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Object.values(first.secrets)).not.toContain(first.tron.witnessSecret);
    expect(loadConfig({ DATA_DIR: dir, ...SECRETS }).tron).toMatchObject({ witnessSecret: first.tron.witnessSecret });
    expect(loadConfig({ DATA_DIR: dir, ...SECRETS, TRON_SANDBOX_WITNESS_KEY: 'k'.repeat(32) }).tron).toMatchObject({ witnessSecret: 'k'.repeat(32) });
    expect(() => loadConfig({ DATA_DIR: dir, ...SECRETS, TRON_SANDBOX_WITNESS_KEY: 'short' })).toThrow(/TRON_SANDBOX_WITNESS_KEY/);
  });
});

describe('USDT channel', () => {
  const withoutUsdt = Object.fromEntries(Object.entries(SECRETS).filter(([name]) => !name.startsWith('USDT_')));

  it('is the sandbox chain outside production, with the public test key and a fixed rate', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...withoutUsdt, USDT_INR_RATE: '83.25' });
    expect(config.sandbox.usdtChain).toBe(true);
    expect(config.usdt).toMatchObject({ kind: 'sandbox', rate: { kind: 'fixed', rateMinorPerToken: 8325 }, confirmations: 3 });
    expect(loadConfig({ DATA_DIR: dataDir(), ...withoutUsdt, USDT_CHANNEL: 'off' }).usdt).toBeUndefined();
  });

  it('in production needs every real setting, one line per missing one, or USDT_CHANNEL=off', () => {
    const problems = problemsOf({ ...PROD, ...withoutUsdt, ...HTTP_SMS });
    expect(problems).toEqual(
      Object.keys(REAL_USDT()).map((name) => `${name}: required when USDT_CHANNEL is rpc (the default in production; USDT_CHANNEL=off runs without USDT)`),
    );
    const real = loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS });
    expect(real.usdt).toMatchObject({ kind: 'rpc', chainId: 56, tokenAddress: '0x55d398326f99059ff775485246999027b3197955', confirmations: 12, watchMs: 3000 });
    expect(real.usdt?.rate).toEqual({ kind: 'http', url: 'https://rates.example/usdt-inr', timeoutMs: 3000 });
    expect(real.sandbox.usdtChain).toBe(false);
    expect(loadConfig({ ...PROD, DATA_DIR: dataDir(), ...withoutUsdt, ...HTTP_SMS, USDT_CHANNEL: 'off' }).usdt).toBeUndefined();
  });

  it('refuses the sandbox chain, the public test key and a fixed rate in production', () => {
    expect(problemsOf({ ...PROD, ...withoutUsdt, ...HTTP_SMS, USDT_CHANNEL: 'sandbox' })[0]).toMatch(
      /^USDT_CHANNEL=sandbox: a sandbox channel is refused in production/,
    );
    const demo = loadConfig({ ...PROD, DATA_DIR: dataDir(), ...withoutUsdt, ...HTTP_SMS, USDT_CHANNEL: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' });
    expect(demo.sandbox.usdtChain).toBe(true);
    expect(demo.demo).toBe(true);
    const sandboxXpub = loadConfig({ DATA_DIR: dataDir(), ...withoutUsdt }).usdt!.xpub;
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, USDT_XPUB: sandboxXpub })).toEqual([
      "USDT_XPUB: the sandbox test key is public; use the operator wallet's own xpub",
    ]);
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, USDT_INR_RATE: '83' })).toEqual([
      'USDT_INR_RATE: a fixed rate is for the sandbox only; production reads USDT_RATE_URL',
    ]);
    expect(problemsOf({ ...withoutUsdt, USDT_XPUB: 'xprv-not-a-key' })[0]).toMatch(/^USDT_XPUB="xprv-not-a-key": must be an extended public key/);
  });
});

describe('withdrawals, payouts and KYC', () => {
  const PAYOUT_HTTP = Object.fromEntries(Object.entries(SECRETS).filter(([k]) => k.startsWith('PAYOUT_')));
  const WITHOUT_PAYOUT = Object.fromEntries(Object.entries(SECRETS).filter(([k]) => !k.startsWith('PAYOUT_')));

  it('in production the payout channel defaults to http, whose settings are then required', () => {
    expect(problemsOf({ ...PROD, ...WITHOUT_PAYOUT, ...HTTP_SMS })).toEqual(
      Object.keys(PAYOUT_HTTP).map((name) => `${name}: required when PAYOUT_CHANNEL is http (the default in production)`),
    );
    const config = loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS });
    expect(config.payouts).toMatchObject({ kind: 'http', baseUrl: 'https://api.payouts.example', callbackSecret: 'whsec-payout-0123456789' });
    expect(config.sandbox.payouts).toBe(false);
  });

  it('refuses the payout sandbox in production unless it is a demo, and plain http for the provider', () => {
    const problems = problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, PAYOUT_CHANNEL: 'sandbox' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAYOUT_CHANNEL=sandbox: a sandbox channel is refused in production/);
    expect(loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS, PAYOUT_CHANNEL: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' }).sandbox.payouts).toBe(true);
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, PAYOUT_HTTP_BASE_URL: 'http://api.payouts.example' })).toEqual([
      'PAYOUT_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)',
    ]);
  });

  it('reads the withdrawal rules and KYC limits, with defaults, one line per bad value', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, WITHDRAWAL_MIN_MINOR: '20000', WITHDRAWAL_FEE_BPS: '150', KYC_MIN_AGE_YEARS: '21' });
    expect(config.withdrawals).toMatchObject({ minMinor: 20_000, maxMinor: 10_000_000, dailyCount: 3, feeBps: 150, wageringFactor: 1 });
    expect(config.kyc).toEqual({ minAgeYears: 21, maxDocumentBytes: 5_242_880, documents: { kind: 'local', dir: path.join(dir, 'kyc') } });
    expect(problemsOf({ KYC_MIN_AGE_YEARS: '16', WITHDRAWAL_FEE_BPS: '9000' })).toEqual([
      'WITHDRAWAL_FEE_BPS="9000": must be at most 5000 (50%)',
      'KYC_MIN_AGE_YEARS="16": must be at least 18',
    ]);
    expect(problemsOf({ WITHDRAWAL_MIN_MINOR: '50000', WITHDRAWAL_MAX_MINOR: '100' })).toEqual([
      'WITHDRAWAL_MAX_MINOR: must be at least WITHDRAWAL_MIN_MINOR',
    ]);
  });

  it('reads the responsible-gambling settings: every control offered by default, a mandatory deposit limit only with deposit limits', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).safety).toEqual({
      offered: { depositLimits: true, lossLimits: true, stakeLimits: true, breaks: true, selfExclusion: true, realityChecks: true },
      mandatoryDepositLimit: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), SAFETY_CONTROLS: 'deposit, break,exclusion', SAFETY_MANDATORY_DEPOSIT_LIMIT: '1' }).safety).toEqual({
      offered: { depositLimits: true, lossLimits: false, stakeLimits: false, breaks: true, selfExclusion: true, realityChecks: false },
      mandatoryDepositLimit: true,
    });
    expect(problemsOf({ SAFETY_CONTROLS: 'deposit,bonus', SAFETY_MANDATORY_DEPOSIT_LIMIT: 'yes' })).toEqual([
      'SAFETY_MANDATORY_DEPOSIT_LIMIT="yes": Invalid option: expected one of "0"|"1"|"true"|"false"',
    ]);
    expect(problemsOf({ SAFETY_CONTROLS: 'loss,bonus', SAFETY_MANDATORY_DEPOSIT_LIMIT: '1' })).toEqual([
      'SAFETY_CONTROLS: unknown control "bonus" (use deposit, loss, stake, break, exclusion, reality)',
      'SAFETY_MANDATORY_DEPOSIT_LIMIT: needs deposit limits offered (SAFETY_CONTROLS includes deposit)',
    ]);
  });

  it('keeps KYC documents in an S3-compatible bucket when asked, one line per missing or bad setting', () => {
    const S3 = {
      KYC_DOCUMENT_STORE: 's3',
      KYC_S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com/',
      KYC_S3_REGION: 'ap-south-1',
      KYC_S3_BUCKET: 'colorplay-kyc',
      KYC_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE0123',
      KYC_S3_SECRET_ACCESS_KEY: 'example-secret-0123456789',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, KYC_S3_KEY_PREFIX: 'kyc/', KYC_S3_SERVER_SIDE_ENCRYPTION: 'aws:kms' }).kyc.documents).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      region: 'ap-south-1',
      bucket: 'colorplay-kyc',
      accessKeyId: 'AKIAEXAMPLE0123',
      secretAccessKey: 'example-secret-0123456789',
      forcePathStyle: false,
      keyPrefix: 'kyc/',
      serverSideEncryption: 'aws:kms',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, KYC_S3_FORCE_PATH_STYLE: '1' }).kyc.documents).toMatchObject({ forcePathStyle: true, keyPrefix: '' });
    expect(problemsOf({ KYC_DOCUMENT_STORE: 's3', KYC_S3_REGION: 'ap-south-1' })).toEqual([
      'KYC_S3_ENDPOINT: required when KYC_DOCUMENT_STORE is s3',
      'KYC_S3_BUCKET: required when KYC_DOCUMENT_STORE is s3',
      'KYC_S3_ACCESS_KEY_ID: required when KYC_DOCUMENT_STORE is s3',
      'KYC_S3_SECRET_ACCESS_KEY: required when KYC_DOCUMENT_STORE is s3',
    ]);
    expect(problemsOf({ ...S3, KYC_DOCUMENT_STORE: 'gcs', KYC_S3_BUCKET: 'Colorplay_KYC', KYC_S3_ENDPOINT: 'ftp://x', KYC_S3_SERVER_SIDE_ENCRYPTION: 'yes', KYC_S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([
      'KYC_DOCUMENT_STORE="gcs": must be local or s3',
      'KYC_S3_ENDPOINT="ftp://x": must be an http:// or https:// URL',
      'KYC_S3_BUCKET="Colorplay_KYC": must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      'KYC_S3_FORCE_PATH_STYLE="maybe": must be 0, 1, true or false',
      'KYC_S3_SERVER_SIDE_ENCRYPTION="yes": must be AES256 or aws:kms',
    ]);
    expect(problemsOf({ ...S3, KYC_S3_KEY_PREFIX: '/kyc' })).toEqual(['KYC_S3_KEY_PREFIX: must not start with / or contain //']);
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, ...S3, KYC_S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      'KYC_S3_ENDPOINT: must be https:// in production (identity documents and keys travel with every call)',
    ]);
    // The S3 settings mean nothing to the local store, which stays the default.
    expect(loadConfig({ DATA_DIR: dataDir(), KYC_S3_BUCKET: 'colorplay-kyc' }).kyc.documents.kind).toBe('local');
  });
});

describe('production database and secrets (issue 18)', () => {
  it('requires DATABASE_URL with a clear message, not a crash about SEED_DEMO', () => {
    const { DATABASE_URL: _app, ...withoutApp } = PROD;
    const problems = problemsOf({ ...withoutApp, ...SECRETS, ...HTTP_SMS });
    expect(problems).toEqual([expect.stringMatching(/^DATABASE_URL: required in production/)]);
    expect(problems.join('\n')).not.toMatch(/SEED_DEMO/);
  });

  it('requires the owner role for migrations beside the app role, and another one', () => {
    const { MIGRATION_DATABASE_URL: _owner, ...withoutOwner } = PROD;
    expect(problemsOf({ ...withoutOwner, ...SECRETS, ...HTTP_SMS })).toEqual([expect.stringMatching(/^MIGRATION_DATABASE_URL: required in production/)]);
    expect(problemsOf({ ...PROD, MIGRATION_DATABASE_URL: PROD.DATABASE_URL, ...SECRETS, ...HTTP_SMS })).toEqual([
      expect.stringMatching(/^MIGRATION_DATABASE_URL: must be another role than DATABASE_URL/),
    ]);
    const config = loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS });
    expect(config).toMatchObject({ databaseUrl: PROD.DATABASE_URL, migrationDatabaseUrl: PROD.MIGRATION_DATABASE_URL, seedDemo: false });
  });

  it('takes DATABASE_REPLICA_URL for the replicas (decision 428), only beside DATABASE_URL', () => {
    const replicas = 'postgres://colorplay_app@127.0.0.1:5001/colorplay';
    expect(loadConfig({ ...PROD, DATABASE_REPLICA_URL: replicas, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS })).toMatchObject({ databaseReplicaUrl: replicas });
    expect(loadConfig({ ...PROD, DATA_DIR: dataDir(), ...SECRETS, ...HTTP_SMS })).toMatchObject({ databaseReplicaUrl: undefined });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URL: replicas })).toMatchObject({ databaseUrl: undefined, databaseReplicaUrl: undefined });
    expect(problemsOf({ ...PROD, DATABASE_REPLICA_URL: 'mysql://x', ...SECRETS, ...HTTP_SMS }).join('\n')).toMatch(/DATABASE_REPLICA_URL/);
  });

  it('keeps single-URL setups outside production: DATABASE_URL alone runs migrations and the app', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/colorplay' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/colorplay', migrationDatabaseUrl: undefined });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ databaseUrl: undefined, migrationDatabaseUrl: undefined });
  });

  it('refuses identical or predictable secrets in production', () => {
    const a32 = 'a'.repeat(32);
    const problems = problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, TOKEN_SECRET: a32, WEBHOOK_SECRET: a32, LOTTERY_CHAIN_SECRET: a32 });
    expect(problems).toEqual([
      expect.stringMatching(/^TOKEN_SECRET: too predictable for production \(about 0 bits/),
      expect.stringMatching(/^WEBHOOK_SECRET: too predictable/),
      'WEBHOOK_SECRET: must differ from TOKEN_SECRET (each secret keys something else)',
      expect.stringMatching(/^LOTTERY_CHAIN_SECRET: too predictable/),
      'LOTTERY_CHAIN_SECRET: must differ from TOKEN_SECRET (each secret keys something else)',
    ]);
    // Random-looking but shared between two settings: refused too.
    const shared = 'q8Xv2Lk9Pz3Rw7Tn1By5Hc4Md6Js0FgA';
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, TOKEN_SECRET: shared, METRICS_TOKEN: shared })).toEqual([
      'METRICS_TOKEN: must differ from TOKEN_SECRET (each secret keys something else)',
    ]);
    // A word padded to length is caught as well.
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, WEBHOOK_SECRET: 'passwordpasswordpasswordpassword' })).toEqual([
      expect.stringMatching(/^WEBHOOK_SECRET: too predictable for production/),
    ]);
    // A word repeated to length, and near-copies of another secret (case, spaces), decision 402.
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, WEBHOOK_SECRET: 'Password1'.repeat(6) })).toEqual([
      expect.stringMatching(/^WEBHOOK_SECRET: too predictable for production \(about 35 bits/),
    ]);
    expect(problemsOf({ ...PROD, ...SECRETS, ...HTTP_SMS, TOKEN_SECRET: shared, WEBHOOK_SECRET: shared.toUpperCase(), METRICS_TOKEN: `${shared} ` })).toEqual([
      'WEBHOOK_SECRET: must differ from TOKEN_SECRET (each secret keys something else)',
      'METRICS_TOKEN: must differ from TOKEN_SECRET (each secret keys something else)',
    ]);
    // Outside production the same values are a developer's business.
    expect(problemsOf({ ...SECRETS, TOKEN_SECRET: a32, WEBHOOK_SECRET: a32 })).toEqual([]);
  });

  it('estimates what generated secrets carry', () => {
    expect(estimatedSecretBits('a'.repeat(32))).toBe(0);
    expect(estimatedSecretBits(randomBytes(32).toString('base64url'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
    expect(estimatedSecretBits(randomBytes(32).toString('hex'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
  });
});

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env: everything else receives a validated Config. */

const portSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const secretSchema = z.string().min(32, 'must be at least 32 characters');

// ---- Exposure settings (metrics, API docs): what an outsider can read in production. ----

const flagSchema = z.enum(['0', '1', 'true', 'false'], { error: 'must be 0, 1, true or false' });
const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';

const EXPOSURE_ENV = {
  /** Bearer token that /metrics requires; in production /metrics does not exist without it. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The OpenAPI document and viewer under /api/docs: on outside production, off in it unless 1. */
  API_DOCS: flagSchema.optional(),
};

export type ExposureConfig = {
  /** Required as `Authorization: Bearer <token>` on /metrics when set. */
  metricsToken: string | undefined;
  /** False in production unless asked for: /metrics is then not registered at all. */
  metricsEnabled: boolean;
  /** Serve /api/docs (OpenAPI JSON and viewer). */
  apiDocs: boolean;
};

function exposureConfig(e: { NODE_ENV: string; METRICS_TOKEN?: string | undefined; API_DOCS?: string | undefined }): ExposureConfig {
  const production = e.NODE_ENV === 'production';
  return {
    metricsToken: e.METRICS_TOKEN,
    metricsEnabled: !production || e.METRICS_TOKEN !== undefined,
    apiDocs: e.API_DOCS === undefined ? !production : isOn(e.API_DOCS),
  };
}

// ---- End of exposure settings. ----

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSchema.default(3002),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // The owner role that runs migrations (docs/operations.md, "Database roles"); DATABASE_URL is
  // then the app's restricted role. Required in production; elsewhere DATABASE_URL does both.
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  DEPOSIT_EXPIRY_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  EVENTS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  // Responsible gambling (decision 210): the controls offered (comma list of deposit, loss, stake,
  // break, exclusion, reality; default all) and whether a deposit limit is required first.
  SAFETY_CONTROLS: z.string().optional(),
  SAFETY_MANDATORY_DEPOSIT_LIMIT: z.enum(['0', '1', 'true', 'false']).default('0'),
  TOKEN_SECRET: secretSchema.optional(),
  LOTTERY_CHAIN_SECRET: secretSchema.optional(),
  // The draws' randomness beacon (decision 180): drand quicknet over HTTP, or the local sandbox.
  LOTTERY_BEACON: z.enum(['sandbox', 'drand']).optional(),
  DRAND_URLS: z.string().default('https://api.drand.sh,https://drand.cloudflare.com,https://api2.drand.sh'),
  DRAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  WEBHOOK_SECRET: secretSchema.optional(),
  ...EXPOSURE_ENV,
  // Sandbox channels and the one switch that lets them run in production (decision 040).
  SMS_CHANNEL: z.enum(['sandbox', 'http']).optional(),
  // The HTTP SMS gateway (docs/sms-gateway.md): required when SMS_CHANNEL is http.
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMS_HTTP_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT header, e.g. CLRPLY').optional(),
  SMS_DLT_ENTITY_ID: z.string().regex(/^\d{10,25}$/, 'must be the DLT principal entity id (digits)').optional(),
  SMS_TEMPLATE_ID_RESET: z.string().regex(/^\d{10,25}$/, 'must be a DLT template id (digits)').optional(),
  SMS_TEMPLATE_ID_REGISTER: z.string().regex(/^\d{10,25}$/, 'must be a DLT template id (digits)').optional(),
  SMS_TEMPLATE_ID_REGISTER_TAKEN: z.string().regex(/^\d{10,25}$/, 'must be a DLT template id (digits)').optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  TRUST_PROXY: z.string().optional(),
  // The demo game vendor (apps/demo-vendor), a sandbox channel: on by default outside production.
  DEMO_VENDOR: z.enum(['0', '1', 'true', 'false']).optional(),
  DEMO_VENDOR_SECRET: secretSchema.optional(),
  // Where players' browsers reach the demo vendor (the launch redirect goes there).
  DEMO_VENDOR_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('http://localhost:3003'),
  // Seamless wallet credits (decision 193): a round's credits are at most its debits times this;
  // a declared free-round credit (no debit) at most the first amount, and per player and vendor
  // in any 24 h at most the second (0: free rounds refused).
  VENDOR_MAX_WIN_MULTIPLE: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  VENDOR_FREE_ROUND_MAX_MINOR: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  VENDOR_FREE_ROUND_DAILY_MAX_MINOR: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
}).extend(upiEnvShape()).extend(usdtEnvShape()).extend(withdrawalEnvShape());

/** The message kinds the server sends; each is one registered DLT template at the gateway. */
export const SMS_TEMPLATES = ['reset_code', 'register_code', 'register_taken'] as const;
export type SmsTemplateName = (typeof SMS_TEMPLATES)[number];

export type HttpSmsConfig = {
  url: string;
  apiKey: string;
  senderId: string;
  entityId: string;
  templateIds: Record<SmsTemplateName, string>;
  timeoutMs: number;
};

/**
 * Every sandbox channel and whether it is on. Another channel (faucet, demo vendor) is one more
 * key here; `sandboxChannelsOn` and the production refusal pick it up by themselves.
 */
export type SandboxChannels = { sms: boolean; upi: boolean; demoVendor: boolean; usdtChain: boolean; payouts: boolean };

/** The demo game vendor as this server knows it: its wallet-call secret and where it lives. */
export type DemoVendorConfig = { secret: string; publicUrl: string };


/** Fastify's `trustProxy`: false, a hop count, or the addresses of the proxies to trust. */
export type TrustProxy = false | number | string[];

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absent: embedded PGlite stored in `pgliteDir`. */
  databaseUrl: string | undefined;
  /**
   * The owner role's connection, which runs migrations; undefined: `databaseUrl` runs them (the
   * single-URL setups of development and tests, and PGlite).
   */
  migrationDatabaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` for throwaway test databases. */
  pgliteDir: string;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** `lotteryChain` seals the lottery chains' checkpoints at rest (decision 171). */
  secrets: { token: string; webhook: string; lotteryChain: string };
  /** How often open deposit orders are checked for expiry; 0 turns the sweep off (tests). */
  depositExpirySweepMs: number;
  /**
   * How often the leader looks for events the after-commit dispatch missed (a crash between
   * commit and dispatch, a handler waiting to retry); 0 turns the safety net off (tests).
   */
  eventsPollMs: number;
  /** Create the demo player at start (default: on with the embedded database, off otherwise). */
  seedDemo: boolean;
  exposure: ExposureConfig;
  /** Which sandbox channels are on (default: all outside production, none in production). */
  sandbox: SandboxChannels;
  /** True when sandbox channels run in production by ALLOW_SANDBOX_IN_PRODUCTION=demo: no real money. */
  demo: boolean;
  /** The demo game vendor, when its sandbox channel is on. */
  demoVendor: DemoVendorConfig | undefined;
  /** The real SMS gateway; set exactly when the SMS channel is http. */
  smsHttp: HttpSmsConfig | undefined;
  /** Which peers may set X-Forwarded-For (off unless TRUST_PROXY says otherwise). */
  trustProxy: TrustProxy;
  /** The UPI payment channel: the in-process sandbox or a real provider over HTTP. */
  upi: UpiConfig;
  /** `ALLOW_SANDBOX_IN_PRODUCTION=demo`: a production-mode demo may run sandbox channels. */
  allowSandboxInProduction: boolean;
  /** How often reconciliation asks the gateway about unsettled orders; 0 turns it off (tests). */
  depositReconcileSweepMs: number;
  /** How often the lottery round engine runs (open, lock, draw, settle); 0 turns it off (tests). */
  lotteryTickMs: number;
  /** How long a node may trust a session it checked (0 = check every request); the bound on a revocation missed by the bus (decision 202). */
  sessionCacheTtlMs: number;
  /** Where draws get their beacon values: the local sandbox (default outside production) or drand over HTTP. */
  lotteryBeacon: { kind: 'sandbox' } | { kind: 'drand'; urls: string[]; timeoutMs: number };
  /**
   * How often the leader deletes rows that have served their purpose (used launch tickets,
   * forgotten login failures, spent codes, delivered events past retention); 0 turns it off.
   */
  housekeepingSweepMs: number;
  /** How long a fully delivered domain event is kept for inspection before housekeeping deletes it. */
  eventsRetentionHours: number;
  /** The USDT recharge channel (docs/payments.md); undefined when USDT_CHANNEL=off. */
  usdt: UsdtConfig | undefined;
  /** The payout channel: the in-process sandbox or a real provider over HTTP. */
  payouts: PayoutConfig;
  /** Withdrawal limits, fee, wagering lock, auto-payout and two-person thresholds. */
  withdrawals: WithdrawalConfig;
  /** What a game vendor may credit (decision 193). */
  vendorWallet: { maxWinMultiple: number; freeRoundMaxMinor: number; freeRoundDailyMaxMinor: number };
  /** KYC checks and where documents are stored. */
  kyc: KycConfig;
  /** How often the leader sends approved withdrawals to the payout gateway; 0 turns it off (tests). */
  payoutSendSweepMs: number;
  /** Responsible-gambling controls offered, and whether a deposit limit is mandatory (decision 210). */
  safety: SafetyConfig;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_NAMES = ['TOKEN_SECRET', 'WEBHOOK_SECRET', 'LOTTERY_CHAIN_SECRET'] as const;
/** The secrets this server keys things with; in production each must be random and its own. */
const KEYING_SECRETS = [...SECRET_NAMES, 'DEMO_VENDOR_SECRET', 'METRICS_TOKEN'] as const;
/** 32 random base64 characters carry about 150 bits by this estimate, 32 hex ones about 115. */
export const MIN_SECRET_BITS = 100;

/**
 * A cautious estimate of a secret's entropy: its length times the Shannon entropy of its own
 * character frequencies. It cannot prove randomness, but it catches what people type: repeated
 * characters (32 × `a` is 0 bits), short alphabets and words padded out (decision 240).
 */
export function estimatedSecretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...secret].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return Math.floor(perChar * n);
}

/** Production: each keying secret looks random, and no two are the same (one leak opens one door). */
function weakSecrets(e: Partial<Record<(typeof KEYING_SECRETS)[number], string | undefined>>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const name of KEYING_SECRETS) {
    const value = e[name];
    if (value === undefined) continue;
    const bits = estimatedSecretBits(value);
    if (bits < MIN_SECRET_BITS) problems.push(`${name}: too predictable for production (about ${bits} bits; use e.g. \`openssl rand -base64 32\`)`);
    const twin = seen.get(value);
    if (twin) problems.push(`${name}: must differ from ${twin} (each secret keys something else)`);
    else seen.set(value, name);
  }
  return problems;
}

/**
 * Validates the environment. Each bad value gets its own line naming the variable and the reason.
 * Secrets are required in production; elsewhere they are generated once and kept beside the
 * embedded database so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);

  const missing = SECRET_NAMES.filter((name) => !e[name]);
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production) {
    // Without it the embedded database would start, and with it the demo seed (decision 240).
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production (postgres://app_role@host/db; the embedded database is for development and tests)');
    if (!e.MIGRATION_DATABASE_URL) {
      problems.push('MIGRATION_DATABASE_URL: required in production (the owner role that runs migrations; DATABASE_URL is the app role that may only insert and read the audit log, docs/operations.md)');
    } else if (e.MIGRATION_DATABASE_URL === e.DATABASE_URL) {
      problems.push('MIGRATION_DATABASE_URL: must be another role than DATABASE_URL in production (the app role must not own the tables, docs/operations.md)');
    }
    problems.push(...missing.map((name) => `${name}: required in production (at least 32 random characters)`));
    problems.push(...weakSecrets(e));
  }

  const smsChannel = e.SMS_CHANNEL ?? (production ? 'http' : 'sandbox');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const smsHttp = smsChannel === 'http' ? httpSmsSettings(e, problems) : undefined;
  const upiResult = upiConfigOf(e);
  if (!upiResult.ok) problems.push(...upiResult.problems);
  const usdtResult = usdtConfigOf(e);
  problems.push(...usdtResult.problems);
  const payoutsResult = payoutConfigOf(e);
  if (!payoutsResult.ok) problems.push(...payoutsResult.problems);
  const withdrawals = withdrawalConfigOf(e, problems);
  const safety = safetyConfigOf(e, problems);
  const kycDocuments = kycDocumentStoreOf(e, path.resolve(cwd, e.KYC_DOCUMENT_DIR ?? path.join(e.DATA_DIR, 'kyc')), problems);
  const sandbox: SandboxChannels = {
    sms: smsChannel === 'sandbox',
    upi: upiResult.ok && upiResult.config.kind === 'sandbox',
    demoVendor: e.DEMO_VENDOR === undefined ? !production : e.DEMO_VENDOR === '1' || e.DEMO_VENDOR === 'true',
    usdtChain: usdtResult.config?.kind === 'sandbox',
    payouts: payoutsResult.ok && payoutsResult.config.kind === 'sandbox',
  };
  const sandboxOn = sandboxChannelsOn({ sandbox });
  if (production && sandboxOn.length > 0 && e.ALLOW_SANDBOX_IN_PRODUCTION !== 'demo') {
    // A sandbox channel in production hands out codes or credits without real money moving.
    problems.push(
      ...sandboxOn.map(
        (channel) =>
          `${channel === 'demoVendor' ? 'DEMO_VENDOR=1' : channel === 'usdtChain' ? 'USDT_CHANNEL=sandbox' : channel === 'payouts' ? 'PAYOUT_CHANNEL=sandbox' : `${channel.toUpperCase()}_CHANNEL=sandbox`}: a sandbox channel is refused in production; configure the real channel, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money`,
      ),
    );
  }
  const beaconKind = e.LOTTERY_BEACON ?? (production ? 'drand' : 'sandbox');
  if (production && beaconKind === 'sandbox' && e.ALLOW_SANDBOX_IN_PRODUCTION !== 'demo') {
    // The sandbox beacon's key is derived from the operator's own secret: its draws prove nothing.
    problems.push('LOTTERY_BEACON=sandbox: the sandbox beacon is refused in production; use drand, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money');
  }
  const drandUrls = e.DRAND_URLS.split(',').map((u) => u.trim()).filter(Boolean);
  if (beaconKind === 'drand' && (drandUrls.length === 0 || drandUrls.some((u) => !/^https?:\/\/[^\s]+$/.test(u)))) problems.push('DRAND_URLS: must be a comma-separated list of http(s) addresses');
  if (problems.length > 0 || !upiResult.ok || !payoutsResult.ok) throw new ConfigError(problems);
  const upi = upiResult;

  const needsDemoVendorSecret = sandbox.demoVendor && !e.DEMO_VENDOR_SECRET;
  const generated = missing.length > 0 || needsDemoVendorSecret ? loadOrCreateSecrets(dataDir) : undefined;

  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.DATABASE_URL ? e.MIGRATION_DATABASE_URL : undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR ?? defaultWebDist()),
    corsOrigins: (e.CORS_ORIGINS ?? (e.NODE_ENV === 'development' ? 'http://localhost:5173' : ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    depositExpirySweepMs: e.DEPOSIT_EXPIRY_SWEEP_MS,
    eventsPollMs: e.EVENTS_POLL_MS,
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    secrets: {
      token: e.TOKEN_SECRET ?? generated!.token,
      webhook: e.WEBHOOK_SECRET ?? generated!.webhook,
      lotteryChain: e.LOTTERY_CHAIN_SECRET ?? generated!.lotteryChain,
    },
    exposure: exposureConfig(e),
    sandbox,
    demo: production && sandboxOn.length > 0,
    demoVendor: sandbox.demoVendor
      ? { secret: e.DEMO_VENDOR_SECRET ?? generated!.demoVendor, publicUrl: e.DEMO_VENDOR_URL.replace(/\/+$/, '') }
      : undefined,
    smsHttp,
    trustProxy,
    upi: upi.config,
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION === 'demo',
    depositReconcileSweepMs: e.DEPOSIT_RECONCILE_SWEEP_MS,
    lotteryTickMs: e.LOTTERY_TICK_MS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    lotteryBeacon: beaconKind === 'sandbox' ? { kind: 'sandbox' } : { kind: 'drand', urls: drandUrls, timeoutMs: e.DRAND_TIMEOUT_MS },
    housekeepingSweepMs: e.HOUSEKEEPING_SWEEP_MS,
    eventsRetentionHours: e.EVENTS_RETENTION_HOURS,
    usdt: usdtResult.config,
    payouts: payoutsResult.config,
    withdrawals,
    vendorWallet: {
      maxWinMultiple: e.VENDOR_MAX_WIN_MULTIPLE,
      freeRoundMaxMinor: e.VENDOR_FREE_ROUND_MAX_MINOR,
      freeRoundDailyMaxMinor: e.VENDOR_FREE_ROUND_DAILY_MAX_MINOR,
    },
    kyc: {
      minAgeYears: e.KYC_MIN_AGE_YEARS,
      maxDocumentBytes: e.KYC_MAX_DOCUMENT_BYTES,
      documents: kycDocuments,
    },
    payoutSendSweepMs: e.PAYOUT_SEND_SWEEP_MS,
    safety,
  };
  return config;
}

type Env = z.infer<typeof EnvSchema>;

function httpSmsSettings(e: Env, problems: string[]): HttpSmsConfig | undefined {
  const required = {
    SMS_HTTP_URL: e.SMS_HTTP_URL,
    SMS_HTTP_API_KEY: e.SMS_HTTP_API_KEY,
    SMS_SENDER_ID: e.SMS_SENDER_ID,
    SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
    SMS_TEMPLATE_ID_RESET: e.SMS_TEMPLATE_ID_RESET,
    SMS_TEMPLATE_ID_REGISTER: e.SMS_TEMPLATE_ID_REGISTER,
    SMS_TEMPLATE_ID_REGISTER_TAKEN: e.SMS_TEMPLATE_ID_REGISTER_TAKEN,
  };
  const absent = Object.entries(required).filter(([, v]) => v === undefined);
  for (const [name] of absent) problems.push(`${name}: required when SMS_CHANNEL is http (the default in production)`);
  if (absent.length > 0) return undefined;
  return {
    url: e.SMS_HTTP_URL!,
    apiKey: e.SMS_HTTP_API_KEY!,
    senderId: e.SMS_SENDER_ID!,
    entityId: e.SMS_DLT_ENTITY_ID!,
    templateIds: {
      reset_code: e.SMS_TEMPLATE_ID_RESET!,
      register_code: e.SMS_TEMPLATE_ID_REGISTER!,
      register_taken: e.SMS_TEMPLATE_ID_REGISTER_TAKEN!,
    },
    timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
  };
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts nobody (the connection's address counts); a whole
 * number trusts that many proxy hops; otherwise a comma list of proxy addresses or CIDR ranges.
 * `true` is refused on purpose: trusting every peer lets any client pick its address.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim();
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`TRUST_PROXY=${JSON.stringify(raw)}: a hop count must be at most 10`);
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY=${JSON.stringify(raw)}: must be a hop count or a comma list of proxy addresses or CIDR ranges (bad: ${bad.join(', ') || 'empty'})`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}

const GeneratedSecretsSchema = z.object({
  token: secretSchema,
  webhook: secretSchema,
  demoVendor: secretSchema.optional(),
  lotteryChain: secretSchema.optional(),
});

/**
 * The secrets of a development or demo install, kept in DATA_DIR/secrets.json. A file written
 * before a secret existed keeps its secrets (sessions survive) and gains the new one.
 */
function loadOrCreateSecrets(dataDir: string): Required<z.infer<typeof GeneratedSecretsSchema>> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: z.infer<typeof GeneratedSecretsSchema> | undefined;
  if (existsSync(file)) {
    const parsed = GeneratedSecretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) stored = parsed.data;
  }
  const { demoVendor, lotteryChain } = stored ?? {};
  if (stored && demoVendor && lotteryChain) return { ...stored, demoVendor, lotteryChain };
  const secrets = {
    token: stored?.token ?? randomBytes(32).toString('base64url'),
    webhook: stored?.webhook ?? randomBytes(32).toString('base64url'),
    demoVendor: demoVendor ?? randomBytes(32).toString('base64url'),
    lotteryChain: lotteryChain ?? randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

// ---------------------------------------------------------------------------------------------
// UPI channel settings (decision 040, docs/payments.md). Kept in one block so the merge with the SMS channel
// settings stays simple.
// ---------------------------------------------------------------------------------------------

/** A real UPI provider reached over HTTP (see docs/payments.md, "HTTP gateway"). */
export type UpiHttpSettings = {
  kind: 'http';
  /** The provider's API root, e.g. https://api.provider.example (https required in production). */
  baseUrl: string;
  merchantId: string;
  /** API key id and secret (HTTP Basic authentication). */
  keyId: string;
  keySecret: string;
  /** The secret the provider signs its webhooks with. */
  webhookSecret: string;
  /** The merchant's UPI id and display name, shown in the QR code and upi:// link. */
  payeeVpa: string;
  payeeName: string;
  /** How long one call to the provider may take before it counts as unanswered. */
  timeoutMs: number;
};
export type UpiConfig = { kind: 'sandbox' } | UpiHttpSettings;

const UPI_HTTP_REQUIRED = [
  'UPI_HTTP_BASE_URL',
  'UPI_HTTP_MERCHANT_ID',
  'UPI_HTTP_KEY_ID',
  'UPI_HTTP_KEY_SECRET',
  'UPI_HTTP_WEBHOOK_SECRET',
  'UPI_PAYEE_VPA',
] as const;

function upiEnvShape() {
  return {
    UPI_CHANNEL: z.enum(['sandbox', 'http']).optional(),
    UPI_HTTP_BASE_URL: z.string().regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL').optional(),
    UPI_HTTP_MERCHANT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
    UPI_HTTP_KEY_ID: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1 to 128 letters, digits, - or _').optional(),
    UPI_HTTP_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    UPI_HTTP_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    UPI_PAYEE_VPA: z.string().regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/, 'must be a UPI id like name@bank').optional(),
    UPI_PAYEE_NAME: z.string().min(1).max(50).default('Colorplay'),
    UPI_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    DEPOSIT_RECONCILE_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    // A round locks 5 s before its draw; the engine must run well within that.
    LOTTERY_TICK_MS: z.coerce.number().int().min(0).max(1_000).default(250),
    // A revoked session is refused everywhere within this bound even if the bus missed its event.
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    HOUSEKEEPING_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
    EVENTS_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(168),
    ALLOW_SANDBOX_IN_PRODUCTION: z.enum(['demo'], { error: 'the only accepted value is "demo"' }).optional(),
  };
}

type UpiEnv = { NODE_ENV: Config['env'] } & z.infer<z.ZodObject<ReturnType<typeof upiEnvShape>>>;

/** The UPI channel: sandbox by default outside production, the HTTP gateway by default in it. */
function upiConfigOf(e: UpiEnv): { ok: true; config: UpiConfig } | { ok: false; problems: string[] } {
  const channel = e.UPI_CHANNEL ?? (e.NODE_ENV === 'production' ? 'http' : 'sandbox');
  if (channel === 'sandbox') return { ok: true, config: { kind: 'sandbox' } };
  const problems = UPI_HTTP_REQUIRED.filter((name) => !e[name]).map(
    (name) => `${name}: required when UPI_CHANNEL is http${e.UPI_CHANNEL ? '' : ' (the default in production)'}`,
  );
  if (e.NODE_ENV === 'production' && e.UPI_HTTP_BASE_URL?.startsWith('http://')) {
    problems.push('UPI_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      kind: 'http',
      baseUrl: e.UPI_HTTP_BASE_URL!.replace(/\/+$/, ''),
      merchantId: e.UPI_HTTP_MERCHANT_ID!,
      keyId: e.UPI_HTTP_KEY_ID!,
      keySecret: e.UPI_HTTP_KEY_SECRET!,
      webhookSecret: e.UPI_HTTP_WEBHOOK_SECRET!,
      payeeVpa: e.UPI_PAYEE_VPA!,
      payeeName: e.UPI_PAYEE_NAME,
      timeoutMs: e.UPI_HTTP_TIMEOUT_MS,
    },
  };
}

/** The sandbox channels that are on, by name (every key of `config.sandbox`). */
export function sandboxChannelsOn(config: Pick<Config, 'sandbox'>): string[] {
  return Object.entries(config.sandbox)
    .filter(([, on]) => on)
    .map(([name]) => name);
}


// ---------------------------------------------------------------------------------------------
// USDT channel settings (docs/payments.md, "USDT recharge"). One block, like the UPI settings.
// ---------------------------------------------------------------------------------------------

/**
 * The extended public key the sandbox derives deposit addresses from: m/44'/60'/0'/0 of the
 * public test mnemonic "abandon ... about" (BIP-39 test vector). Anyone can derive its private
 * keys, which is why it is a default only for the sandbox chain and refused elsewhere.
 */
export const SANDBOX_USDT_XPUB =
  'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr';

export type UsdtRateSourceConfig =
  | { kind: 'fixed'; rateMinorPerToken: number }
  | { kind: 'http'; url: string; timeoutMs: number };

export type UsdtConfig = {
  /** sandbox: an in-process dev chain with a test token (decision 130); rpc: a real node. */
  kind: 'sandbox' | 'rpc';
  /** The node's JSON-RPC URL; the sandbox's comes from its dev chain at start. */
  rpcUrl: string | undefined;
  chainId: number;
  networkName: string;
  /** The token contract (lower-case hex); the sandbox deploys its own. */
  tokenAddress: string | undefined;
  tokenSymbol: string;
  tokenDecimals: number;
  xpub: string;
  rate: UsdtRateSourceConfig;
  confirmations: number;
  expiryMinutes: number;
  /** How often the leader runs the chain watcher; 0 leaves it off (tests run it by hand). */
  watchMs: number;
  /** The block the watcher starts from on its first run; default the head at that time. */
  startBlock: number | undefined;
  /** Block range of one getLogs call. */
  blockBatch: number;
  /** Sandbox only: a block every this many ms (0: a block per transaction only). */
  devChainBlockMs: number;
  minMinor: number;
  maxMinor: number;
};

const USDT_RPC_REQUIRED = ['USDT_RPC_URL', 'USDT_CHAIN_ID', 'USDT_NETWORK_NAME', 'USDT_TOKEN_ADDRESS', 'USDT_TOKEN_DECIMALS', 'USDT_XPUB', 'USDT_RATE_URL'] as const;

function usdtEnvShape() {
  const httpUrl = z.string().regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL');
  return {
    USDT_CHANNEL: z.enum(['sandbox', 'rpc', 'off']).optional(),
    USDT_RPC_URL: httpUrl.optional(),
    USDT_CHAIN_ID: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    USDT_NETWORK_NAME: z.string().min(1).max(60).optional(),
    USDT_TOKEN_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits').optional(),
    USDT_TOKEN_SYMBOL: z.string().regex(/^[A-Za-z0-9.]{1,11}$/, 'must be 1 to 11 letters or digits').default('USDT'),
    USDT_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).optional(),
    USDT_XPUB: z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended public key (xpub...)').optional(),
    USDT_INR_RATE: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be INR per USDT with at most two decimals, e.g. 83.25').optional(),
    USDT_RATE_URL: httpUrl.optional(),
    USDT_RATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    USDT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
    USDT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    USDT_WATCH_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
    USDT_START_BLOCK: z.coerce.number().int().min(0).optional(),
    USDT_BLOCK_BATCH: z.coerce.number().int().min(1).max(100_000).default(500),
    USDT_DEV_CHAIN_BLOCK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  };
}

type UsdtEnv = { NODE_ENV: Config['env'] } & z.infer<z.ZodObject<ReturnType<typeof usdtEnvShape>>>;

/**
 * The USDT channel: the sandbox chain by default outside production, a real node (rpc) by
 * default in production, which then needs every real setting (there is no default xpub, token or
 * rate there); USDT_CHANNEL=off runs without USDT.
 */
function usdtConfigOf(e: UsdtEnv): { config: UsdtConfig | undefined; problems: string[] } {
  const production = e.NODE_ENV === 'production';
  const channel = e.USDT_CHANNEL ?? (production ? 'rpc' : 'sandbox');
  if (channel === 'off') return { config: undefined, problems: [] };
  const common = {
    tokenSymbol: e.USDT_TOKEN_SYMBOL,
    expiryMinutes: e.USDT_EXPIRY_MINUTES,
    watchMs: e.USDT_WATCH_MS,
    startBlock: e.USDT_START_BLOCK,
    blockBatch: e.USDT_BLOCK_BATCH,
    devChainBlockMs: e.USDT_DEV_CHAIN_BLOCK_MS,
    minMinor: 100_00,
    maxMinor: 50_000_00,
  };
  if (channel === 'sandbox') {
    // Parsed as integers ("83.25" is 8325 paise per token): no float on the way to money.
    const [whole = '0', fraction = ''] = (e.USDT_INR_RATE ?? '83.00').split('.');
    const rateMinorPerToken = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (rateMinorPerToken <= 0) return { config: undefined, problems: ['USDT_INR_RATE: must be more than zero'] };
    return {
      problems: [],
      config: {
        ...common,
        kind: 'sandbox',
        rpcUrl: undefined,
        chainId: 1337,
        networkName: e.USDT_NETWORK_NAME ?? 'Colorplay dev chain (sandbox)',
        tokenAddress: undefined,
        tokenDecimals: 18,
        xpub: e.USDT_XPUB ?? SANDBOX_USDT_XPUB,
        rate: { kind: 'fixed', rateMinorPerToken },
        confirmations: e.USDT_CONFIRMATIONS ?? 3,
      },
    };
  }
  const problems = USDT_RPC_REQUIRED.filter((name) => e[name] === undefined).map(
    (name) => `${name}: required when USDT_CHANNEL is rpc${e.USDT_CHANNEL ? '' : ' (the default in production; USDT_CHANNEL=off runs without USDT)'}`,
  );
  if (e.USDT_XPUB === SANDBOX_USDT_XPUB) problems.push('USDT_XPUB: the sandbox test key is public; use the operator wallet\'s own xpub');
  if (production && e.USDT_INR_RATE !== undefined) problems.push('USDT_INR_RATE: a fixed rate is for the sandbox only; production reads USDT_RATE_URL');
  if (problems.length > 0) return { config: undefined, problems };
  return {
    problems: [],
    config: {
      ...common,
      kind: 'rpc',
      rpcUrl: e.USDT_RPC_URL!,
      chainId: e.USDT_CHAIN_ID!,
      networkName: e.USDT_NETWORK_NAME!,
      tokenAddress: e.USDT_TOKEN_ADDRESS!.toLowerCase(),
      tokenDecimals: e.USDT_TOKEN_DECIMALS!,
      xpub: e.USDT_XPUB!,
      rate: { kind: 'http', url: e.USDT_RATE_URL!, timeoutMs: e.USDT_RATE_TIMEOUT_MS },
      confirmations: e.USDT_CONFIRMATIONS ?? 12,
    },
  };
}
// Withdrawals, payouts and KYC (docs/payments.md). Kept in one block so merges with other channels stay
// simple. Amounts are minor units (paise).
// ---------------------------------------------------------------------------------------------

/** A real payout provider reached over HTTP (docs/payments.md, "Payouts, HTTP provider"). */
export type PayoutHttpSettings = {
  kind: 'http';
  baseUrl: string;
  merchantId: string;
  keyId: string;
  keySecret: string;
  /** The secret the provider signs its payout callbacks with. */
  callbackSecret: string;
  timeoutMs: number;
};
export type PayoutConfig = { kind: 'sandbox' } | PayoutHttpSettings;

export type WithdrawalConfig = {
  minMinor: number;
  maxMinor: number;
  dailyCount: number;
  feeFixedMinor: number;
  feeBps: number;
  wageringFactor: number;
  autoApproveMaxMinor: number;
  secondApprovalMinor: number;
  newMethodHoldHours: number;
};

/** An S3-compatible bucket for KYC documents (docs/operations.md, "KYC documents in S3"). */
export type KycS3Settings = {
  kind: 's3';
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  keyPrefix: string;
  serverSideEncryption: 'AES256' | 'aws:kms' | undefined;
  timeoutMs: number;
};
export type KycDocumentStoreConfig = { kind: 'local'; dir: string } | KycS3Settings;
export type KycConfig = { minAgeYears: number; maxDocumentBytes: number; documents: KycDocumentStoreConfig };

// A function declaration (hoisted): EnvSchema is built before this block is reached.
function minorSchema(fallback: number) {
  return z.coerce.number().int('must be a whole number of paise').min(0).max(Number.MAX_SAFE_INTEGER).default(fallback);
}

function withdrawalEnvShape() {
  return {
    PAYOUT_CHANNEL: z.enum(['sandbox', 'http']).optional(),
    PAYOUT_HTTP_BASE_URL: z.string().regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL').optional(),
    PAYOUT_HTTP_MERCHANT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
    PAYOUT_HTTP_KEY_ID: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1 to 128 letters, digits, - or _').optional(),
    PAYOUT_HTTP_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    PAYOUT_HTTP_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    PAYOUT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    PAYOUT_SEND_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    WITHDRAWAL_MIN_MINOR: minorSchema(10_000),
    WITHDRAWAL_MAX_MINOR: minorSchema(10_000_000),
    WITHDRAWAL_DAILY_COUNT: z.coerce.number().int().min(1).max(100).default(3),
    WITHDRAWAL_FEE_FIXED_MINOR: minorSchema(0),
    WITHDRAWAL_FEE_BPS: z.coerce.number().int().min(0).max(5_000, 'must be at most 5000 (50%)').default(0),
    // 0 turns the wagering lock off; 1 (default) means every deposit must be staked once.
    WITHDRAWAL_WAGERING_FACTOR: z.coerce.number().min(0).max(50).default(1),
    // 0 turns automatic payouts off: every withdrawal waits for an operator.
    WITHDRAWAL_AUTO_APPROVE_MAX_MINOR: minorSchema(200_000),
    WITHDRAWAL_SECOND_APPROVAL_MINOR: minorSchema(2_500_000),
    WITHDRAWAL_NEW_METHOD_HOLD_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
    KYC_MIN_AGE_YEARS: z.coerce.number().int().min(18, 'must be at least 18').max(25).default(18),
    KYC_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(10_240, 'must be at least 10240').max(10_485_760, 'must be at most 10485760 (10 MiB)').default(5_242_880),
    KYC_DOCUMENT_DIR: z.string().min(1).optional(),
    KYC_DOCUMENT_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    KYC_S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// URL').optional(),
    KYC_S3_REGION: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as ap-south-1').optional(),
    // The S3 bucket naming rules (lower case, digits, dots and hyphens, 3 to 63 characters).
    KYC_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens').optional(),
    KYC_S3_ACCESS_KEY_ID: z.string().regex(/^[A-Za-z0-9_+=,.@-]{3,128}$/, 'must be 3 to 128 characters without spaces').optional(),
    KYC_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    KYC_S3_FORCE_PATH_STYLE: flagSchema.optional(),
    KYC_S3_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9!_.*'()/-]{0,200}$/, 'must be at most 200 letters, digits or !_.*\'()/-').optional(),
    KYC_S3_SERVER_SIDE_ENCRYPTION: z.enum(['AES256', 'aws:kms'], { error: 'must be AES256 or aws:kms' }).optional(),
    KYC_S3_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  };
}

type WithdrawalEnv = { NODE_ENV: Config['env'] } & z.infer<z.ZodObject<ReturnType<typeof withdrawalEnvShape>>>;

const PAYOUT_HTTP_REQUIRED = [
  'PAYOUT_HTTP_BASE_URL',
  'PAYOUT_HTTP_MERCHANT_ID',
  'PAYOUT_HTTP_KEY_ID',
  'PAYOUT_HTTP_KEY_SECRET',
  'PAYOUT_HTTP_CALLBACK_SECRET',
] as const;

/** The payout channel: sandbox by default outside production, the HTTP provider by default in it. */
function payoutConfigOf(e: WithdrawalEnv): { ok: true; config: PayoutConfig } | { ok: false; problems: string[] } {
  const channel = e.PAYOUT_CHANNEL ?? (e.NODE_ENV === 'production' ? 'http' : 'sandbox');
  if (channel === 'sandbox') return { ok: true, config: { kind: 'sandbox' } };
  const problems = PAYOUT_HTTP_REQUIRED.filter((name) => !e[name]).map(
    (name) => `${name}: required when PAYOUT_CHANNEL is http${e.PAYOUT_CHANNEL ? '' : ' (the default in production)'}`,
  );
  if (e.NODE_ENV === 'production' && e.PAYOUT_HTTP_BASE_URL?.startsWith('http://')) {
    problems.push('PAYOUT_HTTP_BASE_URL: must be https:// in production (API keys travel with every call)');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      kind: 'http',
      baseUrl: e.PAYOUT_HTTP_BASE_URL!.replace(/\/+$/, ''),
      merchantId: e.PAYOUT_HTTP_MERCHANT_ID!,
      keyId: e.PAYOUT_HTTP_KEY_ID!,
      keySecret: e.PAYOUT_HTTP_KEY_SECRET!,
      callbackSecret: e.PAYOUT_HTTP_CALLBACK_SECRET!,
      timeoutMs: e.PAYOUT_HTTP_TIMEOUT_MS,
    },
  };
}

const KYC_S3_REQUIRED = ['KYC_S3_ENDPOINT', 'KYC_S3_REGION', 'KYC_S3_BUCKET', 'KYC_S3_ACCESS_KEY_ID', 'KYC_S3_SECRET_ACCESS_KEY'] as const;

/** The local folder by default; an S3-compatible bucket with KYC_DOCUMENT_STORE=s3 and its settings. */
function kycDocumentStoreOf(e: WithdrawalEnv, localDir: string, problems: string[]): KycDocumentStoreConfig {
  if (e.KYC_DOCUMENT_STORE === 'local') return { kind: 'local', dir: localDir };
  const absent = KYC_S3_REQUIRED.filter((name) => e[name] === undefined);
  problems.push(...absent.map((name) => `${name}: required when KYC_DOCUMENT_STORE is s3`));
  if (e.NODE_ENV === 'production' && e.KYC_S3_ENDPOINT?.startsWith('http://')) {
    problems.push('KYC_S3_ENDPOINT: must be https:// in production (identity documents and keys travel with every call)');
  }
  const prefix = e.KYC_S3_KEY_PREFIX ?? '';
  if (prefix.startsWith('/') || prefix.includes('//')) problems.push('KYC_S3_KEY_PREFIX: must not start with / or contain //');
  return {
    kind: 's3',
    endpoint: (e.KYC_S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    region: e.KYC_S3_REGION ?? '',
    bucket: e.KYC_S3_BUCKET ?? '',
    accessKeyId: e.KYC_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.KYC_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: isOn(e.KYC_S3_FORCE_PATH_STYLE),
    keyPrefix: prefix,
    serverSideEncryption: e.KYC_S3_SERVER_SIDE_ENCRYPTION,
    timeoutMs: e.KYC_S3_TIMEOUT_MS,
  };
}

function withdrawalConfigOf(e: WithdrawalEnv, problems: string[]): WithdrawalConfig {
  if (e.WITHDRAWAL_MIN_MINOR < 1) problems.push('WITHDRAWAL_MIN_MINOR: must be at least 1');
  if (e.WITHDRAWAL_MAX_MINOR < e.WITHDRAWAL_MIN_MINOR) problems.push('WITHDRAWAL_MAX_MINOR: must be at least WITHDRAWAL_MIN_MINOR');
  if (e.WITHDRAWAL_SECOND_APPROVAL_MINOR < 1) problems.push('WITHDRAWAL_SECOND_APPROVAL_MINOR: must be at least 1');
  return {
    minMinor: e.WITHDRAWAL_MIN_MINOR,
    maxMinor: e.WITHDRAWAL_MAX_MINOR,
    dailyCount: e.WITHDRAWAL_DAILY_COUNT,
    feeFixedMinor: e.WITHDRAWAL_FEE_FIXED_MINOR,
    feeBps: e.WITHDRAWAL_FEE_BPS,
    wageringFactor: e.WITHDRAWAL_WAGERING_FACTOR,
    autoApproveMaxMinor: e.WITHDRAWAL_AUTO_APPROVE_MAX_MINOR,
    secondApprovalMinor: e.WITHDRAWAL_SECOND_APPROVAL_MINOR,
    newMethodHoldHours: e.WITHDRAWAL_NEW_METHOD_HOLD_HOURS,
  };
}

/** The operator's responsible-gambling settings (the minimum age is KYC_MIN_AGE_YEARS, 18 by default). */
export type SafetyConfig = {
  offered: { depositLimits: boolean; lossLimits: boolean; stakeLimits: boolean; breaks: boolean; selfExclusion: boolean; realityChecks: boolean };
  mandatoryDepositLimit: boolean;
};

const SAFETY_CONTROL_NAMES = { deposit: 'depositLimits', loss: 'lossLimits', stake: 'stakeLimits', break: 'breaks', exclusion: 'selfExclusion', reality: 'realityChecks' } as const;

function safetyConfigOf(e: Env, problems: string[]): SafetyConfig {
  const names = e.SAFETY_CONTROLS === undefined ? Object.keys(SAFETY_CONTROL_NAMES) : e.SAFETY_CONTROLS.split(',').map((n) => n.trim()).filter(Boolean);
  const offered = { depositLimits: false, lossLimits: false, stakeLimits: false, breaks: false, selfExclusion: false, realityChecks: false };
  for (const name of names) {
    if (name in SAFETY_CONTROL_NAMES) offered[SAFETY_CONTROL_NAMES[name as keyof typeof SAFETY_CONTROL_NAMES]] = true;
    else problems.push(`SAFETY_CONTROLS: unknown control "${name}" (use ${Object.keys(SAFETY_CONTROL_NAMES).join(', ')})`);
  }
  const mandatoryDepositLimit = e.SAFETY_MANDATORY_DEPOSIT_LIMIT === '1' || e.SAFETY_MANDATORY_DEPOSIT_LIMIT === 'true';
  if (mandatoryDepositLimit && !offered.depositLimits) problems.push('SAFETY_MANDATORY_DEPOSIT_LIMIT: needs deposit limits offered (SAFETY_CONTROLS includes deposit)');
  return { offered, mandatoryDepositLimit };
}

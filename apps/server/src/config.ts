import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env: everything else receives a validated Config. */

const portSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const secretSchema = z.string().min(32, 'must be at least 32 characters');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSchema.default(3002),
  DATABASE_URL: z
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
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  TOKEN_SECRET: secretSchema.optional(),
  WEBHOOK_SECRET: secretSchema.optional(),
}).extend(upiEnvShape());

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absent: embedded PGlite stored in `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` for throwaway test databases. */
  pgliteDir: string;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  secrets: { token: string; webhook: string };
  /** How often open deposit orders are checked for expiry; 0 turns the sweep off (tests). */
  depositExpirySweepMs: number;
  /** Create the demo player at start (default: on with the embedded database, off otherwise). */
  seedDemo: boolean;
  /** The UPI payment channel: the in-process sandbox or a real provider over HTTP. */
  upi: UpiConfig;
  /** Which sandbox channels are on (each moves no real money; refused in production unless allowed). */
  sandbox: { upi: boolean };
  /** `ALLOW_SANDBOX_IN_PRODUCTION=demo`: a production-mode demo may run sandbox channels. */
  allowSandboxInProduction: boolean;
  /** How often reconciliation asks the gateway about unsettled orders; 0 turns it off (tests). */
  depositReconcileSweepMs: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_NAMES = ['TOKEN_SECRET', 'WEBHOOK_SECRET'] as const;

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
  if (e.NODE_ENV === 'production' && missing.length > 0) {
    throw new ConfigError(
      missing.map((name) => `${name}: required in production (at least 32 random characters)`),
    );
  }
  const upi = upiConfigOf(e);
  if (!upi.ok) throw new ConfigError(upi.problems);
  const generated = missing.length > 0 ? loadOrCreateSecrets(dataDir) : undefined;

  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
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
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    secrets: {
      token: e.TOKEN_SECRET ?? generated!.token,
      webhook: e.WEBHOOK_SECRET ?? generated!.webhook,
    },
    upi: upi.config,
    sandbox: { upi: upi.config.kind === 'sandbox' },
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION === 'demo',
    depositReconcileSweepMs: e.DEPOSIT_RECONCILE_SWEEP_MS,
  };
  refuseSandboxInProduction(config);
  return config;
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}

const GeneratedSecretsSchema = z.object({ token: secretSchema, webhook: secretSchema });

function loadOrCreateSecrets(dataDir: string): z.infer<typeof GeneratedSecretsSchema> {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = GeneratedSecretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
  }
  const secrets = {
    token: randomBytes(32).toString('base64url'),
    webhook: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

// ---------------------------------------------------------------------------------------------
// UPI channel settings (issue 8, payments). Kept in one block so the merge with the SMS channel
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

/**
 * The sandbox channels that are on. MERGE NOTE: the SMS-channel work adds its own entry to
 * `config.sandbox`; this function lists every entry, so the refusal below covers all of them.
 */
export function sandboxChannelsOn(config: Pick<Config, 'sandbox'>): string[] {
  return Object.entries(config.sandbox)
    .filter(([, on]) => on)
    .map(([name]) => name);
}

/** A sandbox channel moves no real money: production refuses to start with one on, unless allowed. */
function refuseSandboxInProduction(config: Config): void {
  if (config.env !== 'production' || config.allowSandboxInProduction) return;
  const on = sandboxChannelsOn(config);
  if (on.length === 0) return;
  throw new ConfigError(
    on.map(
      (name) =>
        `${name.toUpperCase()}_CHANNEL: the ${name} sandbox is on in production; configure the real channel, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo that moves no real money`,
    ),
  );
}

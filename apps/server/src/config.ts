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
  EVENTS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  TOKEN_SECRET: secretSchema.optional(),
  WEBHOOK_SECRET: secretSchema.optional(),
});

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
  /**
   * How often the leader looks for events the after-commit dispatch missed (a crash between
   * commit and dispatch, a handler waiting to retry); 0 turns the safety net off (tests).
   */
  eventsPollMs: number;
  /** Create the demo player at start (default: on with the embedded database, off otherwise). */
  seedDemo: boolean;
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
  const generated = missing.length > 0 ? loadOrCreateSecrets(dataDir) : undefined;

  return {
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
    eventsPollMs: e.EVENTS_POLL_MS,
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    secrets: {
      token: e.TOKEN_SECRET ?? generated!.token,
      webhook: e.WEBHOOK_SECRET ?? generated!.webhook,
    },
  };
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

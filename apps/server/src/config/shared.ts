import { z } from 'zod';

/**
 * What every concern's settings file shares: the schema pieces, the error a bad environment
 * raises, and the units the limits are written in. Nothing here knows a domain.
 */

export type NodeEnv = 'development' | 'production' | 'test';

/** A concern's environment as its `...Of` function sees it: its own variables plus NODE_ENV. */
export type EnvOf<S extends z.ZodRawShape> = { NODE_ENV: NodeEnv } & z.infer<z.ZodObject<S>>;

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const KIB = 1_024;
export const MIB = 1_024 * KIB;

/** The shortest secret accepted anywhere (keys, tokens); production also checks its entropy. */
export const MIN_SECRET_LENGTH = 32;
/** The shortest API key or signing secret a provider's settings accept. */
export const MIN_PROVIDER_SECRET_LENGTH = 16;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const portSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const secretSchema = z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`);

export const providerSecretSchema = z
  .string()
  .min(MIN_PROVIDER_SECRET_LENGTH, `must be at least ${MIN_PROVIDER_SECRET_LENGTH} characters`);

export const FLAG_VALUES = ['0', '1', 'true', 'false'] as const;
export const flagSchema = z.enum(FLAG_VALUES, { error: 'must be 0, 1, true or false' });
/** The same values with zod's own message, as the older flags have always answered. */
export const bareFlagSchema = z.enum(FLAG_VALUES);
export const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';

/** A provider's API root: http(s), a host, an optional path. */
export const httpUrlSchema = z.string().regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL');

export const postgresUrlSchema = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

/** A whole number of milliseconds between `min` and `max`, `fallback` when unset. */
export function msSchema(min: number, max: number, fallback: number) {
  return z.coerce.number().int().min(min).max(max).default(fallback);
}

/** An amount in paise (minor units), never negative. */
export function minorSchema(fallback: number) {
  return z.coerce.number().int('must be a whole number of paise').min(0).max(Number.MAX_SAFE_INTEGER).default(fallback);
}

/** An empty variable (`FOO=`) counts as unset, as a shell user expects. */
export function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}

/** `a, b,,c` -> ['a', 'b', 'c']. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

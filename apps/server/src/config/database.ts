import path from 'node:path';
import { z } from 'zod';
import { bareFlagSchema, type EnvOf, isOn, postgresUrlSchema } from './shared';

/** Where the data lives: PostgreSQL (two roles in production), or the embedded PGlite; Redis. */

export const DATABASE_ENV = {
  DATABASE_URL: postgresUrlSchema.optional(),
  // The owner role that runs migrations (docs/operations.md, "Database roles"); DATABASE_URL is
  // then the app's restricted role. Required in production; elsewhere DATABASE_URL does both.
  MIGRATION_DATABASE_URL: postgresUrlSchema.optional(),
  // Reads that tolerate a little staleness (round histories, trends) go to replicas through this
  // URL (decision 428); absent, everything runs on DATABASE_URL. Only with DATABASE_URL.
  DATABASE_REPLICA_URL: postgresUrlSchema.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  SEED_DEMO: bareFlagSchema.optional(),
};

type DatabaseEnv = EnvOf<typeof DATABASE_ENV>;

export type DatabaseConfig = {
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
  databaseReplicaUrl: string | undefined;
  pgliteDir: string;
  redisUrl: string | undefined;
  seedDemo: boolean;
};

/** Production runs on PostgreSQL with an owner role that migrates and an app role that does not. */
export function productionDatabaseProblems(e: DatabaseEnv): string[] {
  const problems: string[] = [];
  // Without it the embedded database would start, and with it the demo seed (decision 240).
  if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production (postgres://app_role@host/db; the embedded database is for development and tests)');
  if (!e.MIGRATION_DATABASE_URL) {
    problems.push('MIGRATION_DATABASE_URL: required in production (the owner role that runs migrations; DATABASE_URL is the app role that may only insert and read the audit log, docs/operations.md)');
  } else if (e.MIGRATION_DATABASE_URL === e.DATABASE_URL) {
    problems.push('MIGRATION_DATABASE_URL: must be another role than DATABASE_URL in production (the app role must not own the tables, docs/operations.md)');
  }
  return problems;
}

export function databaseConfigOf(e: DatabaseEnv, dataDir: string): DatabaseConfig {
  return {
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.DATABASE_URL ? e.MIGRATION_DATABASE_URL : undefined,
    databaseReplicaUrl: e.DATABASE_URL ? e.DATABASE_REPLICA_URL : undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    redisUrl: e.REDIS_URL,
    // The demo player belongs to the embedded database of a development checkout.
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : isOn(e.SEED_DEMO),
  };
}

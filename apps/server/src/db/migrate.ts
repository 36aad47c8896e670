import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

export type Migration = { version: number; name: string; sql: string };

/** Reads `NNN_name.sql` files in version order; a gap or duplicate number is a build error. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((file, i) => {
    const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file ${file} must be named NNN_snake_name.sql`);
    const version = Number(match[1]);
    if (version !== i + 1) throw new Error(`Migration ${file}: expected version ${i + 1}`);
    return { version, name: match[2]!, sql: readFileSync(path.join(dir, file), 'utf8') };
  });
}

/** Any constant; shared by every node running migrations or granting the app role its rights. */
export const MIGRATION_LOCK_KEY = 7_301_001;

async function ensureTable(q: Queryable): Promise<void> {
  await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
}

/**
 * Applies pending migrations in one transaction: all of them or none. An advisory lock makes
 * concurrent starts of several nodes safe: the second waits, then finds nothing left to do.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await ensureTable(tx);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
  });
  return applied;
}

/** Versions present in files but not yet applied (readiness check). */
export async function pendingMigrations(db: Queryable, migrations = readMigrations()): Promise<number[]> {
  // Read-only on purpose: readiness probes must not create tables.
  const table = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!table.rows[0]?.t) return migrations.map((m) => m.version);
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  return migrations.filter((m) => !done.has(m.version)).map((m) => m.version);
}

import type { Config } from '../config';
import { openDb, openPostgres, type Db, type Queryable } from './db';
import { migrate, MIGRATION_LOCK_KEY } from './migrate';

/**
 * Two database roles (docs/operations.md, "Database roles"; decision 241). The owner role
 * (MIGRATION_DATABASE_URL) owns every table and runs migrations; the app role (DATABASE_URL)
 * reads and writes rows and nothing more. The audit log is the exception: the app may INSERT and
 * SELECT it, never UPDATE, DELETE or TRUNCATE it, and, not owning it, cannot DISABLE its trigger
 * or grant itself anything back. With one URL (development, tests, PGlite) one role does both.
 */

/**
 * Tables the app role may only add to and read: the audit log and alerts, and (decision 397) who
 * approved a withdrawal and a player's responsible-gambling history (their triggers refuse an
 * UPDATE or DELETE on the one-role set-ups too).
 */
export const APPEND_ONLY_TABLES = ['operator_audit_log', 'operator_alerts', 'withdrawal_approvals', 'safety_changes', 'adjustment_approvals', 'safety_interaction_notes', 'account_link_decisions', 'marketing_consent_events'] as const;

/** The role a postgres:// URL signs in as. */
export function roleOfUrl(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Gives the app role what it needs on what the migrations made, and takes back what it must not
 * have. Run by the owner after every migration (idempotent), so a table added later is covered.
 * Under the migrations' advisory lock: nodes starting together would otherwise GRANT on the same
 * tables at once, and PostgreSQL refuses the second with "tuple concurrently updated".
 */
export async function grantAppRole(owner: Db, appRole: string): Promise<void> {
  const app = ident(appRole);
  await owner.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
    GRANT USAGE ON SCHEMA public TO ${app};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app};
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${app};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${app};
    REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${app};
    ${APPEND_ONLY_TABLES.map((t) => `REVOKE UPDATE, DELETE ON ${t} FROM ${app};`).join('\n')}
  `);
  });
}

/**
 * What the connected role could do to the audit log that it must not: owning it (or being a
 * member of its owner: ALTER, DISABLE TRIGGER, GRANT), UPDATE, DELETE, TRUNCATE. Empty is right.
 */
export async function auditLogPowers(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ owner: boolean; upd: boolean; del: boolean; trunc: boolean; superuser: boolean }>(
    `SELECT pg_has_role(c.relowner, 'USAGE') AS owner,
            has_table_privilege(c.oid, 'UPDATE') AS upd,
            has_table_privilege(c.oid, 'DELETE') AS del,
            has_table_privilege(c.oid, 'TRUNCATE') AS trunc,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser
     FROM pg_class c WHERE c.oid = to_regclass('operator_audit_log')`,
  );
  const r = rows[0];
  if (!r) return [];
  return [r.superuser && 'superuser', r.owner && 'owner', r.upd && 'UPDATE', r.del && 'DELETE', r.trunc && 'TRUNCATE'].filter((x): x is string => typeof x === 'string');
}

/**
 * Opens the app's database and brings its schema up to date: as the owner role when
 * MIGRATION_DATABASE_URL is set (then grants the app role its rights), else on the one
 * connection. In production the app role must not be able to edit the audit log: refused at start.
 */
export async function openAppDatabase(config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'pgliteDir' | 'env'>): Promise<Db> {
  if (config.databaseUrl && config.migrationDatabaseUrl) {
    const owner = await openPostgres(config.migrationDatabaseUrl, 1);
    try {
      await migrate(owner);
      const appRole = roleOfUrl(config.databaseUrl);
      if (appRole !== roleOfUrl(config.migrationDatabaseUrl)) await grantAppRole(owner, appRole);
    } finally {
      await owner.close();
    }
  }
  const db = await openDb(config);
  try {
    if (!config.migrationDatabaseUrl || !config.databaseUrl) await migrate(db);
    if (config.env === 'production' && db.kind === 'postgres') {
      const powers = await auditLogPowers(db);
      if (powers.length > 0) {
        throw new Error(
          `DATABASE_URL's role can edit the audit log (${powers.join(', ')}): run the app as a role that may only INSERT and SELECT it (docs/operations.md, "Database roles")`,
        );
      }
    }
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

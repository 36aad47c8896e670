import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { grantAppRole } from '../../src/db/roles';

/**
 * Test databases. With TEST_DATABASE_URL (set by scripts/with-postgres.mjs) each is a new
 * database on a real PostgreSQL server, dropped on close; otherwise an in-memory PGlite. When
 * with-postgres also names the two roles (TEST_DATABASE_OWNER_ROLE, TEST_DATABASE_APP_ROLE), the
 * database belongs to the owner role, which migrates it, and the handle tests get signs in as
 * the restricted app role, as production runs (docs/operations.md, "Database roles").
 */

// The owner's connection URL of each split-role handle: what tests need beyond the app role
// (emptying every table between tests, deliberate corruption) goes through it.
const ownerUrls = new WeakMap<Db, string>();

function splitRoles(): { owner: string; app: string } | undefined {
  const owner = process.env.TEST_DATABASE_OWNER_ROLE;
  const app = process.env.TEST_DATABASE_APP_ROLE;
  return owner && app ? { owner, app } : undefined;
}

/** Creates a fresh database, migrated as its owner; returns the URLs tests connect with. */
async function createDatabase(adminUrl: string): Promise<{ name: string; appUrl: string; ownerUrl: string | undefined }> {
  const roles = splitRoles();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${roles ? ` OWNER ${roles.owner}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (!roles) return { name, appUrl: url.toString(), ownerUrl: undefined };
  const as = (role: string) => {
    const u = new URL(url);
    u.username = role;
    u.password = '';
    return u.toString();
  };
  const ownerUrl = as(roles.owner);
  const owner = await openPostgres(ownerUrl, 1);
  try {
    await migrate(owner);
    await grantAppRole(owner, roles.app);
  } finally {
    await owner.close();
  }
  return { name, appUrl: as(roles.app), ownerUrl };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropper.end();
}

/** A fresh, migrated database for one test file. */
export async function openTestDb(): Promise<Db> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite('memory://');
    await migrate(db);
    return db;
  }
  const { name, appUrl, ownerUrl } = await createDatabase(adminUrl);
  const db = await openPostgres(appUrl, 20);
  if (!ownerUrl) await migrate(db);
  const close = db.close.bind(db);
  const handle: Db = {
    ...db,
    async close() {
      await close();
      await dropDatabase(adminUrl, name);
    },
  };
  if (ownerUrl) ownerUrls.set(handle, ownerUrl);
  return handle;
}

/**
 * Runs `fn` as the database's owner role: the same handle where one role does everything
 * (PGlite, or PostgreSQL without the two roles), a short-lived owner connection otherwise.
 */
export async function asOwner<T>(db: Db, fn: (owner: Db) => Promise<T>): Promise<T> {
  const ownerUrl = ownerUrls.get(db);
  if (!ownerUrl) return fn(db);
  const owner = await openPostgres(ownerUrl, 1);
  try {
    return await fn(owner);
  } finally {
    await owner.close();
  }
}

/**
 * Empties every table but the migration record, so tests in one file start from nothing. As the
 * owner: the app role may not TRUNCATE (the audit log least of all).
 */
export async function truncateAll(db: Db): Promise<void> {
  await asOwner(db, async (owner) => {
    const { rows } = await owner.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
    );
    if (rows.length === 0) return;
    await owner.exec(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  });
}

export const usingRealPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);
/** True when tests' handles sign in as the restricted app role (with-postgres's two roles). */
export const usingAppRole = (): boolean => usingRealPostgres() && splitRoles() !== undefined;

/**
 * Two handles on ONE fresh database, as two nodes would have: two connection pools on a real
 * PostgreSQL, or the same in-memory PGlite (one process has one embedded database). Each handle
 * can be closed on its own, as each app closes its own; the database goes when both have.
 */
export async function openTestDbTwice(): Promise<[Db, Db]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let open = 2;
  if (!adminUrl) {
    const db = await openPglite('memory://');
    await migrate(db);
    const handle = (): Db => {
      let closed = false;
      return {
        ...db,
        async close() {
          if (closed) return;
          closed = true;
          if (--open === 0) await db.close();
        },
      };
    };
    return [handle(), handle()];
  }
  const { name, appUrl, ownerUrl } = await createDatabase(adminUrl);
  const handle = async (): Promise<Db> => {
    const db = await openPostgres(appUrl, 5);
    let closed = false;
    const h: Db = {
      ...db,
      async close() {
        if (closed) return;
        closed = true;
        await db.close();
        if (--open > 0) return;
        await dropDatabase(adminUrl, name);
      },
    };
    if (ownerUrl) ownerUrls.set(h, ownerUrl);
    return h;
  };
  const first = await handle();
  if (!ownerUrl) await migrate(first);
  return [first, await handle()];
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';

/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL (set by
 * scripts/with-postgres.mjs) it is a new database on a real PostgreSQL server, dropped on close;
 * otherwise an in-memory PGlite.
 */
export async function openTestDb(): Promise<Db> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite('memory://');
    await migrate(db);
    return db;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 20);
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Empties every table but the migration record, so tests in one file start from nothing. */
export async function truncateAll(db: Db): Promise<void> {
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
  );
  if (rows.length === 0) return;
  await db.exec(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
}

export const usingRealPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

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
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = async (): Promise<Db> => {
    const db = await openPostgres(url.toString(), 5);
    let closed = false;
    return {
      ...db,
      async close() {
        if (closed) return;
        closed = true;
        await db.close();
        if (--open > 0) return;
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  };
  const first = await handle();
  await migrate(first);
  return [first, await handle()];
}

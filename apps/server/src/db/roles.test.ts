import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, openTestDb, usingAppRole } from '../../test/helpers/test-db';
import type { Db } from './db';
import { auditLogPowers, openAppDatabase, roleOfUrl } from './roles';

/**
 * Decision 241: the app's own database role must not be able to edit the audit log. Runs on the real
 * PostgreSQL of scripts/with-postgres.mjs, whose tests' handles sign in as the app role.
 */
describe.runIf(usingAppRole())('the app database role and the audit log', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await db.query(`INSERT INTO operator_audit_log (at, username, action) VALUES (now(), 'someone', 'login_failed')`);
  });
  afterAll(async () => db.close());

  it('may insert and read it', async () => {
    await db.query(`INSERT INTO operator_audit_log (at, username, action) VALUES (now(), 'again', 'login_failed')`);
    expect((await db.query('SELECT count(*)::int AS n FROM operator_audit_log')).rows[0]).toEqual({ n: 2 });
    expect(await auditLogPowers(db)).toEqual([]);
  });

  it.each([
    ['UPDATE', `UPDATE operator_audit_log SET action = 'login'`],
    ['DELETE', 'DELETE FROM operator_audit_log'],
    ['TRUNCATE', 'TRUNCATE operator_audit_log'],
    ['DISABLE TRIGGER', 'ALTER TABLE operator_audit_log DISABLE TRIGGER operator_audit_log_append_only'],
    ['DROP', 'DROP TABLE operator_audit_log'],
  ])('may not %s it', async (_what, sql) => {
    // Refused by privilege (42501), before any trigger could even run.
    await expect(db.query(sql)).rejects.toMatchObject({ code: '42501' });
    expect((await db.query('SELECT count(*)::int AS n FROM operator_audit_log')).rows[0]).toEqual({ n: 2 });
  });

  it('cannot give itself a privilege back (PostgreSQL only warns, and grants nothing)', async () => {
    await db.query(`GRANT TRUNCATE, UPDATE, DELETE ON operator_audit_log TO ${process.env.TEST_DATABASE_APP_ROLE}`);
    expect(await auditLogPowers(db)).toEqual([]);
    await expect(db.query('TRUNCATE operator_audit_log')).rejects.toMatchObject({ code: '42501' });
  });

  it('may only add to and read the other append-only tables: withdrawal approvals, responsible-gambling history (decision 397)', async () => {
    for (const table of ['operator_alerts', 'withdrawal_approvals', 'safety_changes']) {
      const { rows } = await db.query(
        `SELECT has_table_privilege($1, 'INSERT') AS ins, has_table_privilege($1, 'SELECT') AS sel, has_table_privilege($1, 'UPDATE') AS upd, has_table_privilege($1, 'DELETE') AS del`,
        [table],
      );
      expect(rows[0], table).toEqual({ ins: true, sel: true, upd: false, del: false });
    }
  });

  it('while the owner role could (so the refusals above are the role, not the table)', async () => {
    await asOwner(db, async (owner) => {
      expect(await auditLogPowers(owner)).toEqual(expect.arrayContaining(['owner', 'TRUNCATE']));
    });
  });

  it('refuses to start production on a role that can edit the audit log', async () => {
    await asOwner(db, async (owner) => {
      const ownerUrl = (await owner.query<{ u: string }>('SELECT current_user AS u')).rows[0]!.u;
      expect(ownerUrl).toBe(process.env.TEST_DATABASE_OWNER_ROLE);
    });
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const dbName = (await db.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    const as = (role: string) => Object.assign(new URL(base), { username: role, pathname: `/${dbName}` }).toString();
    const ownerUrl = as(process.env.TEST_DATABASE_OWNER_ROLE!);
    const appUrl = as(process.env.TEST_DATABASE_APP_ROLE!);
    expect(roleOfUrl(appUrl)).toBe(process.env.TEST_DATABASE_APP_ROLE);
    // One URL, the owner's, in production: refused.
    await expect(openAppDatabase({ env: 'production', databaseUrl: ownerUrl, migrationDatabaseUrl: undefined, pgliteDir: 'memory://' })).rejects.toThrow(
      /DATABASE_URL's role can edit the audit log \(owner, UPDATE, DELETE, TRUNCATE\)/,
    );
    // The two roles: migrations as the owner, then the app role starts.
    const app = await openAppDatabase({ env: 'production', databaseUrl: appUrl, migrationDatabaseUrl: ownerUrl, pgliteDir: 'memory://' });
    expect((await app.query<{ u: string }>('SELECT current_user AS u')).rows[0]!.u).toBe(process.env.TEST_DATABASE_APP_ROLE);
    await app.close();
  });

  it('lets several nodes start at once: their grants queue behind one another, none fails', async () => {
    // Without the migrations' lock around the GRANTs, PostgreSQL refused one of three nodes
    // starting together with "tuple concurrently updated" (the failover drill's third node).
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const dbName = (await db.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    const as = (role: string) => Object.assign(new URL(base), { username: role, pathname: `/${dbName}` }).toString();
    const config = { env: 'production' as const, databaseUrl: as(process.env.TEST_DATABASE_APP_ROLE!), migrationDatabaseUrl: as(process.env.TEST_DATABASE_OWNER_ROLE!), pgliteDir: 'memory://' };
    const nodes = await Promise.all(Array.from({ length: 6 }, () => openAppDatabase(config)));
    for (const node of nodes) expect(await auditLogPowers(node)).toEqual([]);
    await Promise.all(nodes.map((n) => n.close()));
  });
});

import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small query interface over both engines: PGlite (embedded default, tests) and PostgreSQL
 * through `pg` (production). SQL is written once and runs unchanged on both.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type QueryResult<T> = { rows: T[]; rowCount: number };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one database transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** int8 values (counts, minor units) come back as numbers; anything past 2^53 is a bug, so fail. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is outside the safe range`);
  return n;
}

export async function openPglite(dataDir: string): Promise<Db> {
  const lite = await PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: parseInt8 },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(lite);
  return {
    kind: 'pglite',
    ...base,
    // PGlite has one connection; its transaction() holds it exclusively until fn settles.
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  };
}

pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

// Named statements are parsed and planned once per connection, then only bound and executed:
// the server does a fraction of the work for each later call, which on the authenticated read
// path was most of the database's share (decision 094). Only statements with parameters are
// named (the others are migrations and tests' one-offs), and at most MAX_NAMED_STATEMENTS
// distinct texts, so SQL built at run time cannot grow every connection's statement cache
// without bound; past the cap a statement runs unnamed, as before.
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();
function statementName(sql: string, params: readonly unknown[]): string | undefined {
  if (params.length === 0) return undefined;
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `cp_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection can be cut by the server (restart, failover, a dropped test database).
  // The pool discards it; the next query opens a new one and reports any real outage itself.
  pool.on('error', () => undefined);
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>({ text: sql, values: params as unknown[], name: statementName(sql, params) });
      return { rows: res.rows, rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDb(opts: { databaseUrl: string | undefined; pgliteDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}

/** PostgreSQL's unique_violation (23505), from either driver. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

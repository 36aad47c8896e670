import { mkdirSync } from 'node:fs';
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
  /**
   * Inside `transaction()`: runs `fn` once the transaction has committed, never after a
   * rollback (the outbox uses it to dispatch events at once). Absent outside a transaction,
   * where every statement commits by itself.
   */
  afterCommit?(fn: () => void): void;
}

export type QueryResult<T> = { rows: T[]; rowCount: number };

export type TransactionOptions = { readCommitted?: boolean };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one database transaction; commits when it resolves, rolls back when it throws.
   * `readCommitted` starts it at READ COMMITTED whatever the server's default (on PostgreSQL in
   * the BEGIN itself: no extra round trip).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * A connection of its own, outside the pool, for session state such as advisory locks held
   * between statements (src/jobs). PGlite has one session: every `openSession()` shares it, and
   * `sessionKey` says so (equal keys mean one session).
   */
  openSession(): Promise<DbSession>;
  close(): Promise<void>;
}

export interface DbSession extends Queryable {
  readonly sessionKey: object;
  /** Ends the session (on PostgreSQL, closing the connection also drops its advisory locks). */
  close(): Promise<void>;
  /** Called when the connection is lost (its session locks are gone with it). */
  onLost(fn: (err: Error) => void): void;
}

/** Runs the callbacks a transaction registered, after COMMIT; one failing never stops the rest. */
function commitHooks() {
  const hooks: Array<() => void> = [];
  return {
    add: (fn: () => void) => void hooks.push(fn),
    run() {
      for (const fn of hooks) {
        try {
          fn();
        } catch {
          // A hook only schedules work (a dispatch); its own errors are reported where it runs.
        }
      }
    },
  };
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
    async transaction(fn, options) {
      const hooks = commitHooks();
      const result = await lite.transaction(async (tx) => {
        if (options?.readCommitted) await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
        return fn({ ...wrap(tx), afterCommit: hooks.add });
      });
      hooks.run();
      return result;
    },
    // The one embedded session is shared; it is never lost, and closing it is the Db's job.
    openSession: async () => ({ ...base, sessionKey: lite, close: async () => undefined, onLost: () => undefined }),
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
  const wrap = (q: pg.Pool | pg.ClientBase): Queryable => ({
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
    async transaction(fn, options) {
      const client = await pool.connect();
      // The pool listens for errors only on idle clients. A connection lost while checked out
      // and between two statements (the server restarting while `fn` awaits something else)
      // emits 'error' on the client, which without a listener crashes the process. Keep the
      // error: the next statement fails anyway, and the client is destroyed on release.
      let lost: Error | undefined;
      const onLost = (err: Error) => void (lost ??= err);
      client.on('error', onLost);
      const hooks = commitHooks();
      try {
        await client.query(options?.readCommitted ? 'BEGIN ISOLATION LEVEL READ COMMITTED' : 'BEGIN');
        const result = await fn({ ...wrap(client), afterCommit: hooks.add });
        await client.query('COMMIT');
        hooks.run();
        return result;
      } catch (err) {
        if (!lost) await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    async openSession() {
      const client = new pg.Client({ connectionString });
      const lost: Array<(err: Error) => void> = [];
      // Without a listener a dropped connection would crash the process; with one, the owner
      // learns that its session (and its locks) are gone.
      client.on('error', (err) => lost.forEach((fn) => fn(err)));
      await client.connect();
      // Every job's leadership try shares this one connection, and they tick independently.
      // node-postgres queues overlapping queries on a client but deprecates it (a warning in
      // every node's log; an error in pg 9), so run them one after the other here.
      const direct = wrap(client);
      let tail: Promise<unknown> = Promise.resolve();
      const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
        const next = tail.then(fn, fn);
        tail = next.catch(() => undefined);
        return next;
      };
      return {
        query: (sql, params) => inTurn(() => direct.query(sql, params)),
        exec: (sql) => inTurn(() => direct.exec(sql)),
        sessionKey: client,
        close: () => client.end(),
        onLost: (fn) => void lost.push(fn),
      };
    },
    close: () => pool.end(),
  };
}

export function openDb(opts: { databaseUrl: string | undefined; pgliteDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  // PGlite creates only the last path segment; with secrets given in the environment nothing
  // else has created DATA_DIR yet, so make the whole path here.
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  return openPglite(opts.pgliteDir);
}

/** PostgreSQL's unique_violation (23505), from either driver. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

// Network errors of a connection that could not be made or was cut (PostgreSQL restarting, a
// failover, a network blip), and SQLSTATEs meaning the server is going away or not accepting
// connections yet: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
// 57P03 cannot_connect_now, 53300 too_many_connections; and 25006 read_only_sql_transaction: a
// write that reached a standby in the seconds a failover or switchover moves the primary (the
// balancer still routing to the old one, decision 425); it changed nothing, and the retry lands
// on the new primary.
const UNAVAILABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
// node-postgres reports a lost or unobtainable connection with these messages and no code.
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Connection terminated unexpectedly|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

/**
 * True when a query failed because the database could not be reached, not because of the query:
 * the request may succeed when retried (the pool opens a new connection), so the API answers
 * 503 SERVICE_UNAVAILABLE instead of 500 (decision 232). Follows `cause` and AggregateError's
 * `errors` (a connect that tried several addresses).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_NET_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

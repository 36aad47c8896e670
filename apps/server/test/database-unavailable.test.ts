import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { isDatabaseUnavailable, openPostgres, type Db } from '../src/db/db';
import { makeTempDir, removeTempDir, testConfig } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';
import { openTestDb } from './helpers/test-db';

// Decision 232: a database restart must not look like a server bug. A query that fails because the
// database is out of reach is answered 503 SERVICE_UNAVAILABLE with Retry-After, so clients
// (and the cluster test) retry it; any other failure stays a 500.
describe('database out of reach', () => {
  let db: Db;
  let app: FastifyInstance;
  let dataDir: string;
  const failWith: { err: unknown; only?: RegExp } = { err: undefined };
  const fails = (sql: string) => failWith.err !== undefined && (!failWith.only || failWith.only.test(sql));

  beforeAll(async () => {
    db = await openTestDb();
    dataDir = makeTempDir('colorplay-dbdown-');
    // The app's database, with a switch that makes every statement fail like a lost server.
    const failing: Db = {
      ...db,
      query: (sql, params) => (fails(sql) ? Promise.reject(failWith.err) : db.query(sql, params)),
      transaction: (fn) => (failWith.err && !failWith.only ? Promise.reject(failWith.err) : db.transaction(fn)),
    };
    app = await buildApp({ config: testConfig({}, dataDir), db: failing, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close(); // closes the database too
    removeTempDir(dataDir);
  });

  const history = () => app.inject({ method: 'GET', url: '/api/lottery/wingo/history?room=30s' });

  it.each([
    ['admin_shutdown (pg_ctl stop -m fast)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['crash_shutdown (pg_ctl stop -m immediate)', Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' })],
    ['cannot_connect_now (starting up)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
  ])('answers 503 SERVICE_UNAVAILABLE with Retry-After for %s, then 200 once the database is back', async (_name, err) => {
    failWith.err = err;
    const down = await history();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('1');
    expect(down.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
    failWith.err = undefined;
    expect((await history()).statusCode).toBe(200);
  });

  it('answers 503 when the outage hits the sandbox UPI gateway (its payments live in our database), not PAYMENT_GATEWAY_UNAVAILABLE', async () => {
    // Found by the cluster test: PostgreSQL restarted between the order's insert and the sandbox
    // gateway's write, and the recharge said the payment provider was down.
    const player = new PlayerClient(app, '198.51.100.77');
    expect((await player.register('9876500077')).statusCode).toBe(200);
    const recharge = () => player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor: 500_00, idempotencyKey: 'dbdown-recharge-1' });
    failWith.err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    failWith.only = /sandbox_upi_payments/;
    const down = await recharge();
    failWith.err = undefined;
    failWith.only = undefined;
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('SERVICE_UNAVAILABLE');
    // The retry with the same key opens the same order's payment.
    const retried = await recharge();
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.status).toBe('pending_payment');
  });

  it('keeps any other failure a 500 INTERNAL', async () => {
    failWith.err = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const res = await history();
    failWith.err = undefined;
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
  });

  it('recognises the driver errors of a real refused connection', async () => {
    // Nothing listens on a port just freed: the pool's connect fails the way a stopped server does.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as { port: number };
        srv.close(() => resolve(p));
      });
    });
    const err = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('recognises a backend terminated by the server (PostgreSQL)', async () => {
    const session = await db.openSession();
    const lost = new Promise<Error>((resolve) => session.onLost(resolve));
    const { rows } = await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    const err = await session.query('SELECT 1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err ?? (await lost))).toBe(true);
    await session.close().catch(() => undefined);
  });
});

// Found by the cluster test: PostgreSQL's fast shutdown ended a node. A connection lost while a
// transaction holds it between two statements emitted 'error' on a client nobody listened to.
describe.runIf(process.env.TEST_DATABASE_URL)('a connection lost inside a transaction (PostgreSQL)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('fails that transaction as unavailable without crashing the process, and the pool goes on', async () => {
    let pid = 0;
    const outcome = await db
      .transaction(async (tx) => {
        pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        // Another connection ends this one while the transaction is idle between statements.
        await db.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.query('SELECT 1');
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    expect(outcome).not.toBe('committed');
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // The broken client was not returned to the pool: the next statements work.
    for (let i = 0; i < 12; i++) expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});

// Seen in the cluster nodes' logs: every job's leadership try shares one session connection, and
// overlapping queries on one pg client print a deprecation warning (an error in pg 9).
describe.runIf(process.env.TEST_DATABASE_URL)('a session used by several jobs at once (PostgreSQL)', () => {
  it('runs overlapping statements one after the other, without the driver\'s warning', async () => {
    const db = await openTestDb();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const session = await db.openSession();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => session.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.01)', [i])));
      expect(answers.map((a) => a.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      await new Promise((r) => setTimeout(r, 50));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
      await session.close();
    } finally {
      process.off('warning', onWarning);
      await db.close();
    }
  });
});

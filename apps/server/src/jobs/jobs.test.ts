import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/helpers/build-test-app';
import { openTestDb, openTestDbTwice, usingRealPostgres } from '../../test/helpers/test-db';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { createJobs, jobLockKey, type JobsDeps } from './index';

const silent = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent } as unknown as JobsDeps['log'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `job_runs_total` for one job, read from the app's own /metrics page. */
async function runsOf(app: FastifyInstance, job: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const match = new RegExp(`^job_runs_total\\{job="${job.replace('.', '\\.')}"\\} (\\d+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

it('derives a stable signed 32-bit lock key from a job name', () => {
  expect(jobLockKey('deposits.expire')).toBe(jobLockKey('deposits.expire'));
  expect(jobLockKey('deposits.expire')).not.toBe(jobLockKey('events.dispatch'));
  for (const name of ['a', 'deposits.expire', 'wingo.round-clock']) {
    expect(Number.isInteger(jobLockKey(name))).toBe(true);
    expect(Math.abs(jobLockKey(name))).toBeLessThanOrEqual(2 ** 31);
  }
});

describe('one runner', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => db.close());

  it('runs a job every interval, counts failures, and shows them in metrics', async () => {
    const registry = new Registry();
    const jobs = createJobs({ db, log: silent, registry });
    let runs = 0;
    jobs.add({
      name: 'test.flaky',
      intervalMs: 30,
      run: async () => {
        runs++;
        if (runs === 2) throw new Error('second run fails');
      },
    });
    let offRuns = 0;
    jobs.add({ name: 'test.off', intervalMs: 0, run: async () => void offRuns++ });
    expect(jobs.names()).toEqual(['test.flaky', 'test.off']);
    jobs.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    expect(jobs.isLeader('test.flaky')).toBe(true);
    // An interval of 0 is never scheduled, though it can still be run by hand.
    expect(offRuns).toBe(0);
    expect(jobs.isLeader('test.off')).toBe(false);
    await jobs.runOnce('test.off');
    expect(offRuns).toBe(1);
    await jobs.stop();
    const metrics = await registry.metrics();
    expect(metrics).toMatch(new RegExp(`job_runs_total\\{job="test.flaky"\\} ${runs}\\b`));
    expect(metrics).toContain('job_failures_total{job="test.flaky"} 1');
    expect(metrics).toMatch(/job_last_run_timestamp_seconds\{job="test.flaky"\} \d+/);
    expect(metrics).toMatch(/job_last_run_duration_seconds\{job="test.flaky"\} [\d.e-]+/);
    expect(metrics).toContain('job_leader{job="test.flaky"} 0');
    // Stopped means stopped.
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
  });

  it('waits for a running job on stop, then frees its lock at once', async () => {
    const first = createJobs({ db, log: silent });
    let finished = false;
    let started = false;
    first.add({
      name: 'test.slow',
      intervalMs: 10_000,
      run: async () => {
        started = true;
        await sleep(300);
        finished = true;
      },
    });
    first.start();
    await vi.waitFor(() => expect(started).toBe(true));
    await first.stop();
    expect(finished).toBe(true);

    const second = createJobs({ db, log: silent });
    let secondRuns = 0;
    second.add({ name: 'test.slow', intervalMs: 10_000, run: async () => void secondRuns++ });
    second.start();
    await vi.waitFor(() => expect(secondRuns).toBe(1));
    await second.stop();
  });

  it('runs a job once on demand without starting the schedule', async () => {
    const jobs = createJobs({ db, log: silent });
    let runs = 0;
    jobs.add({ name: 'test.manual', intervalMs: 60_000, run: async () => void runs++ });
    await jobs.runOnce('test.manual');
    expect(runs).toBe(1);
    await expect(jobs.runOnce('test.unknown')).rejects.toThrow('no job named test.unknown');
    await jobs.stop();
  });
});

// On PGlite both apps share the one embedded session, so this also checks the in-process side
// of the lock (leader-lock.ts); on PostgreSQL they are two pools, two sessions, one server.
describe(`two app instances on one ${usingRealPostgres() ? 'PostgreSQL' : 'PGlite'} database`, () => {
  const intervalMs = 200;
  let dbs: [Db, Db];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    dbs = await openTestDbTwice();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs ?? []) await db.close();
  });

  const start = async (db: Db) => {
    const app = await buildApp({
      config: testConfig({ DEPOSIT_EXPIRY_SWEEP_MS: String(intervalMs) }),
      db,
      logger: false,
    });
    apps.push(app);
    await app.ready();
    return app;
  };

  it('runs the job on one node only, and the other takes over within one interval when it stops', async () => {
    const first = await start(dbs[0]);
    await vi.waitFor(() => expect(first.jobs.isLeader('deposits.expire')).toBe(true), { timeout: 5_000 });
    const second = await start(dbs[1]);

    await sleep(intervalMs * 4);
    expect(await runsOf(first, 'deposits.expire')).toBeGreaterThanOrEqual(3);
    expect(await runsOf(second, 'deposits.expire')).toBe(0);
    expect(second.jobs.isLeader('deposits.expire')).toBe(false);

    await first.close();
    const stoppedAt = Date.now();
    await vi.waitFor(() => expect(second.jobs.isLeader('deposits.expire')).toBe(true), { timeout: 5_000, interval: 5 });
    const takeoverMs = Date.now() - stoppedAt;
    // Within one interval, plus the lock query's round trip on a busy machine.
    expect(takeoverMs).toBeLessThan(intervalMs + 100);
    await vi.waitFor(async () => expect(await runsOf(second, 'deposits.expire')).toBeGreaterThanOrEqual(1), { timeout: 2_000 });
  });
});

// A node that dies does not unlock: its connection goes and the server drops the lock. Only a
// real server can cut one node's connection while the other keeps its own.
describe.skipIf(!usingRealPostgres())('a leader whose connection is cut (PostgreSQL)', () => {
  let dbs: [Db, Db];
  beforeAll(async () => {
    dbs = await openTestDbTwice();
  });
  afterAll(async () => {
    for (const db of dbs ?? []) await db.close();
  });

  it('loses leadership at once, and a node leads and runs again within one interval', async () => {
    const intervalMs = 200;
    const runs = [0, 0];
    const nodes = dbs.map((db, i) => {
      const jobs = createJobs({ db, log: silent });
      jobs.add({ name: 'test.cut', intervalMs, run: async () => void runs[i]!++ });
      return jobs;
    });
    nodes[0]!.start();
    await vi.waitFor(() => expect(nodes[0]!.isLeader('test.cut')).toBe(true));
    nodes[1]!.start();
    await sleep(intervalMs * 2);
    expect(runs[1]).toBe(0);

    const holder = await dbs[1].query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7301002 AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(holder.rows).toHaveLength(1);
    await dbs[1].query('SELECT pg_terminate_backend($1)', [holder.rows[0]!.pid]);
    const cutAt = Date.now();
    await vi.waitFor(() => expect(nodes[0]!.isLeader('test.cut')).toBe(false), { timeout: 2_000, interval: 5 });
    const before = runs[0]! + runs[1]!;
    await vi.waitFor(() => expect(runs[0]! + runs[1]!).toBeGreaterThan(before), { timeout: 2_000, interval: 5 });
    expect(Date.now() - cutAt).toBeLessThan(intervalMs + 200);
    // Exactly one of them leads now.
    await sleep(50);
    expect(nodes.filter((n) => n.isLeader('test.cut'))).toHaveLength(1);
    for (const n of nodes) await n.stop();
  });
});

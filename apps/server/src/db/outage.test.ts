import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db';
import { createOutageLog } from './outage';

/** A Fastify logger with the outage hook, writing its JSON lines into `lines`. */
function loggerWithOutage(now: () => number) {
  const outage = createOutageLog(now);
  const registry = new Registry();
  outage.register(registry);
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream, hooks: { logMethod: outage.logMethod } } });
  return { outage, registry, lines, log: app.log };
}

// What node-postgres throws when a failover cuts its connection, and a primary's backend killed
// with its postmaster (57P01 admin_shutdown).
const cut = () => new Error('Connection terminated unexpectedly');
const postmasterGone = () => Object.assign(new Error('terminating connection due to unexpected postmaster exit'), { code: '57P01' });

async function metric(registry: Registry, name: string): Promise<number> {
  const m = await registry.getSingleMetric(name)!.get();
  return m.values[0]?.value ?? 0;
}

describe('a database outage in the logs (decision 427)', () => {
  it('logs the first failure of an outage in one line without a stack, counts the rest, and one line when it is over', async () => {
    let t = 1_000;
    const { outage, registry, lines, log } = loggerWithOutage(() => t);
    log.warn({ err: postmasterGone(), job: 'lottery.rounds' }, 'job leader connection lost');
    for (let i = 0; i < 200; i++) {
      log.warn({ err: cut() }, 'readiness: database check failed');
      log.error({ err: cut(), job: 'lottery.rounds' }, 'job run failed');
    }
    log.child({ reqId: 'req_1' }).warn({ err: cut() }, 'database unavailable');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reason: 'terminating connection due to unexpected postmaster exit', code: '57P01', during: 'job leader connection lost' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(outage.down).toBe(true);
    expect(await metric(registry, 'database_unavailable')).toBe(1);
    expect(await metric(registry, 'database_unavailable_errors_total')).toBe(402);
    t = 15_500;
    outage.available(log);
    outage.available(log);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 30, msg: 'database available again', downMs: 14_500, errorsCounted: 401 });
    expect(await metric(registry, 'database_unavailable')).toBe(0);
    // The next outage has its own first line.
    log.error({ err: cut() }, 'job run failed');
    expect(lines).toHaveLength(3);
    expect(await metric(registry, 'database_outages_total')).toBe(2);
  });

  it('logs every other error as it comes, with its stack, also during an outage', async () => {
    const { lines, log } = loggerWithOutage(() => 0);
    log.error({ err: cut() }, 'job run failed');
    log.error({ err: new Error('a bug') }, 'unhandled error');
    log.error({ err: Object.assign(new Error('duplicate key'), { code: '23505' }) }, 'unhandled error');
    log.warn('Trx Win round waits for its TRON block');
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringContaining('database unavailable'),
      'unhandled error',
      'unhandled error',
      'Trx Win round waits for its TRON block',
    ]);
    expect(JSON.stringify(lines[1])).toContain('stack');
  });

  it('counts a write refused by a standby (25006, the balancer still on the old primary) as unavailable, not a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});

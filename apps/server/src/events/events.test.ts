import type { DomainEvent } from '@colorplay/contract';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asOwner, openTestDb, openTestDbTwice, truncateAll, usingAppRole } from '../../test/helpers/test-db';
import type { Db } from '../db/db';
import { systemClock } from '../lib/clock';
import { createEvents, createInProcessBus, retryDelayMs, type EventsDeps } from './index';

const silent = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent } as unknown as EventsDeps['log'];

const depositBase = (orderId: string) => ({ orderId, playerId: 7, amountMinor: 500_00, currency: 'INR', channel: 'upi' as const });
const deposit = (orderId: string) => ({ ...depositBase(orderId), transferId: `tr_${orderId}` });

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  // A handler's own table: its writes must commit exactly with its delivery.
  // A table of the test's own: created by the owner (the app role creates none) and granted back.
  await asOwner(db, async (owner) => {
    await owner.exec('CREATE TABLE handler_effects (event_id text PRIMARY KEY, handler text NOT NULL)');
    if (usingAppRole()) await owner.exec(`GRANT SELECT, INSERT, UPDATE, DELETE ON handler_effects TO ${process.env.TEST_DATABASE_APP_ROLE}`);
  });
});
afterAll(async () => db.close());
beforeEach(async () => truncateAll(db));

/** An events instance on the shared test database, as one node (or one process lifetime) has. */
function node(overrides: Partial<EventsDeps> = {}) {
  const registry = new Registry();
  const events = createEvents({
    db,
    clock: systemClock,
    bus: createInProcessBus(silent),
    log: silent,
    registry,
    retry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 5 },
    ...overrides,
  });
  return { events, registry };
}

const deliveryRows = async () =>
  (
    await db.query<{ event_id: string; handler: string; attempts: number; delivered: boolean; last_error: string | null }>(
      `SELECT event_id, handler, attempts, delivered_at IS NOT NULL AS delivered, last_error
       FROM domain_event_deliveries ORDER BY handler`,
    )
  ).rows;

describe('recording in the transaction of the change', () => {
  it('delivers a committed event after commit, and never one whose transaction rolled back', async () => {
    const { events } = node();
    const seen: string[] = [];
    events.subscribe('DepositSucceeded', 'test.seen', async (event) => void seen.push(event.payload.orderId));

    await expect(
      db.transaction(async (tx) => {
        await events.record(tx, 'DepositSucceeded', deposit('dep_rolledback'));
        throw new Error('the money change failed');
      }),
    ).rejects.toThrow('the money change failed');
    const committedId = await db.transaction((tx) => events.record(tx, 'DepositSucceeded', deposit('dep_committed')));

    // Dispatch already started on commit; a full extra pass (what the poll does) finds nothing more.
    await events.settled();
    await events.dispatch();
    expect(seen).toEqual(['dep_committed']);
    const { rows } = await db.query<{ id: string; dispatched: boolean }>(
      'SELECT id, dispatched_at IS NOT NULL AS dispatched FROM domain_events',
    );
    expect(rows).toEqual([{ id: committedId, dispatched: true }]);
    await events.close();
  });

  it('starts delivery when the transaction commits, without waiting for a poll', async () => {
    const { events } = node();
    const delivered = new Promise<DomainEvent<'DepositSucceeded'>>((resolve) =>
      events.subscribe('DepositSucceeded', 'test.prompt', async (event) => resolve(event)),
    );
    let inside = false;
    await db.transaction(async (tx) => {
      await events.record(tx, 'DepositSucceeded', deposit('dep_prompt'));
      inside = true;
    });
    expect(inside).toBe(true);
    const event = await delivered;
    expect(event).toMatchObject({ name: 'DepositSucceeded', payload: deposit('dep_prompt') });
    expect(event.id).toMatch(/^evt_/);
    await events.close();
  });

  it('refuses a payload that breaks the contract, failing the change with it', async () => {
    const { events } = node();
    await expect(
      db.transaction((tx) =>
        events.record(tx, 'DepositSucceeded', { ...deposit('dep_bad'), amountMinor: 12.5 } as ReturnType<typeof deposit>),
      ),
    ).rejects.toThrow();
    expect((await db.query('SELECT 1 FROM domain_events')).rows.length).toBe(0);
    await events.close();
  });
});

describe('retries', () => {
  it('retries a handler that throws, with backoff, until it succeeds; its failed writes are undone', async () => {
    // The dispatcher reads the time once as an attempt starts, then calls the handler: the last
    // reading before a call is that attempt's start.
    let lastNow = 0;
    const { events, registry } = node({ now: () => (lastNow = Date.now()) });
    let calls = 0;
    const startTimes: number[] = [];
    // When each attempt was due (the row's next_attempt_at as this attempt found it).
    const dueTimes: number[] = [];
    events.subscribe('DepositSucceeded', 'test.flaky', async (event, tx) => {
      calls++;
      startTimes.push(lastNow);
      const due = await tx.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM domain_event_deliveries WHERE event_id = $1 AND handler = $2', [event.id, 'test.flaky']);
      dueTimes.push(due.rows[0]!.next_attempt_at.getTime());
      await tx.query('INSERT INTO handler_effects (event_id, handler) VALUES ($1, $2)', [event.id, 'flaky']);
      if (calls < 3) throw new Error(`flaky failure ${calls}`);
    });
    const id = await db.transaction((tx) => events.record(tx, 'DepositSucceeded', deposit('dep_flaky')));

    // No poll runs here: the dispatcher's own retry timer brings the next attempts.
    await vi.waitFor(async () => expect((await deliveryRows()).find((r) => r.handler === 'test.flaky')?.delivered).toBe(true), {
      timeout: 5_000,
      interval: 20,
    });
    expect(calls).toBe(3);
    // Backoff: the retry after a failing attempt is due 20 ms, then 40 ms, after that attempt's
    // start (exactly: wall-clock gaps between handler calls prove nothing on a loaded machine),
    // and no attempt starts before it is due.
    expect(retryDelayMs({ baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 5 }, 2)).toBe(40);
    expect(dueTimes[1]! - startTimes[0]!).toBe(20);
    expect(dueTimes[2]! - startTimes[1]!).toBe(40);
    expect(startTimes[1]!).toBeGreaterThanOrEqual(dueTimes[1]!);
    expect(startTimes[2]!).toBeGreaterThanOrEqual(dueTimes[2]!);
    const flaky = (await deliveryRows()).find((r) => r.handler === 'test.flaky')!;
    expect(flaky).toMatchObject({ event_id: id, attempts: 3, last_error: null });
    // Only the successful attempt's write survived.
    expect((await db.query('SELECT event_id FROM handler_effects')).rows).toEqual([{ event_id: id }]);
    // The failures are visible in /metrics.
    const metric = await registry.getSingleMetricAsString('domain_event_deliveries_total');
    expect(metric).toContain('domain_event_deliveries_total{event="DepositSucceeded",handler="test.flaky",outcome="failed"} 2');
    expect(metric).toContain('domain_event_deliveries_total{event="DepositSucceeded",handler="test.flaky",outcome="delivered"} 1');
    await events.close();
  });

  it('keeps delivering to the other handlers while one fails, and gives up after the last attempt', async () => {
    const { events, registry } = node({ retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 3 } });
    const good: string[] = [];
    events.subscribe('DepositFailed', 'test.good', async (event) => void good.push(event.id));
    events.subscribe('DepositFailed', 'test.broken', async () => {
      throw new Error('always broken');
    });
    const id = await db.transaction((tx) =>
      events.record(tx, 'DepositFailed', { ...depositBase('dep_fails'), reason: 'declined_by_payer' }),
    );
    await vi.waitFor(
      async () => {
        const row = await db.query<{ dispatched: boolean }>('SELECT dispatched_at IS NOT NULL AS dispatched FROM domain_events');
        expect(row.rows[0]?.dispatched).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(good).toEqual([id]);
    const broken = await db.query<{ attempts: number; gave_up: boolean; last_error: string }>(
      `SELECT attempts, gave_up_at IS NOT NULL AS gave_up, last_error FROM domain_event_deliveries WHERE handler = 'test.broken'`,
    );
    expect(broken.rows[0]).toEqual({ attempts: 3, gave_up: true, last_error: 'Error: always broken' });
    expect(await registry.getSingleMetricAsString('domain_event_deliveries_total')).toContain('outcome="gave_up"} 1');
    await events.close();
  });
});

describe('after a restart', () => {
  it('never delivers an event twice to the same handler, and delivers what the last run left', async () => {
    const first = node();
    const firstSeen: string[] = [];
    first.events.subscribe('DepositSucceeded', 'test.once', async (event, tx) => {
      firstSeen.push(event.payload.orderId);
      await tx.query('INSERT INTO handler_effects (event_id, handler) VALUES ($1, $2)', [event.id, 'once']);
    });
    await db.transaction((tx) => first.events.record(tx, 'DepositSucceeded', deposit('dep_before')));
    await first.events.settled();
    expect(firstSeen).toEqual(['dep_before']);
    // The process stops; an event committed by something without a dispatcher waits in the outbox.
    await first.events.close();
    await db.transaction((tx) => first.events.record(tx, 'DepositSucceeded', deposit('dep_while_down')));
    // Un-dispatch the first event too, as a crash between delivery and marking would leave it.
    await db.query('UPDATE domain_events SET dispatched_at = NULL');

    const second = node();
    const secondSeen: string[] = [];
    second.events.subscribe('DepositSucceeded', 'test.once', async (event, tx) => {
      secondSeen.push(event.payload.orderId);
      await tx.query('INSERT INTO handler_effects (event_id, handler) VALUES ($1, $2)', [event.id, 'once']);
    });
    await second.events.dispatch();
    await second.events.dispatch();
    expect(secondSeen).toEqual(['dep_while_down']);
    expect((await db.query('SELECT 1 FROM handler_effects')).rows.length).toBe(2);
    const open = await db.query('SELECT 1 FROM domain_events WHERE dispatched_at IS NULL');
    expect(open.rows.length).toBe(0);
    await second.events.close();
  });
});

describe('the bus', () => {
  it('hands every committed event to the bus listeners once, after commit', async () => {
    const { events } = node();
    const heard: string[] = [];
    events.bus.subscribe((event) => heard.push(`${event.name}:${'orderId' in event.payload ? event.payload.orderId : 'playerId' in event.payload ? event.payload.playerId : event.payload.period}`));
    await db.transaction((tx) => events.record(tx, 'DepositSucceeded', deposit('dep_bus')));
    await db
      .transaction(async (tx) => {
        await events.record(tx, 'DepositExpired', depositBase('dep_never'));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await events.settled();
    await events.dispatch();
    expect(heard).toEqual(['DepositSucceeded:dep_bus']);
    await events.close();
  });
});

describe('the bus first (decision 524)', () => {
  it('hands every event of a pass to the bus before the durable handlers, so a slow handler delays no later event on the bus', async () => {
    const { events } = node();
    const heard: string[] = [];
    events.bus.subscribe((event) => heard.push('orderId' in event.payload ? event.payload.orderId : event.name));
    // The first event's durable handler holds its delivery open until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    events.subscribe('DepositSucceeded', 'test.slow', async (event) => {
      if (event.payload.orderId === 'dep_first') await gate;
      handled.push(event.payload.orderId);
    });
    await db.transaction(async (tx) => {
      await events.record(tx, 'DepositSucceeded', deposit('dep_first'));
      await events.record(tx, 'DepositSucceeded', deposit('dep_second'));
    });
    try {
      // The second is on the bus while the first's handler still runs (before, it waited for it).
      await vi.waitFor(() => expect(heard).toEqual(['dep_first', 'dep_second']), { timeout: 10_000 });
      expect(handled).toEqual([]);
    } finally {
      release();
    }
    await events.settled();
    await events.dispatch();
    expect(handled).toEqual(['dep_first', 'dep_second']);
    // Published once each, and recorded as delivered to the bus like any handler.
    expect(heard).toEqual(['dep_first', 'dep_second']);
    expect((await deliveryRows()).filter((r) => r.handler === 'bus').map((r) => [r.attempts, r.delivered])).toEqual([
      [1, true],
      [1, true],
    ]);
    await events.close();
  });

  it('gives a failed publish back to the ordinary delivery, which retries it after the backoff', async () => {
    let failures = 1;
    const bus = createInProcessBus(silent);
    const flaky = { ...bus, kind: bus.kind, subscribe: bus.subscribe, close: bus.close, publish: async (event: DomainEvent) => (failures-- > 0 ? Promise.reject(new Error('bus down')) : bus.publish(event)) };
    const { events } = node({ bus: flaky });
    const heard: string[] = [];
    bus.subscribe((event) => heard.push('orderId' in event.payload ? event.payload.orderId : event.name));
    await db.transaction((tx) => events.record(tx, 'DepositSucceeded', deposit('dep_retried')));
    await vi.waitFor(() => expect(heard).toEqual(['dep_retried']), { timeout: 10_000 });
    await events.settled();
    const relay = (await deliveryRows()).find((r) => r.handler === 'bus')!;
    expect([relay.attempts, relay.delivered, relay.last_error]).toEqual([2, true, null]);
    await events.close();
  });
});

describe('two dispatchers on one database (two nodes)', () => {
  let dbs: [Db, Db];
  beforeAll(async () => {
    dbs = await openTestDbTwice();
  });
  afterAll(async () => {
    for (const d of dbs ?? []) await d.close();
  });

  it('delivers each event once to a handler even when both dispatch the same events at once', async () => {
    const nodes = dbs.map((d) =>
      createEvents({ db: d, clock: systemClock, bus: createInProcessBus(silent), log: silent }),
    );
    const calls: string[] = [];
    for (const n of nodes) n.subscribe('DepositSucceeded', 'test.race', async (event) => void calls.push(event.id));
    // Recorded by a process that stops before dispatching: both nodes find them in the outbox.
    const recorder = createEvents({ db: dbs[0], clock: systemClock, bus: createInProcessBus(silent), log: silent });
    await recorder.close();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(await dbs[0].transaction((tx) => recorder.record(tx, 'DepositSucceeded', deposit(`dep_race${i}`))));
    }
    await Promise.all(nodes.map((n) => n.dispatch()));
    // An event whose handlers were split between the nodes is marked by the next pass.
    await Promise.all(nodes.map((n) => n.dispatch()));
    expect([...calls].sort()).toEqual([...ids].sort());
    const open = await dbs[1].query('SELECT id FROM domain_events WHERE dispatched_at IS NULL');
    expect(open.rows).toEqual([]);
    for (const n of nodes) await n.close();
  });
});

describe('housekeeping', () => {
  it('prunes events delivered everywhere before the cut-off, with their deliveries, and keeps open or newer ones', async () => {
    const { events } = node();
    events.subscribe('DepositSucceeded', 'test.ok', async () => {});
    for (const id of ['dep_a', 'dep_b', 'dep_c']) await db.transaction((tx) => events.record(tx, 'DepositSucceeded', deposit(id)));
    await events.settled();
    await events.dispatch();
    // One more event that no handler has finished: it must survive any cut-off.
    events.subscribe('DepositFailed', 'test.slow', async () => {
      throw new Error('still failing');
    });
    const openId = await db.transaction((tx) => events.record(tx, 'DepositFailed', { ...depositBase('dep_open'), reason: 'expired' }));
    await events.settled();
    // The oldest of the delivered three is made older than the retention window.
    const { rows: delivered } = await db.query<{ id: string }>('SELECT id FROM domain_events WHERE dispatched_at IS NOT NULL ORDER BY seq');
    expect(delivered).toHaveLength(3);
    const old = delivered[0]!.id;
    await db.query(`UPDATE domain_events SET dispatched_at = now() - interval '10 days' WHERE id = $1`, [old]);
    await db.query(`UPDATE domain_events SET occurred_at = now() - interval '10 days' WHERE id = $1`, [openId]);

    const pruned = await events.prune(new Date(Date.now() - 7 * 24 * 3600_000), 1);
    expect(pruned).toBe(1);
    const left = await db.query<{ id: string }>('SELECT id FROM domain_events ORDER BY seq');
    expect(left.rows.map((r) => r.id)).toEqual([delivered[1]!.id, delivered[2]!.id, openId]);
    const orphan = await db.query('SELECT 1 FROM domain_event_deliveries WHERE event_id = $1', [old]);
    expect(orphan.rows).toHaveLength(0);
    // Nothing older remains, so a second pass deletes nothing.
    expect(await events.prune(new Date(Date.now() - 7 * 24 * 3600_000))).toBe(0);
    await events.close();
  });
});

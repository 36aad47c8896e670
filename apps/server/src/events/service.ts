import {
  DOMAIN_EVENT_SCHEMAS,
  type DomainEvent,
  type DomainEventName,
  type DomainEventPayload,
} from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db, Queryable } from '../db/db';
import type { Clock } from '../lib/clock';
import { prefixedId } from '../lib/ids';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './backoff';
import type { Bus } from './bus';
import {
  claimRelays,
  countOpenEvents,
  oldestOpenEventAt,
  deleteDispatchedBefore,
  insertEvent,
  insertEvents,
  listOpenEvents,
  lockDeliveries,
  markDispatched,
  recordDelivered,
  recordFailure,
  releaseRelayClaim,
  type OpenEvent,
} from './outbox-repo';

/**
 * A subscriber's handler. It runs inside the transaction that records its delivery: writes
 * made through `tx` commit exactly when the delivery does, so a database-only handler takes
 * effect once. It must use `tx`, never the Db (on PGlite the Db waits for this transaction).
 * Effects outside the database may repeat (at least once) and must be idempotent by `event.id`.
 */
export type EventHandler<N extends DomainEventName> = (event: DomainEvent<N>, tx: Queryable) => Promise<void>;

/** What a module needs to record events: the narrow face it receives. */
export interface EventRecorder {
  /**
   * Records `name` with `payload` through `q`: pass the transaction of the change it reports,
   * so both commit or neither does. Dispatch starts as soon as that transaction commits.
   */
  record<N extends DomainEventName>(q: Queryable, name: N, payload: DomainEventPayload<N>): Promise<string>;
  /** Like record, for many events of one name in one statement (a settled round's players). */
  recordMany<N extends DomainEventName>(q: Queryable, name: N, payloads: ReadonlyArray<DomainEventPayload<N>>): Promise<string[]>;
}

export type EventsDeps = {
  db: Db;
  /** The domain clock: an event's `occurredAt` matches the change it reports. */
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  registry?: Registry;
  retry?: Partial<RetryPolicy>;
  /** Real time for retry scheduling (tests with a frozen domain clock still retry). */
  now?: () => number;
  batchSize?: number;
};

/** The handler that hands every event to the bus, once, after commit. */
export const BUS_RELAY_HANDLER = 'bus';

type Subscription = { handler: string; fn: EventHandler<DomainEventName> };
type Outcome = { kind: 'done' } | { kind: 'busy' } | { kind: 'waiting'; nextAt: number };

export function createEvents(deps: EventsDeps) {
  const { db, clock, bus, log } = deps;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...deps.retry };
  const nowMs = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? 100;
  const subscriptions = new Map<DomainEventName, Subscription[]>();
  const registers = deps.registry ? [deps.registry] : [];

  const recorded = new Counter({
    name: 'domain_events_recorded_total',
    help: 'Domain events committed to the outbox, by event name',
    labelNames: ['event'] as const,
    registers,
  });
  const deliveries = new Counter({
    name: 'domain_event_deliveries_total',
    help: 'Deliveries of domain events to handlers, by handler and outcome (delivered, failed, gave_up)',
    labelNames: ['event', 'handler', 'outcome'] as const,
    registers,
  });
  const lag = new Histogram({
    name: 'domain_event_delivery_lag_seconds',
    help: 'Time from an event being recorded to its delivery to a handler',
    labelNames: ['handler'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers,
  });
  new Gauge({
    name: 'domain_events_open',
    help: 'Events in the outbox not yet delivered to every handler (read at scrape time)',
    registers,
    async collect() {
      try {
        this.set(await countOpenEvents(db));
      } catch {
        // A closed or unreachable database shows as no value, not a failed scrape.
      }
    },
  });
  // The outbox's age, for the alert (ops/prometheus/rules.yml): a count can stay low while one
  // event waits for hours behind a failing handler.
  new Gauge({
    name: 'domain_events_oldest_open_age_seconds',
    help: 'Age of the oldest event in the outbox not yet delivered to every handler; 0 when none (read at scrape time)',
    registers,
    async collect() {
      try {
        const at = await oldestOpenEventAt(db);
        this.set(at ? Math.max(0, (clock.now().getTime() - at.getTime()) / 1000) : 0);
      } catch {
        // As above: no value rather than a failed scrape.
      }
    },
  });

  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAt = Infinity;

  function handlersFor(name: DomainEventName): Subscription[] {
    return [
      { handler: BUS_RELAY_HANDLER, fn: (event) => bus.publish(event) },
      ...(subscriptions.get(name) ?? []),
    ];
  }

  /**
   * Delivers one event to each of its handlers that is due, in one transaction: each handler
   * runs under its own savepoint, so one that fails is undone and retried alone. The event is
   * marked dispatched in the same transaction once every handler is done.
   */
  async function deliverEvent(event: DomainEvent): Promise<Outcome> {
    const subs = handlersFor(event.name);
    const startedMs = nowMs();
    const now = new Date(startedMs);
    return db.transaction(async (tx): Promise<Outcome> => {
      const rows = await lockDeliveries(tx, event.id, subs.map((s) => s.handler), now);
      let outcome: Outcome = { kind: 'done' };
      const pending = (next: Outcome) => {
        if (next.kind === 'busy' && outcome.kind === 'done') outcome = next;
        if (next.kind === 'waiting') outcome = { kind: 'waiting', nextAt: Math.min(next.nextAt, outcome.kind === 'waiting' ? outcome.nextAt : Infinity) };
      };
      for (const sub of subs) {
        const row = rows.get(sub.handler);
        if (!row) {
          pending({ kind: 'busy' });
          continue;
        }
        if (row.delivered_at || row.gave_up_at) continue;
        if (row.next_attempt_at.getTime() > startedMs) {
          pending({ kind: 'waiting', nextAt: row.next_attempt_at.getTime() });
          continue;
        }
        // The savepoint undoes a failing handler's writes but keeps its failure record.
        await tx.query('SAVEPOINT handler');
        try {
          await sub.fn(event, tx);
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT handler');
          const attempts = row.attempts + 1;
          const givingUp = attempts >= policy.maxAttempts;
          const nextAt = startedMs + retryDelayMs(policy, attempts);
          await recordFailure(tx, event.id, sub.handler, {
            error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
            nextAttemptAt: new Date(nextAt),
            gaveUpAt: givingUp ? now : null,
          });
          deliveries.inc({ event: event.name, handler: sub.handler, outcome: givingUp ? 'gave_up' : 'failed' });
          const context = { err, eventId: event.id, event: event.name, handler: sub.handler, attempts };
          if (givingUp) {
            log.error(context, 'event handler gave up');
          } else {
            log.warn(context, 'event handler failed; will retry');
            pending({ kind: 'waiting', nextAt });
          }
          continue;
        }
        await tx.query('RELEASE SAVEPOINT handler');
        await recordDelivered(tx, event.id, sub.handler, now);
        deliveries.inc({ event: event.name, handler: sub.handler, outcome: 'delivered' });
        lag.observe({ handler: sub.handler }, Math.max(0, startedMs - Date.parse(event.occurredAt)) / 1000);
      }
      if (outcome.kind === 'done') await markDispatched(tx, event.id, now);
      return outcome;
    });
  }

  /**
   * Hands the batch's events to the bus first, in order, before their durable handlers run one
   * transaction each (decision 524): the bus carries what players see at once (a draw's result),
   * and behind those transactions a second room's result drawn in the same second waited for
   * every event before it. Each relay is claimed in one statement, so one dispatcher publishes it.
   */
  async function relayFirst(batch: readonly OpenEvent[]): Promise<void> {
    if (batch.length === 0) return;
    const startedMs = nowMs();
    const claimed = await claimRelays(db, batch.map((b) => b.event.id), BUS_RELAY_HANDLER, new Date(startedMs));
    // Every claimed relay is published, closing or not: a claim left unpublished would be lost.
    for (const { event } of batch) {
      if (!claimed.has(event.id)) continue;
      try {
        await bus.publish(event);
      } catch (err) {
        // Given back: the ordinary delivery retries it after the backoff, as any failed handler.
        await releaseRelayClaim(db, event.id, BUS_RELAY_HANDLER, {
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
          nextAttemptAt: new Date(startedMs + retryDelayMs(policy, 1)),
        });
        deliveries.inc({ event: event.name, handler: BUS_RELAY_HANDLER, outcome: 'failed' });
        log.warn({ err, eventId: event.id, event: event.name, handler: BUS_RELAY_HANDLER, attempts: 1 }, 'event handler failed; will retry');
        continue;
      }
      deliveries.inc({ event: event.name, handler: BUS_RELAY_HANDLER, outcome: 'delivered' });
      lag.observe({ handler: BUS_RELAY_HANDLER }, Math.max(0, startedMs - Date.parse(event.occurredAt)) / 1000);
    }
  }

  /** One pass over the open events, oldest first. */
  async function pass(): Promise<void> {
    let afterSeq = 0;
    let earliestRetry = Infinity;
    while (!closed) {
      const batch = await listOpenEvents(db, afterSeq, batchSize);
      await relayFirst(batch);
      for (const { seq, event } of batch) {
        if (closed) return;
        afterSeq = seq;
        const outcome = await deliverEvent(event);
        if (outcome.kind === 'waiting') earliestRetry = Math.min(earliestRetry, outcome.nextAt);
      }
      if (batch.length < batchSize) break;
    }
    scheduleRetry(earliestRetry);
  }

  /** A failed delivery is tried again when its backoff ends, without waiting for the poll. */
  function scheduleRetry(atMs: number): void {
    if (closed || atMs === Infinity || atMs >= retryAt) return;
    clearTimeout(retryTimer);
    retryAt = atMs;
    retryTimer = setTimeout(() => {
      retryAt = Infinity;
      void dispatch();
    }, Math.max(0, atMs - nowMs()));
    retryTimer.unref();
  }

  /**
   * Delivers every open event that is due. Calls while a pass runs are folded into one more
   * pass after it, so a burst of commits costs two passes, not one per commit. Never throws:
   * a failure is logged and the next commit, retry or poll tries again.
   */
  function dispatch(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          if (!closed) log.error({ err }, 'event dispatch failed');
        }
      } while (again && !closed);
      running = undefined;
    })();
    return running;
  }

  return {
    bus,

    async record<N extends DomainEventName>(q: Queryable, name: N, payload: DomainEventPayload<N>): Promise<string> {
      // A payload that breaks the contract is a bug in the caller: fail its transaction now
      // rather than deliver something no subscriber can read.
      const checked = DOMAIN_EVENT_SCHEMAS[name].parse(payload);
      const id = prefixedId('evt', 12);
      await insertEvent(q, { id, name, payload: checked, occurredAt: clock.now() });
      const committed = () => {
        recorded.inc({ event: name });
        void dispatch();
      };
      if (q.afterCommit) q.afterCommit(committed);
      else committed();
      return id;
    },

    async recordMany<N extends DomainEventName>(q: Queryable, name: N, payloads: ReadonlyArray<DomainEventPayload<N>>): Promise<string[]> {
      if (payloads.length === 0) return [];
      const schema = DOMAIN_EVENT_SCHEMAS[name];
      const rows = payloads.map((p) => ({ id: prefixedId('evt', 12), payload: schema.parse(p) }));
      await insertEvents(q, name, rows, clock.now());
      const committed = () => {
        recorded.inc({ event: name }, rows.length);
        void dispatch();
      };
      if (q.afterCommit) q.afterCommit(committed);
      else committed();
      return rows.map((r) => r.id);
    },

    /**
     * Adds a durable subscriber: `fn` gets every `name` event committed from now on, at least
     * once, once per `handler` name across all nodes. Register before the app is ready.
     */
    subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void {
      if (handler === BUS_RELAY_HANDLER) throw new Error(`"${BUS_RELAY_HANDLER}" is the bus relay's handler name`);
      const list = subscriptions.get(name) ?? [];
      if (list.some((s) => s.handler === handler)) throw new Error(`${handler} already subscribes to ${name}`);
      list.push({ handler, fn: fn as EventHandler<DomainEventName> });
      subscriptions.set(name, list);
    },

    dispatch,

    /**
     * Housekeeping (a leader job): deletes events delivered everywhere before `before`, in
     * batches so no statement holds many locks for long. Returns how many went.
     */
    async prune(before: Date, batch = 5_000): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await deleteDispatchedBefore(db, before, batch);
        total += n;
        if (n < batch) return total;
      }
    },

    /** Resolves when no pass is running (tests wait on it after a money action). */
    async settled(): Promise<void> {
      while (running) await running;
    },

    /**
     * Lets the running pass finish (a short-lived process such as the operator command still
     * delivers what it just committed), then stops; called before the database closes.
     * Anything left is delivered by the next node's poll.
     */
    async close(): Promise<void> {
      clearTimeout(retryTimer);
      while (running) await running;
      closed = true;
      clearTimeout(retryTimer);
    },
  };
}

export type Events = ReturnType<typeof createEvents>;

import type { DomainEvent, DomainEventName } from '@colorplay/contract';
import type { Queryable } from '../db/db';

/** The SQL of the outbox tables (migration 005): `domain_events`, `domain_event_deliveries`. */

type EventRow = { id: string; seq: number; name: DomainEventName; payload: unknown; occurred_at: Date };

export type OpenEvent = { seq: number; event: DomainEvent };

export type DeliveryRow = {
  attempts: number;
  next_attempt_at: Date;
  delivered_at: Date | null;
  gave_up_at: Date | null;
};

export async function insertEvent(q: Queryable, row: { id: string; name: string; payload: unknown; occurredAt: Date }): Promise<void> {
  await q.query('INSERT INTO domain_events (id, name, payload, occurred_at) VALUES ($1, $2, $3, $4)', [
    row.id,
    row.name,
    JSON.stringify(row.payload),
    row.occurredAt,
  ]);
}

/** Many events of one name in one statement; seq follows the order given. */
export async function insertEvents(q: Queryable, name: string, rows: ReadonlyArray<{ id: string; payload: unknown }>, occurredAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO domain_events (id, name, payload, occurred_at)
     SELECT id, $2, payload, $4 FROM unnest($1::text[], $3::jsonb[]) WITH ORDINALITY AS e(id, payload, n) ORDER BY n`,
    [rows.map((r) => r.id), name, rows.map((r) => JSON.stringify(r.payload)), occurredAt],
  );
}

/** Events not yet dispatched to every handler, oldest first, after `afterSeq`. */
export async function listOpenEvents(q: Queryable, afterSeq: number, limit: number): Promise<OpenEvent[]> {
  const { rows } = await q.query<EventRow>(
    `SELECT id, seq, name, payload, occurred_at FROM domain_events
     WHERE dispatched_at IS NULL AND seq > $1 ORDER BY seq LIMIT $2`,
    [afterSeq, limit],
  );
  return rows.map((r) => ({
    seq: r.seq,
    // The payload was validated against the contract when it was recorded.
    event: { id: r.id, name: r.name, payload: r.payload, occurredAt: r.occurred_at.toISOString() } as DomainEvent,
  }));
}

export async function markDispatched(q: Queryable, eventId: string, now: Date): Promise<void> {
  await q.query('UPDATE domain_events SET dispatched_at = $2 WHERE id = $1 AND dispatched_at IS NULL', [eventId, now]);
}

/**
 * Creates the event's (event, handler) records if needed and locks them. A record another
 * dispatcher (this node's or another's) holds right now is left out: that one is delivering it.
 */
export async function lockDeliveries(
  tx: Queryable,
  eventId: string,
  handlers: readonly string[],
  now: Date,
): Promise<Map<string, DeliveryRow>> {
  await tx.query(
    `INSERT INTO domain_event_deliveries (event_id, handler, next_attempt_at)
     SELECT $1, h, $3 FROM unnest($2::text[]) AS h
     ON CONFLICT (event_id, handler) DO NOTHING`,
    [eventId, handlers, now],
  );
  const { rows } = await tx.query<DeliveryRow & { handler: string }>(
    `SELECT handler, attempts, next_attempt_at, delivered_at, gave_up_at FROM domain_event_deliveries
     WHERE event_id = $1 AND handler = ANY($2::text[]) FOR UPDATE SKIP LOCKED`,
    [eventId, handlers],
  );
  return new Map(rows.map((r) => [r.handler, r]));
}

/**
 * Claims the bus relay of the events that have no relay record yet, in one statement: the
 * record is made delivered at once, so exactly one dispatcher (of any node) publishes each.
 * Returns the ids this call claimed. A publish that then fails gives its claim back
 * (`releaseRelayClaim`) and the ordinary delivery retries it.
 */
export async function claimRelays(q: Queryable, eventIds: readonly string[], handler: string, now: Date): Promise<Set<string>> {
  const { rows } = await q.query<{ event_id: string }>(
    `INSERT INTO domain_event_deliveries (event_id, handler, next_attempt_at, attempts, delivered_at)
     SELECT e, $2, $3, 1, $3 FROM unnest($1::text[]) AS e
     ON CONFLICT (event_id, handler) DO NOTHING
     RETURNING event_id`,
    [eventIds, handler, now],
  );
  return new Set(rows.map((r) => r.event_id));
}

/** A claimed relay whose publish failed: not delivered, its failure recorded, tried again at `nextAttemptAt`. */
export async function releaseRelayClaim(q: Queryable, eventId: string, handler: string, failure: { error: string; nextAttemptAt: Date }): Promise<void> {
  await q.query(
    `UPDATE domain_event_deliveries SET delivered_at = NULL, last_error = $3, next_attempt_at = $4
     WHERE event_id = $1 AND handler = $2`,
    [eventId, handler, failure.error.slice(0, 2000), failure.nextAttemptAt],
  );
}

export async function recordDelivered(tx: Queryable, eventId: string, handler: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE domain_event_deliveries SET attempts = attempts + 1, delivered_at = $3, last_error = NULL
     WHERE event_id = $1 AND handler = $2`,
    [eventId, handler, now],
  );
}

export async function recordFailure(
  tx: Queryable,
  eventId: string,
  handler: string,
  failure: { error: string; nextAttemptAt: Date; gaveUpAt: Date | null },
): Promise<void> {
  await tx.query(
    `UPDATE domain_event_deliveries SET attempts = attempts + 1, last_error = $3, next_attempt_at = $4, gave_up_at = $5
     WHERE event_id = $1 AND handler = $2`,
    [eventId, handler, failure.error.slice(0, 2000), failure.nextAttemptAt, failure.gaveUpAt],
  );
}

export async function countOpenEvents(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL');
  return rows[0]?.n ?? 0;
}

/** When the oldest event not yet delivered to every handler occurred; null when none is open. */
export async function oldestOpenEventAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>('SELECT min(occurred_at) AS at FROM domain_events WHERE dispatched_at IS NULL');
  return rows[0]?.at ?? null;
}

/**
 * Deletes up to `limit` events dispatched to every handler before `before`, with their delivery
 * records, oldest first. An event still open (a handler retrying) is never touched; rows another
 * node is deleting right now are skipped.
 */
export async function deleteDispatchedBefore(q: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await q.query(
    `WITH doomed AS (
       SELECT id FROM domain_events WHERE dispatched_at < $1 ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED
     ), gone AS (
       DELETE FROM domain_event_deliveries WHERE event_id IN (SELECT id FROM doomed)
     )
     DELETE FROM domain_events WHERE id IN (SELECT id FROM doomed)`,
    [before, limit],
  );
  return rowCount;
}

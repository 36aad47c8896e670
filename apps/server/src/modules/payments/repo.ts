import type { Queryable } from '../../db/db';

/**
 * The log of gateway notices received (table payment_webhook_events): each notice id once, and
 * what became of it. Deposits records and settles notices through this module's index; it is
 * the only writer of the log's outcome, because it alone knows the orders.
 */

export type GatewayEventSource = 'webhook' | 'reconcile';

/**
 * Records a received gateway notice. False when its id is already recorded; the caller then
 * locks it with `lockGatewayEvent` to see whether it was parked.
 */
export async function insertGatewayEvent(
  q: Queryable,
  e: { eventId: string; gateway: string; gatewayRef: string; merchantOrderId: string | null; payload: unknown; source: GatewayEventSource; now: Date },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payment_webhook_events (event_id, gateway, gateway_ref, merchant_order_id, payload, source, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [e.eventId, e.gateway, e.gatewayRef, e.merchantOrderId, JSON.stringify(e.payload), e.source, e.now],
  );
  return rowCount > 0;
}

export async function lockGatewayEvent(q: Queryable, eventId: string) {
  const { rows } = await q.query<{ state: 'processed' | 'parked' }>(
    'SELECT state FROM payment_webhook_events WHERE event_id = $1 FOR UPDATE',
    [eventId],
  );
  return rows[0];
}

/** Writes what became of a notice: parked (no order yet) or processed with its outcome. */
export async function settleGatewayEvent(
  q: Queryable,
  eventId: string,
  r: { parked: boolean; outcome: string; orderId: string | null; retried: boolean },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE payment_webhook_events SET state = $2, outcome = $3, order_id = $4, processed_at = $5,
       attempts = attempts + $6 WHERE event_id = $1`,
    [eventId, r.parked ? 'parked' : 'processed', r.outcome, r.orderId, now, r.retried ? 1 : 0],
  );
}

/** Parked notices, oldest first; optionally only those naming one payment or one order. */
export async function listParkedEvents(q: Queryable, limit: number, about?: { gatewayRef: string; orderId: string }) {
  const { rows } = await q.query<{ payload: unknown; source: GatewayEventSource }>(
    about
      ? `SELECT payload, source FROM payment_webhook_events WHERE state = 'parked' AND (gateway_ref = $2 OR merchant_order_id = $3)
         ORDER BY received_at LIMIT $1`
      : `SELECT payload, source FROM payment_webhook_events WHERE state = 'parked' ORDER BY received_at LIMIT $1`,
    about ? [limit, about.gatewayRef, about.orderId] : [limit],
  );
  return rows;
}

import type { Deposit, DepositsQuery, DepositStatus } from '@colorplay/contract';
import type { DepositReviewReason } from '@colorplay/contract/deposit-states';
import type { Queryable } from '../../db/db';
import { upiPayLink, type DepositSettings } from './deposit-rules';

export type DepositRow = {
  id: string;
  player_id: number;
  channel: 'upi' | 'usdt';
  amount_minor: number;
  currency: string;
  status: DepositStatus;
  idempotency_key: string;
  request_hash: string;
  payee_vpa: string;
  gateway: string;
  gateway_ref: string | null;
  payment_url: string | null;
  utr: string | null;
  gateway_utr: string | null;
  failure_reason: string | null;
  /** Only the contract's codes, so the console has words for every one (decision 444). */
  review_reason: DepositReviewReason | null;
  transfer_id: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  completed_at: Date | null;
};

export async function insertDeposit(
  q: Queryable,
  d: Pick<DepositRow, 'id' | 'player_id' | 'channel' | 'amount_minor' | 'currency' | 'idempotency_key' | 'request_hash' | 'payee_vpa' | 'gateway' | 'created_at' | 'expires_at'>,
): Promise<DepositRow | undefined> {
  const { rows } = await q.query<DepositRow>(
    `INSERT INTO deposit_orders (id, player_id, channel, amount_minor, currency, status, idempotency_key, request_hash,
       payee_vpa, gateway, created_at, updated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'created', $6, $7, $8, $9, $10, $10, $11)
     ON CONFLICT (player_id, idempotency_key) DO NOTHING
     RETURNING *`,
    [d.id, d.player_id, d.channel, d.amount_minor, d.currency, d.idempotency_key, d.request_hash, d.payee_vpa, d.gateway, d.created_at, d.expires_at],
  );
  return rows[0];
}

export async function findDepositByKey(q: Queryable, playerId: number, key: string) {
  const { rows } = await q.query<DepositRow>('SELECT * FROM deposit_orders WHERE player_id = $1 AND idempotency_key = $2', [playerId, key]);
  return rows[0];
}

/** One order, locked for a state change. */
export async function lockDeposit(q: Queryable, where: { id: string } | { gatewayRef: string }) {
  const [col, val] = 'id' in where ? ['id', where.id] : ['gateway_ref', where.gatewayRef];
  const { rows } = await q.query<DepositRow>(`SELECT * FROM deposit_orders WHERE ${col} = $1 FOR UPDATE`, [val]);
  return rows[0];
}

export async function findDeposit(q: Queryable, id: string) {
  const { rows } = await q.query<DepositRow>('SELECT * FROM deposit_orders WHERE id = $1', [id]);
  return rows[0];
}

/** True when some other order already carries this UTR (typed by a player or reported by a gateway). */
export async function utrTakenElsewhere(q: Queryable, utr: string, orderId: string): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM deposit_orders WHERE (utr = $1 OR gateway_utr = $1) AND id <> $2 LIMIT 1',
    [utr, orderId],
  );
  return rows.length > 0;
}

export type DepositChange = Partial<
  Pick<DepositRow, 'gateway_ref' | 'payment_url' | 'utr' | 'gateway_utr' | 'failure_reason' | 'review_reason' | 'transfer_id' | 'completed_at'>
>;

/**
 * The one way an order's state or reasons change: the update and its audit row in
 * deposit_events, together. A change of reason alone passes the order's own status as `to`.
 * The caller holds the row lock.
 */
export async function recordStep(
  q: Queryable,
  order: DepositRow,
  to: DepositStatus,
  actor: 'player' | 'gateway' | 'system' | 'operator',
  now: Date,
  change: DepositChange = {},
  detail: Record<string, unknown> = {},
): Promise<DepositRow> {
  const sets = Object.keys(change).map((k, i) => `${k} = $${i + 4}`);
  const { rows } = await q.query<DepositRow>(
    `UPDATE deposit_orders SET status = $2, updated_at = $3${sets.length ? `, ${sets.join(', ')}` : ''}
     WHERE id = $1 RETURNING *`,
    [order.id, to, now, ...Object.values(change)],
  );
  await q.query(
    `INSERT INTO deposit_events (order_id, from_status, to_status, actor, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [order.id, order.status, to, actor, JSON.stringify(detail), now],
  );
  return rows[0]!;
}

export async function listDeposits(q: Queryable, playerId: number, query: DepositsQuery): Promise<DepositRow[]> {
  const where = ['player_id = $1'];
  const params: unknown[] = [playerId];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (query.id) add('id = ?', query.id);
  if (query.status) add('status = ?', query.status);
  if (query.channel) add('channel = ?', query.channel);
  if (query.before) add('(created_at, id) < (SELECT created_at, id FROM deposit_orders WHERE id = ?)', query.before);
  params.push(query.limit + 1);
  const { rows } = await q.query<DepositRow>(
    `SELECT * FROM deposit_orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/** The player's view of an order. */
export function toDeposit(r: DepositRow, settings: DepositSettings): Deposit {
  return {
    id: r.id,
    channel: r.channel,
    amountMinor: r.amount_minor,
    currency: r.currency,
    status: r.status,
    payeeVpa: r.payee_vpa,
    upiLink: upiPayLink({ vpa: r.payee_vpa, name: settings.payeeName, amountMinor: r.amount_minor, currency: r.currency, orderId: r.id }),
    paymentUrl: r.status === 'pending_payment' ? r.payment_url : null,
    utr: r.utr ?? r.gateway_utr,
    failureReason: r.failure_reason,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}

/** Records a gateway payment on an order that has none yet (never replaces one). */
export async function adoptGatewayRef(q: Queryable, orderId: string, gatewayRef: string, now: Date): Promise<void> {
  await q.query('UPDATE deposit_orders SET gateway_ref = $2, updated_at = $3 WHERE id = $1 AND gateway_ref IS NULL', [orderId, gatewayRef, now]);
}

/**
 * Orders reconciliation should ask the gateway about: past their expiry, not paid, expired within
 * the lookback window, and not asked about since `askedBefore`.
 */
export async function listOrdersToReconcile(q: Queryable, now: Date, lookbackFrom: Date, askedBefore: Date, limit: number) {
  const { rows } = await q.query<{ id: string; gateway_ref: string | null; status: DepositStatus; expires_at: Date }>(
    `SELECT id, gateway_ref, status, expires_at FROM deposit_orders
     WHERE status IN ('created', 'pending_payment', 'expired', 'cancelled') AND expires_at <= $1 AND expires_at > $2
       AND (reconciled_at IS NULL OR reconciled_at <= $3)
     ORDER BY expires_at LIMIT $4`,
    [now, lookbackFrom, askedBefore, limit],
  );
  return rows;
}

export async function markReconciled(q: Queryable, orderId: string, now: Date): Promise<void> {
  await q.query('UPDATE deposit_orders SET reconciled_at = $2 WHERE id = $1', [orderId, now]);
}

/** Of these gateway payment references, the ones no order carries. */
export async function refsWithoutOrder(q: Queryable, refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const { rows } = await q.query<{ gateway_ref: string }>(
    'SELECT gateway_ref FROM deposit_orders WHERE gateway_ref = ANY($1::text[])',
    [refs],
  );
  const known = new Set(rows.map((r) => r.gateway_ref));
  return refs.filter((r) => !known.has(r));
}

/** Open orders past their expiry, oldest first. */
export async function listDueForExpiry(q: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM deposit_orders WHERE status IN ('created', 'pending_payment') AND expires_at <= $1
     ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Orders whose UTR awaits an operator's decision, longest waiting first. */
export async function listAwaitingReview(q: Queryable): Promise<DepositRow[]> {
  const { rows } = await q.query<DepositRow>(`SELECT * FROM deposit_orders WHERE status = 'utr_submitted' ORDER BY updated_at`);
  return rows;
}

/** What reconciliation compares with a settlement file: an order's state, amount and reported UTR. */
export type SettlementFacts = Pick<DepositRow, 'id' | 'status' | 'amount_minor' | 'gateway_utr' | 'channel' | 'completed_at'>;
const FACTS = 'id, status, amount_minor, gateway_utr, channel, completed_at';

/** The UPI orders of these ids (the others are unknown to us). */
export async function settlementFactsOf(q: Queryable, ids: string[]): Promise<SettlementFacts[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<SettlementFacts>(`SELECT ${FACTS} FROM deposit_orders WHERE channel = 'upi' AND id = ANY($1::text[])`, [ids]);
  return rows;
}

/** UPI orders credited within [from, to): what a settlement file of that period should name. */
export async function creditedUpiBetween(q: Queryable, from: Date, to: Date): Promise<SettlementFacts[]> {
  const { rows } = await q.query<SettlementFacts>(
    `SELECT ${FACTS} FROM deposit_orders WHERE channel = 'upi' AND status = 'succeeded' AND completed_at >= $1 AND completed_at < $2 ORDER BY completed_at, id`,
    [from, to],
  );
  return rows;
}

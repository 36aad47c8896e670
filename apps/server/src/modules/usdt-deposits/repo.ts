import type { UsdtDepositStatus, UsdtDepositsQuery, UsdtReviewReason } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** An order row; numeric(78,0) columns are read as text and become bigint in the service. */
export type UsdtOrderRow = {
  id: string;
  player_id: number;
  idempotency_key: string;
  request_hash: string;
  amount_minor: number;
  currency: string;
  rate_minor_per_token: number;
  token_amount: string;
  chain_id: number;
  token_address: string;
  token_decimals: number;
  address: string;
  derivation_index: number;
  status: UsdtDepositStatus;
  review_reason: UsdtReviewReason | null;
  received_base_units: string | null;
  credited_minor: number | null;
  transfer_id: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  completed_at: Date | null;
};

export type UsdtTransferRow = {
  tx_hash: string;
  log_index: number;
  order_id: string;
  from_address: string;
  to_address: string;
  amount_base_units: string;
  block_number: number;
  block_hash: string;
  block_time: Date;
  status: 'pending' | 'credited' | 'review' | 'approved' | 'rejected' | 'dropped';
  /** An overpayment's value beyond what was credited automatically, in review (null otherwise). */
  excess_minor: number | null;
  confirmations: number;
  seen_at: Date;
  updated_at: Date;
};

const ORDER_COLUMNS = `id, player_id, idempotency_key, request_hash, amount_minor, currency, rate_minor_per_token,
  token_amount::text AS token_amount, chain_id, token_address, token_decimals, address, derivation_index, status,
  review_reason, received_base_units::text AS received_base_units, credited_minor, transfer_id, created_at, updated_at,
  expires_at, completed_at`;
const TRANSFER_COLUMNS = `tx_hash, log_index, order_id, from_address, to_address, amount_base_units::text AS amount_base_units,
  block_number, block_hash, block_time, status, excess_minor, confirmations, seen_at, updated_at`;

/** The next HD derivation index: a sequence, so two orders never share an address. */
export async function nextDerivationIndex(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ index: number }>(`SELECT nextval('usdt_address_index_seq') AS index`);
  return Number(rows[0]!.index);
}

export async function insertOrder(
  q: Queryable,
  o: Omit<UsdtOrderRow, 'status' | 'review_reason' | 'received_base_units' | 'credited_minor' | 'transfer_id' | 'updated_at' | 'completed_at'>,
): Promise<UsdtOrderRow | undefined> {
  const { rows } = await q.query<UsdtOrderRow>(
    `INSERT INTO usdt_orders (id, player_id, idempotency_key, request_hash, amount_minor, currency, rate_minor_per_token,
       token_amount, chain_id, token_address, token_decimals, address, derivation_index, status, created_at, updated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'waiting', $14, $14, $15)
     ON CONFLICT (player_id, idempotency_key) DO NOTHING
     RETURNING ${ORDER_COLUMNS}`,
    [o.id, o.player_id, o.idempotency_key, o.request_hash, o.amount_minor, o.currency, o.rate_minor_per_token, o.token_amount,
      o.chain_id, o.token_address, o.token_decimals, o.address, o.derivation_index, o.created_at, o.expires_at],
  );
  return rows[0];
}

export async function findOrderByKey(q: Queryable, playerId: number, key: string) {
  const { rows } = await q.query<UsdtOrderRow>(`SELECT ${ORDER_COLUMNS} FROM usdt_orders WHERE player_id = $1 AND idempotency_key = $2`, [playerId, key]);
  return rows[0];
}

export async function findOrder(q: Queryable, id: string) {
  const { rows } = await q.query<UsdtOrderRow>(`SELECT ${ORDER_COLUMNS} FROM usdt_orders WHERE id = $1`, [id]);
  return rows[0];
}

export async function lockOrder(q: Queryable, id: string) {
  const { rows } = await q.query<UsdtOrderRow>(`SELECT ${ORDER_COLUMNS} FROM usdt_orders WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function listOrders(q: Queryable, playerId: number, query: UsdtDepositsQuery) {
  const { rows } = await q.query<UsdtOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM usdt_orders
     WHERE player_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR id < $3)
     ORDER BY id DESC LIMIT $4`,
    [playerId, query.status ?? null, query.before ?? null, query.limit + 1],
  );
  return rows;
}

export type OrderChange = Partial<Pick<UsdtOrderRow, 'review_reason' | 'received_base_units' | 'credited_minor' | 'transfer_id' | 'completed_at'>>;

/** Moves an order (the caller holds its lock); the changed columns are set too. */
export async function updateOrder(q: Queryable, id: string, status: UsdtDepositStatus, now: Date, change: OrderChange = {}) {
  const { rows } = await q.query<UsdtOrderRow>(
    `UPDATE usdt_orders SET status = $2, updated_at = $3,
       review_reason = CASE WHEN $4::boolean THEN $5 ELSE review_reason END,
       received_base_units = CASE WHEN $6::boolean THEN $7::numeric ELSE received_base_units END,
       credited_minor = CASE WHEN $8::boolean THEN $9::bigint ELSE credited_minor END,
       transfer_id = CASE WHEN $10::boolean THEN $11 ELSE transfer_id END,
       completed_at = CASE WHEN $12::boolean THEN $13::timestamptz ELSE completed_at END
     WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [id, status, now,
      'review_reason' in change, change.review_reason ?? null,
      'received_base_units' in change, change.received_base_units ?? null,
      'credited_minor' in change, change.credited_minor ?? null,
      'transfer_id' in change, change.transfer_id ?? null,
      'completed_at' in change, change.completed_at ?? null],
  );
  return rows[0]!;
}

/** Open orders past their time. */
export async function listDueForExpiry(q: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM usdt_orders WHERE status = 'waiting' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * The addresses the watcher follows: every order still open, and every order of the last
 * `lookbackMs` (a late or second payment to them must reach a person, not be missed).
 */
export async function watchedAddresses(q: Queryable, chainId: number, token: string, since: Date): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; address: string }>(
    `SELECT id, address FROM usdt_orders
     WHERE chain_id = $1 AND token_address = $2 AND (status IN ('waiting', 'seen') OR created_at >= $3)`,
    [chainId, token, since],
  );
  return new Map(rows.map((r) => [r.address, r.id]));
}

export async function readCursor(q: Queryable, chainId: number, token: string) {
  const { rows } = await q.query<{ block_number: number; block_hash: string }>(
    'SELECT block_number, block_hash FROM usdt_watch_cursor WHERE chain_id = $1 AND token_address = $2',
    [chainId, token],
  );
  return rows[0];
}

export async function writeCursor(q: Queryable, chainId: number, token: string, blockNumber: number, blockHash: string, now: Date) {
  await q.query(
    `INSERT INTO usdt_watch_cursor (chain_id, token_address, block_number, block_hash, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id, token_address) DO UPDATE SET block_number = $3, block_hash = $4, updated_at = $5`,
    [chainId, token, blockNumber, blockHash, now],
  );
}

/**
 * Records a log the watcher found. Seen again (a re-scan after a restart or a reorganisation),
 * it changes nothing but its block, if it moved to another block and was not decided yet.
 */
export async function upsertTransfer(
  q: Queryable,
  t: Pick<UsdtTransferRow, 'tx_hash' | 'log_index' | 'order_id' | 'from_address' | 'to_address' | 'amount_base_units' | 'block_number' | 'block_hash' | 'block_time'>,
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query<{ inserted: boolean }>(
    `INSERT INTO usdt_transfers (tx_hash, log_index, order_id, from_address, to_address, amount_base_units, block_number, block_hash,
       block_time, status, seen_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, 'pending', $10, $10)
     ON CONFLICT (tx_hash, log_index) DO UPDATE SET
       block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, block_time = EXCLUDED.block_time,
       status = CASE WHEN usdt_transfers.status = 'dropped' THEN 'pending' ELSE usdt_transfers.status END,
       updated_at = EXCLUDED.updated_at
     WHERE usdt_transfers.status IN ('pending', 'dropped') AND usdt_transfers.block_hash <> EXCLUDED.block_hash
     RETURNING (xmax = 0) AS inserted`,
    [t.tx_hash, t.log_index, t.order_id, t.from_address, t.to_address, t.amount_base_units, t.block_number, t.block_hash, t.block_time, now],
  );
  return rows[0]?.inserted ?? false;
}

export async function listPendingTransfers(q: Queryable, limit: number) {
  const { rows } = await q.query<UsdtTransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE status = 'pending' ORDER BY block_number, tx_hash, log_index LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function findTransfer(q: Queryable, txHash: string, logIndex: number) {
  const { rows } = await q.query<UsdtTransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE tx_hash = $1 AND log_index = $2`, [txHash, logIndex]);
  return rows[0];
}

export async function lockTransfer(q: Queryable, txHash: string, logIndex: number) {
  const { rows } = await q.query<UsdtTransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE tx_hash = $1 AND log_index = $2 FOR UPDATE`,
    [txHash, logIndex],
  );
  return rows[0];
}

export async function updateTransfer(
  q: Queryable,
  key: { tx_hash: string; log_index: number },
  change: Partial<Pick<UsdtTransferRow, 'status' | 'confirmations' | 'block_number' | 'block_hash' | 'block_time' | 'excess_minor'>>,
  now: Date,
) {
  await q.query(
    `UPDATE usdt_transfers SET status = COALESCE($3, status), confirmations = COALESCE($4, confirmations),
       block_number = COALESCE($5, block_number), block_hash = COALESCE($6, block_hash), block_time = COALESCE($7, block_time),
       updated_at = $8, excess_minor = COALESCE($9, excess_minor)
     WHERE tx_hash = $1 AND log_index = $2`,
    [key.tx_hash, key.log_index, change.status ?? null, change.confirmations ?? null, change.block_number ?? null,
      change.block_hash ?? null, change.block_time ?? null, now, change.excess_minor ?? null],
  );
}

/** The transfers of one order, newest block first (the one the player sees is the first live one). */
export async function transfersOfOrder(q: Queryable, orderId: string) {
  const { rows } = await q.query<UsdtTransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE order_id = $1 ORDER BY block_number DESC, log_index DESC`,
    [orderId],
  );
  return rows;
}

/** The transfers of several orders at once (history pages). */
export async function transfersOfOrders(q: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const { rows } = await q.query<UsdtTransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE order_id = ANY($1::text[]) ORDER BY block_number DESC, log_index DESC`,
    [orderIds],
  );
  return rows;
}

/** A transfer under review with the order it paid, oldest first (the operator console's queue). */
export type ReviewTransferRow = UsdtTransferRow & { order: UsdtOrderRow };

export async function listReviewTransfers(q: Queryable, limit: number): Promise<ReviewTransferRow[]> {
  const { rows } = await q.query<UsdtTransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM usdt_transfers WHERE status = 'review' ORDER BY seen_at, tx_hash, log_index LIMIT $1`,
    [limit],
  );
  const orders = rows.length === 0 ? [] : (await q.query<UsdtOrderRow>(`SELECT ${ORDER_COLUMNS} FROM usdt_orders WHERE id = ANY($1::text[])`, [[...new Set(rows.map((r) => r.order_id))]])).rows;
  const byId = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => ({ ...r, order: byId.get(r.order_id)! }));
}

/**
 * Records an operator's decision on a transfer under review (the caller holds its lock). Only a
 * transfer still in review changes: the WHERE clause makes a second decision a no-op (false).
 */
export async function decideReviewTransfer(
  q: Queryable,
  key: { tx_hash: string; log_index: number },
  d: { status: 'approved' | 'rejected'; operatorId: number; note: string; creditedMinor: number | null; ledgerTransferId: string | null },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE usdt_transfers SET status = $3, reviewed_by = $4, review_note = $5, credited_minor = $6, ledger_transfer_id = $7,
       reviewed_at = $8, updated_at = $8
     WHERE tx_hash = $1 AND log_index = $2 AND status = 'review'`,
    [key.tx_hash, key.log_index, d.status, d.operatorId, d.note, d.creditedMinor, d.ledgerTransferId, now],
  );
  return (rowCount ?? 0) === 1;
}

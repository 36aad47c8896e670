import type { Queryable } from '../../db/db';

/** SQL of vendor_wallet_calls only. */

export type CallRow = {
  provider: string;
  tx_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  request_hash: string | null;
  session_id: string | null;
  player_id: number | null;
  vendor_code: string | null;
  amount_minor: number;
  ref_tx_id: string | null;
  status: 'ok' | 'insufficient_funds' | 'refused' | 'void';
  answer: unknown;
  transfer_id: string | null;
  rolled_back_by: string | null;
};

/** The call with this id, locked until the transaction ends (a racing duplicate waits for the first). */
export async function lockCall(q: Queryable, provider: string, txId: string): Promise<CallRow | null> {
  const { rows } = await q.query<CallRow>('SELECT * FROM vendor_wallet_calls WHERE provider = $1 AND tx_id = $2 FOR UPDATE', [provider, txId]);
  return rows[0] ?? null;
}

/**
 * Claims the id: true when this transaction inserted the row. On a race the loser waits for the
 * winner's commit and then sees false, and replays the winner's answer.
 */
export async function claimCall(
  q: Queryable,
  c: { provider: string; txId: string; kind: string; requestHash: string | null; sessionId: string | null; playerId: number | null; vendorCode: string | null; amountMinor: number; refTxId: string | null; status: string; now: Date },
): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO vendor_wallet_calls (provider, tx_id, kind, request_hash, session_id, player_id, vendor_code, amount_minor, ref_tx_id, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (provider, tx_id) DO NOTHING`,
    [c.provider, c.txId, c.kind, c.requestHash, c.sessionId, c.playerId, c.vendorCode, c.amountMinor, c.refTxId, c.status, c.now],
  );
  return res.rowCount === 1;
}

export async function settleCall(q: Queryable, provider: string, txId: string, status: string, answer: unknown, transferId: string | null): Promise<void> {
  await q.query('UPDATE vendor_wallet_calls SET status = $3, answer = $4::jsonb, transfer_id = $5 WHERE provider = $1 AND tx_id = $2', [
    provider,
    txId,
    status,
    JSON.stringify(answer),
    transferId,
  ]);
}

export async function markRolledBack(q: Queryable, provider: string, txId: string, rollbackTxId: string): Promise<void> {
  await q.query('UPDATE vendor_wallet_calls SET rolled_back_by = $3 WHERE provider = $1 AND tx_id = $2', [provider, txId, rollbackTxId]);
}

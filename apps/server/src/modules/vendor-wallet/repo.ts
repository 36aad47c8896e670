import type { Queryable } from '../../db/db';

/** SQL of vendor_wallet_calls only. */

export type CallRow = {
  provider: string;
  tx_id: string;
  kind: 'debit' | 'credit' | 'rollback' | 'free_round';
  round_id: string | null;
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
  c: {
    provider: string;
    txId: string;
    kind: string;
    roundId?: string | null;
    requestHash: string | null;
    sessionId: string | null;
    playerId: number | null;
    vendorCode: string | null;
    amountMinor: number;
    refTxId: string | null;
    status: string;
    now: Date;
  },
): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO vendor_wallet_calls (provider, tx_id, kind, round_id, request_hash, session_id, player_id, vendor_code, amount_minor, ref_tx_id, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (provider, tx_id) DO NOTHING`,
    [c.provider, c.txId, c.kind, c.roundId ?? null, c.requestHash, c.sessionId, c.playerId, c.vendorCode, c.amountMinor, c.refTxId, c.status, c.now],
  );
  return res.rowCount === 1;
}

export async function settleCall(q: Queryable, provider: string, txId: string, status: string, answer: unknown, transfer: { id: string; account: string } | null): Promise<void> {
  await q.query('UPDATE vendor_wallet_calls SET status = $3, answer = $4::jsonb, transfer_id = $5, player_account = $6 WHERE provider = $1 AND tx_id = $2', [
    provider,
    txId,
    status,
    JSON.stringify(answer),
    transfer?.id ?? null,
    transfer?.account ?? null,
  ]);
}

export async function markRolledBack(q: Queryable, provider: string, txId: string, rollbackTxId: string): Promise<void> {
  await q.query('UPDATE vendor_wallet_calls SET rolled_back_by = $3 WHERE provider = $1 AND tx_id = $2', [provider, txId, rollbackTxId]);
}

/**
 * A round's money so far for one player, with its debits locked (a credit and a rollback of the
 * same round serialise here): what was staked and not rolled back, and what was credited.
 */
export async function lockRoundMoney(q: Queryable, provider: string, roundId: string, playerId: number): Promise<{ debits: number; stakedMinor: number; creditedMinor: number }> {
  const { rows: debits } = await q.query<{ amount_minor: number }>(
    `SELECT amount_minor FROM vendor_wallet_calls
      WHERE provider = $1 AND round_id = $2 AND kind = 'debit' AND player_id = $3
        AND status = 'ok' AND transfer_id IS NOT NULL AND rolled_back_by IS NULL
      ORDER BY tx_id FOR UPDATE`,
    [provider, roundId, playerId],
  );
  const { rows } = await q.query<{ credited_minor: number }>(
    `SELECT coalesce(sum(amount_minor), 0)::bigint AS credited_minor FROM vendor_wallet_calls
      WHERE provider = $1 AND round_id = $2 AND kind = 'credit' AND player_id = $3 AND status = 'ok'`,
    [provider, roundId, playerId],
  );
  return { debits: debits.length, stakedMinor: debits.reduce((s, d) => s + d.amount_minor, 0), creditedMinor: rows[0]?.credited_minor ?? 0 };
}

/** Whether a round was already paid (a credit that moved money): its debits can no longer be rolled back. */
export async function roundWasCredited(q: Queryable, provider: string, roundId: string, playerId: number): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM vendor_wallet_calls
      WHERE provider = $1 AND round_id = $2 AND kind = 'credit' AND player_id = $3 AND status = 'ok' AND transfer_id IS NOT NULL LIMIT 1`,
    [provider, roundId, playerId],
  );
  return rows.length > 0;
}

/**
 * Free-round credits paid to a player by one provider since `since`, after taking a lock on
 * (provider, player) for the transaction, so two concurrent free rounds cannot both pass the cap.
 */
export async function lockFreeRoundTotal(q: Queryable, provider: string, playerId: number, since: Date): Promise<number> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`vendor-free-round:${provider}:${playerId}`]);
  const { rows } = await q.query<{ total_minor: number }>(
    `SELECT coalesce(sum(amount_minor), 0)::bigint AS total_minor FROM vendor_wallet_calls
      WHERE provider = $1 AND player_id = $2 AND kind = 'free_round' AND status = 'ok' AND created_at > $3`,
    [provider, playerId, since],
  );
  return rows[0]?.total_minor ?? 0;
}

/**
 * The part of the stakes on `playerAccount` that came back in the same round (decision 401): per
 * round, min(debits not rolled back, credits). Only the vendor knows a round's possible results,
 * so what it actually credited is the only payout we can net against; a round the player lost
 * counts in full, a debit and an equal credit count nothing.
 */
export async function selectHedgedStakeMinor(q: Queryable, playerId: number, playerAccount: string, since: Date | null = null): Promise<number> {
  const { rows } = await q.query<{ hedged_minor: string | number | null }>(
    `WITH rounds AS (
       -- coalesce: least() skips NULLs, so a round without credits would count as all hedged.
       SELECT coalesce(sum(amount_minor) FILTER (WHERE kind = 'debit' AND rolled_back_by IS NULL), 0) AS staked_minor,
              coalesce(sum(amount_minor) FILTER (WHERE kind = 'credit'), 0) AS credited_minor
         FROM vendor_wallet_calls
        WHERE player_account = $2 AND player_id = $1 AND transfer_id IS NOT NULL AND round_id IS NOT NULL
          AND status = 'ok' AND kind IN ('debit', 'credit') AND ($3::timestamptz IS NULL OR created_at >= $3::timestamptz)
        GROUP BY provider, round_id
     )
     SELECT sum(least(staked_minor, credited_minor))::bigint AS hedged_minor FROM rounds`,
    [playerId, playerAccount, since],
  );
  return Number(rows[0]?.hedged_minor ?? 0);
}

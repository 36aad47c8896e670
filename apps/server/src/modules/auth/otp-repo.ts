import type { Queryable } from '../../db/db';

/** What a one-time code is for; each purpose has its own cooldown and latest code. */
export type OtpPurpose = 'reset_password' | 'register';

export async function lastCodeRequestAt(q: Queryable, phone: string, purpose: OtpPurpose): Promise<Date | undefined> {
  const { rows } = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM otp_codes WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1`,
    [phone, purpose],
  );
  return rows[0]?.created_at;
}

export async function insertCode(
  q: Queryable,
  code: { phone: string; purpose: OtpPurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO otp_codes (phone, purpose, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [code.phone, code.purpose, code.codeHash, code.now, code.expiresAt],
  );
  return rows[0]!.id;
}

/** A code whose SMS could not be sent is removed, so the player may ask again at once. */
export async function deleteCode(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM otp_codes WHERE id = $1', [id]);
}

/** The latest unused code for a phone and purpose, locked until the transaction ends. */
export async function lockLatestCode(q: Queryable, phone: string, purpose: OtpPurpose) {
  const { rows } = await q.query<{ id: number; code_hash: string; expires_at: Date; attempts: number }>(
    `SELECT id, code_hash, expires_at, attempts FROM otp_codes
     WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose],
  );
  return rows[0];
}

export async function countWrongCode(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
}

export async function consumeCode(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE otp_codes SET consumed_at = $2 WHERE id = $1', [id, now]);
}

import type { Queryable } from '../../db/db';
import { prefixedId } from '../../lib/ids';
import { SESSION_ABSOLUTE_TTL_SECONDS } from './rules';
import { newRefreshToken } from './tokens';

/**
 * The SQL of auth's own tables (tables.ts); the rate counters live with the limiter in
 * rate-limiter.ts. One-time codes first (otp_codes).
 */

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

// Sessions and refresh tokens (sessions, refresh_tokens).

export type SessionRow = {
  id: string;
  player_id: number;
  expires_at: Date;
  revoked_at: Date | null;
};

/**
 * The browser of a sign-in (decision 430): the nonce of its device cookie for this account, and
 * the nonce of a device cookie it presented that was not this account's (another account's).
 */
export type SessionDevice = { nonce: string | null; presentedNonce: string | null };

/** Opens a session (refresh-token family) and issues its first refresh token. */
export async function openSession(q: Queryable, playerId: number, now: Date, device: SessionDevice = { nonce: null, presentedNonce: null }) {
  const id = prefixedId('ses');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000);
  await q.query('INSERT INTO sessions (id, player_id, created_at, expires_at, device_nonce, presented_device_nonce) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    playerId,
    now,
    expiresAt,
    device.nonce,
    device.presentedNonce,
  ]);
  const refresh = await issueRefreshToken(q, id, now);
  return { sessionId: id, expiresAt, refreshToken: refresh };
}

export async function issueRefreshToken(
  q: Queryable,
  sessionId: string,
  now: Date,
  { token, hash } = newRefreshToken(),
): Promise<string> {
  await q.query('INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    hash,
    sessionId,
    now,
  ]);
  return token;
}

/** The token and its session, locked so two refreshes of one token cannot both rotate it. */
export async function lockRefreshToken(q: Queryable, tokenHash: string) {
  const { rows } = await q.query<SessionRow & { used_at: Date | null; successor_hash: string | null }>(
    `SELECT s.id, s.player_id, s.expires_at, s.revoked_at, t.used_at, t.successor_hash
     FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
     WHERE t.token_hash = $1
     FOR UPDATE OF t, s`,
    [tokenHash],
  );
  return rows[0];
}

export async function markRefreshTokenUsed(q: Queryable, tokenHash: string, now: Date, successorHash: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET used_at = $2, successor_hash = $3 WHERE token_hash = $1', [
    tokenHash,
    now,
    successorHash,
  ]);
}

export async function revokeSession(q: Queryable, sessionId: string, reason: string, now: Date): Promise<void> {
  await q.query(
    'UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, now, reason],
  );
}

export async function revokeAllSessions(q: Queryable, playerId: number, reason: string, now: Date): Promise<number> {
  const res = await q.query(
    'UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE player_id = $1 AND revoked_at IS NULL',
    [playerId, now, reason],
  );
  return res.rowCount;
}

/** Revokes every open session of the player but `keepSessionId` (the one changing the password). */
export async function revokeOtherSessions(q: Queryable, playerId: number, keepSessionId: string, reason: string, now: Date): Promise<number> {
  const res = await q.query('UPDATE sessions SET revoked_at = $3, revoke_reason = $4 WHERE player_id = $1 AND id <> $2 AND revoked_at IS NULL', [playerId, keepSessionId, now, reason]);
  return res.rowCount;
}

/**
 * True while the session may be used by this player: it is theirs (a validly signed token that
 * names another player's session is refused), not revoked, and within its absolute lifetime.
 */
export async function isSessionActive(q: Queryable, sessionId: string, playerId: number, now: Date): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(
    'SELECT (revoked_at IS NULL AND expires_at > $3 AND player_id = $2) AS ok FROM sessions WHERE id = $1',
    [sessionId, playerId, now],
  );
  return rows[0]?.ok === true;
}

/**
 * Like isSessionActive for many sessions in one statement (the session cache's coalesced misses):
 * for each asked (session, player, time), by its index, the session's absolute expiry if it is
 * open then, or null. The same session may be asked at two times.
 */
export async function selectOpenSessionExpiries(
  q: Queryable,
  asked: ReadonlyArray<{ sessionId: string; playerId: number; now: Date }>,
): Promise<Array<Date | null>> {
  const { rows } = await q.query<{ n: number; expires_at: Date }>(
    `SELECT u.n, s.expires_at
       FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) WITH ORDINALITY AS u(id, player_id, at, n)
       JOIN sessions s ON s.id = u.id AND s.player_id = u.player_id
      WHERE s.revoked_at IS NULL AND s.expires_at > u.at`,
    [asked.map((a) => a.sessionId), asked.map((a) => a.playerId), asked.map((a) => a.now)],
  );
  const out: Array<Date | null> = asked.map(() => null);
  for (const r of rows) out[Number(r.n) - 1] = r.expires_at;
  return out;
}

/** Failed logins per phone (table login_failures), shared by every node like the rate counters. */

/** Makes sure the phone has a row and locks it, so one phone's login tries run one at a time. */
export async function lockLoginFailures(q: Queryable, phone: string, now: Date) {
  await q.query(
    `INSERT INTO login_failures (phone, failures, last_failure_at, next_try_at) VALUES ($1, 0, $2, $2)
     ON CONFLICT (phone) DO NOTHING`,
    [phone, now],
  );
  const { rows } = await q.query<{ failures: number; last_failure_at: Date; next_try_at: Date }>(
    'SELECT failures, last_failure_at, next_try_at FROM login_failures WHERE phone = $1 FOR UPDATE',
    [phone],
  );
  return rows[0]!;
}

export async function recordLoginFailure(q: Queryable, phone: string, failures: number, now: Date, nextTryAt: Date) {
  await q.query(
    'UPDATE login_failures SET failures = $2, last_failure_at = $3, next_try_at = $4 WHERE phone = $1',
    [phone, failures, now, nextTryAt],
  );
}

/** A successful login or password reset forgets the failures. */
export async function clearLoginFailures(q: Queryable, phone: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE phone = $1', [phone]);
}

/**
 * Rows that no longer change any answer: failures older than the memory window (a login already
 * treats them as forgotten) whose wait is over, and codes that expired over an hour ago (the
 * resend cool-down only reads the newest code). A login holding a row's lock makes the delete
 * re-check it after that login commits, so a fresh failure is never lost.
 */
export async function deleteStaleLoginState(q: Queryable, forgetBefore: Date, now: Date): Promise<{ loginFailures: number; codes: number }> {
  const failures = await q.query('DELETE FROM login_failures WHERE last_failure_at < $1 AND next_try_at < $2', [forgetBefore, now]);
  const codes = await q.query('DELETE FROM otp_codes WHERE expires_at < $1', [new Date(now.getTime() - 3600_000)]);
  return { loginFailures: failures.rowCount, codes: codes.rowCount };
}

/**
 * Other players who signed in from a browser this player signed in from (decision 430): one
 * side's session was issued a device cookie the other side's sign-in presented.
 */
export async function playersSharingDevice(q: Queryable, playerId: number): Promise<{ playerId: number; at: Date }[]> {
  const { rows } = await q.query<{ player_id: string | number; at: Date }>(
    `SELECT player_id, min(at) AS at FROM (
       SELECT o.player_id, greatest(o.created_at, m.created_at) AS at FROM sessions m
         JOIN sessions o ON o.device_nonce = m.presented_device_nonce AND o.player_id <> m.player_id
        WHERE m.player_id = $1
       UNION ALL
       SELECT o.player_id, greatest(o.created_at, m.created_at) FROM sessions m
         JOIN sessions o ON o.presented_device_nonce = m.device_nonce AND o.player_id <> m.player_id
        WHERE m.player_id = $1
     ) s GROUP BY player_id ORDER BY player_id`,
    [playerId],
  );
  return rows.map((r) => ({ playerId: Number(r.player_id), at: r.at }));
}

/** Players with a sign-in at or after `since` that recorded a browser (the link alerts' job, decision 432). */
export async function playersSignedInSince(q: Queryable, since: Date): Promise<number[]> {
  const { rows } = await q.query<{ player_id: string | number }>(
    'SELECT DISTINCT player_id FROM sessions WHERE created_at >= $1 AND (device_nonce IS NOT NULL OR presented_device_nonce IS NOT NULL)',
    [since],
  );
  return rows.map((r) => Number(r.player_id));
}

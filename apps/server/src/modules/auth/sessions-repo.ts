import type { Queryable } from '../../db/db';
import { prefixedId } from '../../lib/ids';
import { SESSION_ABSOLUTE_TTL_SECONDS } from './rules';
import { newRefreshToken } from './tokens';

export type SessionRow = {
  id: string;
  player_id: number;
  expires_at: Date;
  revoked_at: Date | null;
};

/** Opens a session (refresh-token family) and issues its first refresh token. */
export async function openSession(q: Queryable, playerId: number, now: Date) {
  const id = prefixedId('ses');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000);
  await q.query('INSERT INTO sessions (id, player_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    id,
    playerId,
    now,
    expiresAt,
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

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from './rules';

export type AccessClaims = { playerId: number; sessionId: string };

/**
 * The shape of the session ids we issue (`prefixedId('ses')`). A signed token is trusted, but a
 * token signed with a leaked secret or by a bug must still not put arbitrary text (a NUL, which
 * PostgreSQL refuses with an error) into the session query: anything else is not our token.
 */
const SESSION_ID = /^ses_[A-Za-z0-9_-]{1,64}$/;

/** Signs and verifies short-lived HS256 access tokens. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.playerId))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setAudience('colorplay-player')
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** The claims, or null for any invalid, expired or foreign token. */
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: 'colorplay-player',
          currentDate: now,
        });
        const playerId = Number(payload.sub);
        if (!Number.isSafeInteger(playerId) || typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null;
        return { playerId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A refresh token is 32 random bytes; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function hashOtp(phone: string, code: string, secret: string): string {
  return createHash('sha256').update(`${secret}:${phone}:${code}`).digest('hex');
}

/**
 * The token a refresh rotates `token` to. Derived (keyed by the server secret) rather than random
 * so a second refresh with the same token inside the grace window can hand out the same
 * successor without the server ever storing a usable token.
 */
export function successorRefreshToken(token: string, secret: string): { token: string; hash: string } {
  const next = createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
  return { token: next, hash: hashRefreshToken(next) };
}

/** A random handle for one code request (sandbox outbox reads, gateway idempotency key). */
export function newMessageReference(): string {
  return randomBytes(24).toString('base64url');
}

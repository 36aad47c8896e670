import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from './rules';

export type AccessClaims = { playerId: number; sessionId: string };

const AUDIENCE = 'colorplay-player';
// The only header we sign. A token whose header differs in any byte (another algorithm, `none`,
// a key id, `crit`) is refused before anything else is looked at.
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const HEADER_B64 = Buffer.from(JSON.stringify(HEADER)).toString('base64url');
// Far above any token we issue; bounds the work an attacker can make us do per request.
const MAX_TOKEN_CHARS = 1024;
const SUBJECT = /^[1-9][0-9]{0,15}$/;
// Session ids are `ses_` and base64url (lib/ids.ts); anything else, a NUL byte included, never
// reaches the database.
const SESSION_ID = /^ses_[A-Za-z0-9_-]{1,64}$/;
/** Verified tokens kept per process (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and verifies short-lived HS256 access tokens.
 *
 * Verification runs on every authenticated request, so it is done here with node:crypto on a
 * key imported once (jose imports the raw secret into WebCrypto on every call and verifies
 * asynchronously, which cost more than the rest of a balance read). It is deliberately strict:
 * exactly our header, a canonical signature, and the claims we always set (`exp`, `iat`, `aud`,
 * `sub`, `sid`) present and well-formed; a token without `exp` never verifies.
 */
export function createAccessTokens(secret: string) {
  const rawKey = new TextEncoder().encode(secret);
  const key = createSecretKey(Buffer.from(rawKey));
  /**
   * Tokens this process has verified, by their exact text (decision 366): a player's requests
   * repeat one token for its whole life, and the signature check and claim parsing were a tenth
   * of an authenticated read. Only a token whose every byte was verified under this process's key
   * is here; its time bounds are checked again on every use; the oldest goes first when full.
   * Whether its session is still open is the session cache's question, asked on every request.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number; nbf: number | undefined }>();
  return {
    async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader(HEADER)
        .setSubject(String(claims.playerId))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setAudience(AUDIENCE)
        .sign(rawKey);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** The claims, or null for any invalid, expired or foreign token. */
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        if (known.exp > nowSeconds && (known.nbf === undefined || known.nbf <= nowSeconds)) return known.claims;
        verified.delete(token);
        return null;
      }
      const checked = verifySync(token, now);
      if (!checked) return null;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      Object.freeze(checked.claims);
      verified.set(token, checked);
      return checked.claims;
    },
  };

  function verifySync(token: string, now: Date): { claims: AccessClaims; exp: number; nbf: number | undefined } | null {
    if (token.length > MAX_TOKEN_CHARS) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    if (header !== HEADER_B64) return null;
    const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    // Buffer decoding skips characters outside the alphabet; the round trip refuses such variants.
    if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
    if (!timingSafeEqual(given, expected)) return null;

    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const { exp, iat, nbf, aud, sub, sid } = payload as Record<string, unknown>;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return null;
    if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
    if (typeof sub !== 'string' || !SUBJECT.test(sub)) return null;
    if (typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
    const playerId = Number(sub);
    if (!Number.isSafeInteger(playerId)) return null;
    return { claims: { playerId, sessionId: sid }, exp, nbf: nbf as number | undefined };
  }
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

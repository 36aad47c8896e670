/**
 * What the client may read of its own access token: its expiry. The token is a JWT whose `exp`
 * the server signs (seconds since the epoch); the client never trusts it for anything but
 * timing, since the server checks every token anyway. Kept out of lib/session.ts, which is in
 * the entry chunk: only code loaded later needs it.
 */

/** Whether the token's `exp` has passed at `nowMs` (true for anything that does not parse). */
export function accessTokenExpired(token: string, nowMs: number): boolean {
  try {
    const body = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp !== 'number' || exp * 1000 <= nowMs;
  } catch {
    return true;
  }
}

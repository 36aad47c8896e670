import type { AuthResult, ChangePasswordInput, LoginInput, RegisterInput, ResetPasswordInput, SessionToken } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Bus, EventRecorder } from '../../events';
import { findPlayerById, findPlayerByPhone, insertPlayer, PhoneTakenError, toUserInfo, touchLastLogin, updatePasswordHash } from '../players';
import type { SmsSender } from '../sms';
import { codeError, createCodes } from './codes';
import { deviceNonceFor, issueDeviceCookie, nonceOf } from './device-cookies';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { RateLimiter } from './rate-limiter';
import {
  clearLoginFailures,
  deleteStaleLoginState,
  issueRefreshToken,
  lockLoginFailures,
  lockRefreshToken,
  markRefreshTokenUsed,
  openSession,
  recordLoginFailure,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionDevice,
} from './repo';
import { LOGIN_FAILURE_MEMORY_SECONDS, loginDelaySeconds, RATE_RULES, REFRESH_GRACE_SECONDS } from './rules';
import { createSessionCache } from './session-cache';
import { createSessionLookup } from './session-lookup';
import { hashRefreshToken, successorRefreshToken, type AccessClaims, type AccessTokens } from './tokens';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  limiter: RateLimiter;
  sms: SmsSender;
  /** Keys code hashes and refresh-token successors. */
  secret: string;
  /** Sandbox SMS channel: code requests return the handle that reads their message back. */
  exposeSandboxHandle: boolean;
  /** Registration and password resets are recorded as domain events; the inbox subscribes. */
  events: EventRecorder;
  /** How long this node trusts a session it checked (decision 202); 0 or absent: every request checks. */
  sessionCacheTtlMs?: number;
  /** Where SessionsRevoked events from every node arrive (they evict cached sessions). */
  bus?: Pick<Bus, 'subscribe'>;
};

/** What a successful login hands the route: the body plus the refresh cookie to set. */
export type IssuedSession = { result: AuthResult; refreshToken: string; sessionExpiresAt: Date };

const WRONG_CREDENTIALS = new AppError('INVALID_CREDENTIALS', 'Phone number or password is incorrect');

function commonPasswordError(field: string) {
  return new AppError('VALIDATION_FAILED', 'Choose a less common password', [
    { path: field, message: 'This password is too common. Choose one that is harder to guess.' },
  ]);
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, tokens, limiter, sms } = deps;
  const codes = createCodes({ db, clock, limiter, sms, secret: deps.secret, exposeSandboxHandle: deps.exposeSandboxHandle });
  const sessionCache = createSessionCache({ ttlMs: deps.sessionCacheTtlMs ?? 0 });
  const sessionLookup = createSessionLookup(db);
  const evict = (p: { playerId: number; sessionId: string | null }) => (p.sessionId ? sessionCache.evictSession(p.sessionId) : sessionCache.evictPlayer(p.playerId));
  deps.bus?.subscribe((event) => {
    if (event.name === 'SessionsRevoked') evict(event.payload);
  });

  /**
   * Every revocation goes through here: the event reaches every node's cache over the bus, and
   * this node evicts as soon as the transaction commits, before the request is answered.
   */
  async function sessionsRevoked(tx: Queryable, playerId: number, sessionId: string | null): Promise<void> {
    await deps.events.record(tx, 'SessionsRevoked', { playerId, sessionId });
    tx.afterCommit?.(() => evict({ playerId, sessionId }));
  }

  async function issue(playerId: number, device?: SessionDevice): Promise<IssuedSession> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const session = await openSession(tx, playerId, now, device);
      await touchLastLogin(tx, playerId, now);
      const player = await findPlayerById(tx, playerId);
      const access = await tokens.sign({ playerId, sessionId: session.sessionId }, now);
      return {
        result: { token: access.token, expiresAt: access.expiresAt.toISOString(), user: toUserInfo(player!) },
        refreshToken: session.refreshToken,
        sessionExpiresAt: session.expiresAt,
      };
    });
  }

  return {
    /** Housekeeping (a leader job): forgets login state that no longer changes any answer. */
    async pruneStale(): Promise<{ loginFailures: number; codes: number }> {
      const now = clock.now();
      return deleteStaleLoginState(db, new Date(now.getTime() - LOGIN_FAILURE_MEMORY_SECONDS * 1000), now);
    },

    /**
     * Creates the player, a welcome message and a first session, once the code sent to the phone
     * checks out. The code is spent only when the account is created.
     */
    async register(input: RegisterInput, address: string): Promise<IssuedSession & { deviceCookie: string }> {
      await limiter.hit(RATE_RULES.registerPerAddress, address);
      await limiter.hit(RATE_RULES.registerPerPhone, input.phone);
      if (isCommonPassword(input.password)) throw commonPasswordError('password');
      const now = clock.now();
      // Checked (and a wrong try counted) before the costly hash, so guessing is cheap to refuse.
      const early = await db.transaction((tx) => codes.checkCode(tx, input.phone, 'register', input.code, now, false));
      if (early !== 'ok') throw codeError(early);
      const passwordHash = await hashPassword(input.password);
      const player = await db
        .transaction(async (tx) => {
          const verdict = await codes.checkCode(tx, input.phone, 'register', input.code, now, true);
          if (verdict !== 'ok') throw codeError(verdict);
          const p = await insertPlayer(tx, { phone: input.phone, passwordHash, inviteCode: input.inviteCode, now, registrationIp: address });
          await deps.events.record(tx, 'PlayerRegistered', { playerId: p.id });
          return p;
        })
        .catch((err: unknown) => {
          if (err instanceof PhoneTakenError) {
            throw new AppError('PHONE_ALREADY_REGISTERED', 'This phone number is already registered', [
              { path: 'phone', message: 'This phone number is already registered. Log in instead.' },
            ]);
          }
          throw err;
        });
      // The browser that registered is the owner's: it starts out trusted (decision 242), for as
      // long as this password stands (decision 404).
      const cookie = issueDeviceCookie(deps.secret, `player:${input.phone}`, passwordHash);
      return { ...(await issue(player.id, { nonce: nonceOf(cookie), presentedNonce: null })), deviceCookie: cookie };
    },

    /**
     * Same answer, and about the same time, for an unknown phone and a wrong password. Failures
     * per phone slow further tries down (decision 042); successes do not count and clear them.
     */
    async login(input: LoginInput, address: string, deviceCookie?: string): Promise<IssuedSession & { deviceCookie: string }> {
      await limiter.check(RATE_RULES.loginFailuresPerAddress, address);
      // A browser that signed in as this number before (device cookie) is throttled by its own
      // failures only: strangers guessing the password cannot lock the owner out (decision 242).
      const subject = `player:${input.phone}`;
      // The cookie is signed over the password hash it was issued under (decision 404): after a
      // reset or a change it no longer names a trusted browser.
      const known = deviceCookie ? await findPlayerByPhone(db, input.phone) : undefined;
      const device = known ? deviceNonceFor(deps.secret, subject, deviceCookie, known.password_hash) : null;
      if (device) await limiter.check(RATE_RULES.loginFailuresPerDevice, device);
      const now = clock.now();
      // The verdict leaves the transaction so a failure is recorded even though we then throw.
      const verdict = await db.transaction(async (tx) => {
        if (device) {
          const player = await findPlayerByPhone(tx, input.phone);
          const ok = await verifyPassword(player?.password_hash ?? (await dummyPasswordHash()), input.password);
          return player && ok ? { kind: 'ok' as const, playerId: player.id, passwordHash: player.password_hash } : { kind: 'wrong' as const };
        }
        const state = await lockLoginFailures(tx, input.phone, now);
        const forgotten = now.getTime() - state.last_failure_at.getTime() > LOGIN_FAILURE_MEMORY_SECONDS * 1000;
        const failures = forgotten ? 0 : state.failures;
        if (!forgotten && state.next_try_at > now) {
          return { kind: 'wait' as const, seconds: Math.ceil((state.next_try_at.getTime() - now.getTime()) / 1000) };
        }
        const player = await findPlayerByPhone(tx, input.phone);
        const ok = await verifyPassword(player?.password_hash ?? (await dummyPasswordHash()), input.password);
        if (player && ok) {
          await clearLoginFailures(tx, input.phone);
          return { kind: 'ok' as const, playerId: player.id, passwordHash: player.password_hash };
        }
        const nextTryAt = new Date(now.getTime() + loginDelaySeconds(failures + 1) * 1000);
        await recordLoginFailure(tx, input.phone, failures + 1, now, nextTryAt);
        return { kind: 'wrong' as const };
      });
      if (verdict.kind === 'wait') {
        throw new AppError(
          'RATE_LIMITED',
          `Too many wrong passwords for this number. Try again in ${verdict.seconds} seconds, or reset your password.`,
          undefined,
          { 'retry-after': String(verdict.seconds) },
        );
      }
      if (verdict.kind === 'wrong') {
        if (device) await limiter.hit(RATE_RULES.loginFailuresPerDevice, device).catch(() => undefined);
        await limiter.hit(RATE_RULES.loginFailuresPerAddress, address);
        throw WRONG_CREDENTIALS;
      }
      // A device cookie that was valid stays; a new browser gets its own.
      const cookie = device ? deviceCookie! : issueDeviceCookie(deps.secret, subject, verdict.passwordHash);
      // A cookie that is not this account's is kept by its nonce: if this server issued it to
      // another account, the two accounts share a browser (linked accounts, decision 430).
      return { ...(await issue(verdict.playerId, { nonce: nonceOf(cookie), presentedNonce: device ? null : nonceOf(deviceCookie) })), deviceCookie: cookie };
    },

    /**
     * Rotates the refresh token. A token presented again after the grace window means it leaked:
     * the whole family (session) is revoked and every holder must log in again.
     */
    async refresh(refreshToken: string | undefined): Promise<{ token: SessionToken; refreshToken: string; sessionExpiresAt: Date }> {
      if (!refreshToken) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in.');
      const now = clock.now();
      const hash = hashRefreshToken(refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const row = await lockRefreshToken(tx, hash);
        if (!row) return { kind: 'unknown' as const };
        if (row.revoked_at || row.expires_at <= now) return { kind: 'ended' as const };
        const successor = successorRefreshToken(refreshToken, deps.secret);
        if (row.used_at) {
          // Two tabs or a retried request racing with one cookie: within the grace window the
          // same successor is handed out again instead of treating the repeat as theft.
          const inGrace = now.getTime() - row.used_at.getTime() <= REFRESH_GRACE_SECONDS * 1000;
          if (!inGrace || row.successor_hash !== successor.hash) {
            await revokeSession(tx, row.id, 'refresh_token_reuse', now);
            await sessionsRevoked(tx, row.player_id, row.id);
            return { kind: 'reused' as const };
          }
        } else {
          await markRefreshTokenUsed(tx, hash, now, successor.hash);
          await issueRefreshToken(tx, row.id, now, successor);
        }
        const access = await tokens.sign({ playerId: row.player_id, sessionId: row.id }, now);
        return { kind: 'ok' as const, next: successor.token, access, sessionExpiresAt: row.expires_at };
      });
      if (outcome.kind !== 'ok') throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in.');
      return {
        token: { token: outcome.access.token, expiresAt: outcome.access.expiresAt.toISOString() },
        refreshToken: outcome.next,
        sessionExpiresAt: outcome.sessionExpiresAt,
      };
    },

    /** Ends the session named by the access token or, failing that, by the refresh cookie. */
    async logout(claims: AccessClaims | null, refreshToken: string | undefined): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (claims) {
          await revokeSession(tx, claims.sessionId, 'logout', now);
          await sessionsRevoked(tx, claims.playerId, claims.sessionId);
        }
        if (refreshToken) {
          const row = await lockRefreshToken(tx, hashRefreshToken(refreshToken));
          if (row) {
            await revokeSession(tx, row.id, 'logout', now);
            await sessionsRevoked(tx, row.player_id, row.id);
          }
        }
      });
    },

    /**
     * Verifies a bearer token and that its session is still open and belongs to its subject. The
     * session check is answered from this node's session cache when it can (decision 202).
     */
    async authenticate(bearer: string | undefined): Promise<AccessClaims> {
      const token = bearer?.startsWith('Bearer ') ? bearer.slice(7).trim() : undefined;
      const now = clock.now();
      const claims = token ? await tokens.verify(token, now) : null;
      if (!claims) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      if (sessionCache.get(claims.sessionId, claims.playerId, now.getTime())) return claims;
      const generation = sessionCache.generation();
      const expiresAt = await sessionLookup.openSessionExpiry(claims.sessionId, claims.playerId, now);
      if (!expiresAt) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      sessionCache.set(claims.sessionId, claims.playerId, expiresAt.getTime(), generation);
      return claims;
    },

    requestResetCode: codes.requestResetCode,
    requestRegisterCode: codes.requestRegisterCode,

    /**
     * The signed-in player's new password (decision 404), given the current one. Wrong current
     * passwords are counted like sign-in failures (per player and per address); on success every
     * other session ends and every device cookie issued under the old password stops counting
     * (their signature covers the password hash). The calling browser gets a fresh device cookie.
     */
    async changePassword(claims: AccessClaims, input: ChangePasswordInput, address: string): Promise<{ deviceCookie: string }> {
      const playerKey = String(claims.playerId);
      await limiter.check(RATE_RULES.loginFailuresPerAddress, address);
      await limiter.check(RATE_RULES.passwordChangeFailuresPerPlayer, playerKey);
      const player = await findPlayerById(db, claims.playerId);
      if (!player || !(await verifyPassword(player.password_hash, input.currentPassword))) {
        await limiter.hit(RATE_RULES.passwordChangeFailuresPerPlayer, playerKey).catch(() => undefined);
        await limiter.hit(RATE_RULES.loginFailuresPerAddress, address);
        throw new AppError('CURRENT_PASSWORD_WRONG', 'Your current password is not correct', [{ path: 'currentPassword', message: 'This is not your current password' }]);
      }
      if (isCommonPassword(input.newPassword)) throw commonPasswordError('newPassword');
      const now = clock.now();
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, player.id, passwordHash);
        await revokeOtherSessions(tx, player.id, claims.sessionId, 'password_change', now);
        // Evicts the player's cached sessions on every node; the current one is found open again.
        await sessionsRevoked(tx, player.id, null);
        await clearLoginFailures(tx, player.phone);
        await deps.events.record(tx, 'PasswordChanged', { playerId: player.id });
      });
      return { deviceCookie: issueDeviceCookie(deps.secret, `player:${player.phone}`, passwordHash) };
    },

    /** Checks the latest code (5 tries, 5 minutes), sets the password and ends every session. */
    async resetPassword(input: ResetPasswordInput, address: string): Promise<void> {
      await limiter.hit(RATE_RULES.resetPerAddress, address);
      if (isCommonPassword(input.newPassword)) throw commonPasswordError('newPassword');
      const now = clock.now();
      const passwordHash = await hashPassword(input.newPassword);
      // The attempt counter must persist even when the code is wrong, so the verdict is
      // returned from the transaction and thrown only after it commits.
      const verdict = await db.transaction(async (tx) => {
        const player = await findPlayerByPhone(tx, input.phone);
        if (!player) return 'invalid' as const;
        const checked = await codes.checkCode(tx, input.phone, 'reset_password', input.code, now, true);
        if (checked !== 'ok') return checked;
        await updatePasswordHash(tx, player.id, passwordHash);
        await revokeAllSessions(tx, player.id, 'password_reset', now);
        await sessionsRevoked(tx, player.id, null);
        await clearLoginFailures(tx, input.phone);
        await deps.events.record(tx, 'PasswordReset', { playerId: player.id });
        return 'ok' as const;
      });
      if (verdict !== 'ok') throw codeError(verdict);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

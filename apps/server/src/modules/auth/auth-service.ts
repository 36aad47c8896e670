import type {
  AuthResult,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SessionToken,
} from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { secureRandomInt } from '../../lib/ids';
import { addNotification } from '../notifications/notifications-service';
import {
  findPlayerById,
  findPlayerByPhone,
  insertPlayer,
  PhoneTakenError,
  toUserInfo,
  touchLastLogin,
  updatePasswordHash,
} from '../players/players-repo';
import type { SmsSender } from '../sms/sms-sender';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { RateLimiter } from './rate-limiter';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  RATE_RULES,
} from './rules';
import {
  isSessionActive,
  issueRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  openSession,
  revokeAllSessions,
  revokeSession,
} from './sessions-repo';
import { hashOtp, hashRefreshToken, type AccessClaims, type AccessTokens } from './tokens';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  limiter: RateLimiter;
  sms: SmsSender;
  otpSecret: string;
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

  async function issue(playerId: number): Promise<IssuedSession> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const session = await openSession(tx, playerId, now);
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
    /** Creates the player, a welcome message and a first session. */
    async register(input: RegisterInput, address: string): Promise<IssuedSession> {
      await limiter.hit(RATE_RULES.registerPerAddress, address);
      await limiter.hit(RATE_RULES.registerPerPhone, input.phone);
      if (isCommonPassword(input.password)) throw commonPasswordError('password');
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const player = await db
        .transaction(async (tx) => {
          const p = await insertPlayer(tx, { phone: input.phone, passwordHash, inviteCode: input.inviteCode, now });
          await addNotification(
            tx,
            p.id,
            {
              title: 'Welcome to Colorplay',
              body: 'Your account is ready. Play for fun, set limits that suit you, and never bet more than you can afford to lose.',
            },
            now,
          );
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
      return issue(player.id);
    },

    /** Same answer, and about the same time, for an unknown phone and a wrong password. */
    async login(input: LoginInput, address: string): Promise<IssuedSession> {
      await limiter.hit(RATE_RULES.loginPerAddress, address);
      await limiter.hit(RATE_RULES.loginPerPhone, input.phone);
      const player = await findPlayerByPhone(db, input.phone);
      const ok = await verifyPassword(player?.password_hash ?? (await dummyPasswordHash()), input.password);
      if (!player || !ok) throw WRONG_CREDENTIALS;
      return issue(player.id);
    },

    /**
     * Rotates the refresh token. A token presented a second time means it leaked: the whole
     * family (session) is revoked and every holder must log in again.
     */
    async refresh(refreshToken: string | undefined): Promise<{ token: SessionToken; refreshToken: string; sessionExpiresAt: Date }> {
      if (!refreshToken) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in.');
      const now = clock.now();
      const hash = hashRefreshToken(refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const row = await lockRefreshToken(tx, hash);
        if (!row) return { kind: 'unknown' as const };
        if (row.used_at) {
          await revokeSession(tx, row.id, 'refresh_token_reuse', now);
          return { kind: 'reused' as const };
        }
        if (row.revoked_at || row.expires_at <= now) return { kind: 'ended' as const };
        await markRefreshTokenUsed(tx, hash, now);
        const next = await issueRefreshToken(tx, row.id, now);
        const access = await tokens.sign({ playerId: row.player_id, sessionId: row.id }, now);
        return { kind: 'ok' as const, next, access, sessionExpiresAt: row.expires_at };
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
        if (claims) await revokeSession(tx, claims.sessionId, 'logout', now);
        if (refreshToken) {
          const row = await lockRefreshToken(tx, hashRefreshToken(refreshToken));
          if (row) await revokeSession(tx, row.id, 'logout', now);
        }
      });
    },

    /** Verifies a bearer token and that its session is still open and belongs to its subject. */
    async authenticate(bearer: string | undefined): Promise<AccessClaims> {
      const token = bearer?.startsWith('Bearer ') ? bearer.slice(7).trim() : undefined;
      const now = clock.now();
      const claims = token ? await tokens.verify(token, now) : null;
      if (!claims || !(await isSessionActive(db, claims.sessionId, claims.playerId, now))) {
        throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      }
      return claims;
    },

    /**
     * Sends a 6-digit reset code. Unknown numbers get the same answer (a code row is stored but
     * nothing is sent), so the endpoint does not reveal who has an account.
     */
    async requestResetCode(phone: string, address: string) {
      const now = clock.now();
      const last = await db.query<{ created_at: Date }>(
        `SELECT created_at FROM otp_codes WHERE phone = $1 AND purpose = 'reset_password'
         ORDER BY created_at DESC LIMIT 1`,
        [phone],
      );
      const lastAt = last.rows[0]?.created_at.getTime();
      if (lastAt !== undefined && now.getTime() - lastAt < OTP_RESEND_COOLDOWN_SECONDS * 1000) {
        const wait = Math.ceil((lastAt + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
        throw new AppError('RATE_LIMITED', `Wait ${wait} seconds before asking for a new code.`, undefined, {
          'retry-after': String(wait),
        });
      }
      await limiter.hit(RATE_RULES.codePerAddress, address);
      await limiter.hit(RATE_RULES.codePerPhone, phone);
      const code = String(secureRandomInt(0, 999_999)).padStart(6, '0');
      const player = await findPlayerByPhone(db, phone);
      await db.query(
        `INSERT INTO otp_codes (phone, purpose, code_hash, created_at, expires_at)
         VALUES ($1, 'reset_password', $2, $3, $4)`,
        [phone, hashOtp(phone, code, deps.otpSecret), now, new Date(now.getTime() + OTP_TTL_SECONDS * 1000)],
      );
      if (player) {
        await sms.send(phone, `Your Colorplay password reset code is ${code}. It expires in 5 minutes. Never share it.`);
      }
      return { resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
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
        const { rows } = await tx.query<{ id: number; code_hash: string; expires_at: Date; attempts: number }>(
          `SELECT id, code_hash, expires_at, attempts FROM otp_codes
           WHERE phone = $1 AND purpose = 'reset_password' AND consumed_at IS NULL
           ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
          [input.phone],
        );
        const otp = rows[0];
        if (!otp) return 'invalid' as const;
        if (otp.expires_at <= now) return 'expired' as const;
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted' as const;
        const player = await findPlayerByPhone(tx, input.phone);
        if (otp.code_hash !== hashOtp(input.phone, input.code, deps.otpSecret) || !player) {
          await tx.query('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1', [otp.id]);
          return otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? ('exhausted' as const) : ('invalid' as const);
        }
        await tx.query('UPDATE otp_codes SET consumed_at = $2 WHERE id = $1', [otp.id, now]);
        await updatePasswordHash(tx, player.id, passwordHash);
        await revokeAllSessions(tx, player.id, 'password_reset', now);
        await addNotification(
          tx,
          player.id,
          {
            title: 'Password changed',
            body: 'Your password was reset and every device was logged out. If this was not you, contact support at once.',
          },
          now,
        );
        return 'ok' as const;
      });
      if (verdict === 'ok') return;
      if (verdict === 'expired') {
        throw new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.', [
          { path: 'code', message: 'This code has expired. Ask for a new one.' },
        ]);
      }
      if (verdict === 'exhausted') {
        throw new AppError('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong codes. Ask for a new one.', [
          { path: 'code', message: 'Too many wrong codes. Ask for a new one.' },
        ]);
      }
      throw new AppError('OTP_INVALID', 'That code is not right.', [
        { path: 'code', message: 'That code is not right. Check the SMS and try again.' },
      ]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

import type { ChangeOperatorPasswordInput, OperatorLoginInput, OperatorSession } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { deviceNonceFor, dummyPasswordHash, hashPassword, issueDeviceCookie, verifyPassword, type RateLimiter } from '../auth';
import type { AuditLog, RequestOrigin } from './audit';
import { rowAwaitsCountersign, toOperator, type OperatorPrincipal } from './operators';
import { COUNTERSIGNED_ACTIONS, isAllowed, permissionsOf, type AdminAction } from './permissions';
import { acceptLogin, endSession, findOperatorById, findOperatorByUsername, findSession, insertSession, recordFailedLogin, setPassword, touchSession } from './repo';
import {
  ADMIN_LOGIN_FAILURES_PER_ADDRESS,
  ADMIN_LOGIN_FAILURES_PER_DEVICE,
  ADMIN_LOGIN_FAILURES_PER_NAME,
  ADMIN_SESSION_ABSOLUTE_SECONDS,
  isSessionOpen,
} from './rules';
import { hashSessionId, matchTotpStep, newSessionId, openSecret } from './totp';

const WRONG_LOGIN = new AppError('INVALID_CREDENTIALS', 'Wrong username, password or code');
const SIGNED_OUT = () => new AppError('UNAUTHORIZED', 'Sign in to the console');
/** A session cookie longer than this is not one we issued: refused before hashing it. */
const SESSION_ID_MAX_LENGTH = 100;

type SignInDeps = { db: Db; clock: Clock; secret: string; limiter: RateLimiter; audit: AuditLog };

/** An operator's sign-in: login with password and TOTP, the session cookie, the permission check, sign-out. */
export function createSignIn({ db, clock, secret, limiter, audit }: SignInDeps) {
  async function me(operator: OperatorPrincipal): Promise<OperatorSession> {
    const row = (await findOperatorById(db, operator.id))!;
    return { operator: toOperator(row), permissions: permissionsOf(row.role, rowAwaitsCountersign(row)), expiresAt: operator.expiresAt.toISOString(), mustChangePassword: row.must_change_password };
  }

  return {
    /**
     * Username, password and TOTP code in one step; one answer for every wrong part. Failures
     * count per operator (locked after ADMIN_MAX_FAILED_LOGINS) and per address, and each is audited.
     */
    async login(input: OperatorLoginInput, origin: RequestOrigin, deviceCookie?: string): Promise<{ sessionId: string; session: OperatorSession; deviceCookie: string }> {
      const address = origin.ip ?? 'unknown';
      await limiter.check(ADMIN_LOGIN_FAILURES_PER_ADDRESS, address);
      // Device cookies (decision 242): a browser that signed in as this name before is throttled
      // by its own failures; every other browser shares the name's allowance, whether the name
      // exists or not, so failures neither lock the owner out nor reveal which names exist.
      const subject = `operator:${input.username}`;
      const device = deviceNonceFor(secret, subject, deviceCookie);
      const throttle = device ? { rule: ADMIN_LOGIN_FAILURES_PER_DEVICE, key: device } : { rule: ADMIN_LOGIN_FAILURES_PER_NAME, key: input.username };
      try {
        await limiter.check(throttle.rule, throttle.key);
      } catch (err) {
        // Counted against the address too, so throttled tries cannot fill the audit log unbounded.
        await limiter.hit(ADMIN_LOGIN_FAILURES_PER_ADDRESS, address).catch(() => undefined);
        await audit.write(db, { id: null, username: input.username }, 'login_failed', null, origin, { after: { reason: 'throttled', trustedDevice: device !== null } });
        throw err;
      }
      const now = clock.now();
      const verdict = await db.transaction(async (tx) => {
        const op = await findOperatorByUsername(tx, input.username, true);
        // Hash even for an unknown name so the answer takes about as long.
        const passwordOk = await verifyPassword(op?.password_hash ?? (await dummyPasswordHash()), input.password);
        const who = { id: op?.id ?? null, username: input.username };
        if (!op) {
          await audit.write(tx, who, 'login_failed', null, origin, { after: { reason: 'unknown_username', trustedDevice: device !== null } });
          return { kind: 'wrong' as const };
        }
        const step = passwordOk ? matchTotpStep(openSecret(op.totp_secret_sealed, secret), input.code, now.getTime()) : null;
        const reason = op.disabled_at ? 'disabled' : !op.enrolled_at ? 'not_enrolled' : !passwordOk ? 'password' : step === null ? 'code' : step <= op.totp_last_step ? 'code_replayed' : null;
        if (reason === null && (await acceptLogin(tx, op.id, step!))) {
          const sessionId = newSessionId();
          const expiresAt = new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_SECONDS * 1000);
          await insertSession(tx, { idHash: hashSessionId(sessionId), operatorId: op.id, now, expiresAt });
          await audit.write(tx, who, 'login', `operator:${op.id}`, origin);
          return { kind: 'ok' as const, sessionId, op, expiresAt };
        }
        // Counted for the record only: the throttles above decide who waits (no account lock).
        const failures = op.failed_logins + 1;
        await recordFailedLogin(tx, op.id, failures, null);
        await audit.write(tx, who, 'login_failed', `operator:${op.id}`, origin, { after: { reason: reason ?? 'code_replayed', failures, trustedDevice: device !== null } });
        return { kind: 'wrong' as const };
      });
      if (verdict.kind === 'wrong') {
        // The name's (or device's) allowance first: its RATE_LIMITED would hide WRONG_LOGIN.
        await limiter.hit(throttle.rule, throttle.key).catch(() => undefined);
        await limiter.hit(ADMIN_LOGIN_FAILURES_PER_ADDRESS, address);
        throw WRONG_LOGIN;
      }
      return {
        deviceCookie: device ? deviceCookie! : issueDeviceCookie(secret, subject),
        sessionId: verdict.sessionId,
        session: {
          operator: toOperator(verdict.op),
          permissions: permissionsOf(verdict.op.role, rowAwaitsCountersign(verdict.op)),
          expiresAt: verdict.expiresAt.toISOString(),
          mustChangePassword: verdict.op.must_change_password,
        },
      };
    },

    /** The operator behind a session cookie, or UNAUTHORIZED. Each use pushes idle expiry back. */
    async authenticate(sessionId: string | undefined): Promise<OperatorPrincipal> {
      if (!sessionId || sessionId.length > SESSION_ID_MAX_LENGTH) throw SIGNED_OUT();
      const idHash = hashSessionId(sessionId);
      const now = clock.now();
      const session = await findSession(db, idHash);
      if (!session || !isSessionOpen(session, now)) throw SIGNED_OUT();
      const op = await findOperatorById(db, session.operator_id);
      if (!op || op.disabled_at) throw SIGNED_OUT();
      await touchSession(db, idHash, now);
      return {
        id: op.id,
        username: op.username,
        role: op.role,
        sessionHash: idHash,
        expiresAt: session.expires_at,
        mustChangePassword: op.must_change_password,
        awaitingCountersign: rowAwaitsCountersign(op),
      };
    },

    /** FORBIDDEN unless the operator's role may take the action (permissions.ts). */
    authorize(operator: OperatorPrincipal, action: AdminAction): void {
      if (operator.mustChangePassword) throw new AppError('FORBIDDEN', 'Choose a new password first: the one you signed in with was for one use');
      if (!isAllowed(operator.role, action)) throw new AppError('FORBIDDEN', `Your role (${operator.role}) may not do this`);
      if (operator.awaitingCountersign && COUNTERSIGNED_ACTIONS.includes(action)) {
        throw new AppError('OPERATOR_NOT_COUNTERSIGNED', 'An admin other than the one who created your account must countersign it before you can do this');
      }
    },

    me,

    /** Replaces the password (the one-time one, or any later); the current one must be right. */
    async changePassword(operator: OperatorPrincipal, input: ChangeOperatorPasswordInput, origin: RequestOrigin): Promise<OperatorSession> {
      if (input.newPassword === input.currentPassword) throw new AppError('VALIDATION_FAILED', 'Choose a password different from the current one', [{ path: 'newPassword', message: 'Same as the current password' }]);
      const row = (await findOperatorById(db, operator.id))!;
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, operator.id, passwordHash);
        await audit.write(tx, operator, 'password.change', `operator:${operator.id}`, origin, { before: { mustChangePassword: row.must_change_password }, after: { mustChangePassword: false } });
      });
      return me({ ...operator, mustChangePassword: false });
    },

    async logout(operator: OperatorPrincipal, origin: RequestOrigin): Promise<void> {
      await db.transaction(async (tx) => {
        await endSession(tx, operator.sessionHash, clock.now());
        await audit.write(tx, operator, 'logout', `operator:${operator.id}`, origin);
      });
    },
  };
}

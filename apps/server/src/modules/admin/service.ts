import type {
  AdminLedgerPage,
  AdminLedgerQuery,
  AdminPlayer,
  AuditAction,
  AuditEntry,
  AuditPage,
  AuditQuery,
  CreatedOperator,
  DepositReviewItem,
  EnrolmentCompleteInput,
  EnrolmentOffer,
  OperatorAlert,
  OperatorInvitation,
  Operator,
  ChangeOperatorPasswordInput,
  OperatorLoginInput,
  OperatorRole,
  OperatorSession,
  UsdtReviewDecision,
  UsdtReviewItem,
} from '@colorplay/contract';
import { ADMIN_ENROL_PAGE, type AlertKind } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { deviceNonceFor, dummyPasswordHash, hashPassword, issueDeviceCookie, verifyPassword, type RateLimiter } from '../auth';
import type { DepositsService } from '../deposits';
import type { KycService } from '../kyc';
import type { WithdrawalsService } from '../withdrawals';
import type { UsdtDepositsService } from '../usdt-deposits';
import { listAccountsOfOwner, listEntries } from '../ledger';
import { findPlayerById, findPlayerByPhone, findPlayerByUid, type PlayerRow } from '../players';
import { toCsv } from './csv';
import { isAllowed, permissionsOf, type AdminAction } from './permissions';
import {
  acceptLogin,
  completeEnrolment,
  disableOperator,
  findOperatorByEnrolment,
  insertAlert,
  offerEnrolmentSecret,
  selectAlerts,
  endSession,
  findOperatorById,
  findOperatorByUsername,
  findSession,
  insertAudit,
  insertOperator,
  insertSession,
  listOperators,
  recordFailedLogin,
  selectAudit,
  setPassword,
  touchSession,
  type AuditRow,
  type OperatorRow,
} from './repo';
import {
  ADMIN_ENROLMENT_FAILURES_PER_ADDRESS,
  ADMIN_ENROLMENT_SECONDS,
  ADMIN_LOGIN_FAILURES_PER_ADDRESS,
  ADMIN_LOGIN_FAILURES_PER_DEVICE,
  ADMIN_LOGIN_FAILURES_PER_NAME,
  ADMIN_SESSION_ABSOLUTE_SECONDS,
  isSessionOpen,
} from './rules';
import { hashSessionId, matchTotpStep, newOperatorPassword, newSessionId, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';

export type AdminDeps = {
  db: Db;
  clock: Clock;
  /** Seals TOTP secrets (the server's token secret). */
  secret: string;
  limiter: RateLimiter;
  deposits: DepositsService;
  /**
   * The withdrawals and KYC services, looked up when needed: app.ts builds them beside this one
   * and the console only calls their index functions.
   */
  withdrawals: () => WithdrawalsService;
  kyc: () => KycService;
  /** The USDT channel when it is on; off, its review queue is empty and decisions find nothing. */
  usdt: UsdtDepositsService | undefined;
};

/** Where a request came from, for the audit log. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };
/** A signed-in operator as the routes see it. */
export type OperatorPrincipal = { id: number; username: string; role: OperatorRole; sessionHash: string; expiresAt: Date; mustChangePassword: boolean };

const WRONG_LOGIN = new AppError('INVALID_CREDENTIALS', 'Wrong username, password or code');
const BAD_ENROLMENT = () => new AppError('ENROLMENT_LINK_INVALID', 'This enrolment link is unknown, expired or already used. Ask an admin for a new one.');

/** The database's refusal of a second approver who is not independent (migration trigger, SQLSTATE CP001). */
function notIndependentReason(err: unknown): string | null {
  const e = err as { code?: string; hint?: string } | null;
  return e?.code === 'CP001' ? (e.hint ?? 'not_independent') : null;
}
const SIGNED_OUT = () => new AppError('UNAUTHORIZED', 'Sign in to the console');

export function toOperator(o: OperatorRow): Operator {
  return { id: o.id, username: o.username, role: o.role, disabled: o.disabled_at !== null, createdAt: o.created_at.toISOString() };
}

function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    operatorId: r.operator_id,
    username: r.username,
    action: r.action,
    target: r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    userAgent: r.user_agent,
  };
}

export const AUDIT_CSV_HEADER = ['id', 'at', 'operator_id', 'username', 'action', 'target', 'before', 'after', 'ip', 'user_agent'];

export function createAdminService(deps: AdminDeps) {
  const { db, clock, secret, limiter, deposits } = deps;

  const audit = (q: Queryable, who: { id: number | null; username: string | null }, action: AuditAction, target: string | null, origin: RequestOrigin, change: { before?: unknown; after?: unknown } = {}) =>
    insertAudit(q, { at: clock.now(), operatorId: who.id, username: who.username, action, target, ...change, ip: origin.ip, userAgent: origin.userAgent });

  /** Raises an alert for the console's list, and audits it (decision 195). */
  async function raiseAlert(q: Queryable, kind: AlertKind, who: { id: number | null; username: string | null }, target: string | null, origin: RequestOrigin, details: Record<string, unknown>) {
    const id = await insertAlert(q, { at: clock.now(), kind, operatorId: who.id, target, details });
    await audit(q, who, 'alert.raise', target, origin, { after: { alertId: id, kind, ...details } });
  }

  async function create(input: { username: string; role: OperatorRole; createdBy: number | null; password?: string; totpSecret?: string; enrolment?: { tokenHash: string; expiresAt: Date } }) {
    const password = input.password ?? newOperatorPassword();
    const totpSecret = input.totpSecret ?? newTotpSecret();
    const row = await insertOperator(db, {
      username: input.username,
      passwordHash: await hashPassword(password),
      role: input.role,
      totpSecretSealed: sealSecret(totpSecret, secret),
      // A generated password is one-time; a chosen one (the demo operator's) is not.
      mustChangePassword: input.password === undefined,
      createdBy: input.createdBy,
      now: clock.now(),
      ...(input.enrolment ? { enrolment: input.enrolment } : {}),
    });
    if (!row) throw new AppError('CONFLICT', `An operator named ${input.username} already exists`);
    return { row, password, totpSecret };
  }

  /**
   * A refused enrolment link: counted per address; a link that exists but was used, has expired
   * or belongs to a disabled operator raises an alert (someone holds a copy of it: the creator,
   * or whoever read it on its way).
   */
  async function refuseEnrolment(op: OperatorRow | undefined, origin: RequestOrigin, step: 'start' | 'complete') {
    await limiter.hit(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, origin.ip ?? 'unknown');
    if (!op) return;
    const state = op.disabled_at ? 'disabled' : op.enrolled_at ? 'used' : 'expired';
    await raiseAlert(db, 'enrolment_link_reused', { id: op.id, username: op.username }, `operator:${op.id}`, origin, { state, step, createdBy: op.created_by });
  }

  async function playerView(q: Queryable, p: PlayerRow): Promise<AdminPlayer> {
    const accounts = await listAccountsOfOwner(q, p.id);
    return {
      id: p.id,
      uid: p.uid,
      phone: p.phone,
      nickname: p.nickname,
      createdAt: p.created_at.toISOString(),
      lastLoginAt: p.last_login_at?.toISOString() ?? null,
      balances: accounts.map((a) => ({ accountCode: a.code, balanceMinor: a.balanceMinor, currency: a.currency })),
    };
  }

  async function playerOrThrow(playerId: number): Promise<PlayerRow> {
    const p = await findPlayerById(db, playerId);
    if (!p) throw new AppError('NOT_FOUND', 'No such player');
    return p;
  }

  return {
    /**
     * Creates an operator with a one-time password and a fresh TOTP secret, both returned only
     * here. The CLI and the demo seed call it without an operator (createdBy null).
     */
    async createOperator(input: { username: string; role: OperatorRole; password?: string; totpSecret?: string }, by?: { operator: OperatorPrincipal; origin: RequestOrigin }): Promise<CreatedOperator> {
      const { row, password, totpSecret } = await create({ ...input, createdBy: by?.operator.id ?? null });
      if (by) await audit(db, by.operator, 'operator.create', `operator:${row.id}`, by.origin, { after: toOperator(row) });
      return { operator: toOperator(row), password, totpSecret, otpauthUri: otpauthUri(totpSecret, row.username) };
    },

    /**
     * Creates an operator who must enrol themselves (console and CLI, decision 195): the creator gets
     * a one-time link (only its hash is stored; it expires), never a password or TOTP secret.
     * Until the link is completed the operator cannot sign in (their stored password and secret
     * are random values nobody was shown).
     */
    async inviteOperator(input: { username: string; role: OperatorRole }, by?: { operator: OperatorPrincipal; origin: RequestOrigin }): Promise<OperatorInvitation> {
      const token = newSessionId();
      const expiresAt = new Date(clock.now().getTime() + ADMIN_ENROLMENT_SECONDS * 1000);
      const { row } = await create({ ...input, createdBy: by?.operator.id ?? null, enrolment: { tokenHash: hashSessionId(token), expiresAt } });
      if (by) await audit(db, by.operator, 'operator.create', `operator:${row.id}`, by.origin, { after: { ...toOperator(row), enrolmentExpiresAt: expiresAt.toISOString() } });
      return { operator: toOperator(row), enrolmentToken: token, enrolmentPath: `${ADMIN_ENROL_PAGE}#${token}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The new operator opens their link: a fresh TOTP secret is offered to them (and kept sealed
     * until they confirm a code from it). Opening it again offers another; only the last counts.
     */
    async startEnrolment(token: string, origin: RequestOrigin): Promise<EnrolmentOffer> {
      const address = origin.ip ?? 'unknown';
      await limiter.check(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, address);
      const now = clock.now();
      const op = await findOperatorByEnrolment(db, hashSessionId(token));
      if (!op || op.enrolled_at || op.disabled_at || !op.enrolment_expires_at || op.enrolment_expires_at <= now) {
        await refuseEnrolment(op, origin, 'start');
        throw BAD_ENROLMENT();
      }
      const totpSecret = newTotpSecret();
      await offerEnrolmentSecret(db, op.id, sealSecret(totpSecret, secret));
      return { username: op.username, role: op.role, totpSecret, otpauthUri: otpauthUri(totpSecret, op.username), expiresAt: op.enrolment_expires_at.toISOString() };
    },

    /** Confirms a code from the offered secret and sets the chosen password: once, before expiry. */
    async completeEnrolment(input: EnrolmentCompleteInput, origin: RequestOrigin): Promise<Operator> {
      const address = origin.ip ?? 'unknown';
      await limiter.check(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, address);
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction(async (tx) => {
        const op = await findOperatorByEnrolment(tx, hashSessionId(input.token), true);
        if (!op || op.enrolled_at || op.disabled_at || !op.enrolment_expires_at || op.enrolment_expires_at <= now || !op.enrolment_totp_sealed) {
          return { ok: false as const, op };
        }
        const step = matchTotpStep(openSecret(op.enrolment_totp_sealed, secret), input.code, now.getTime());
        if (step === null) return { ok: false as const, op: undefined, wrongCode: true };
        if (!(await completeEnrolment(tx, op.id, { passwordHash, totpSealed: op.enrolment_totp_sealed, step, now }))) return { ok: false as const, op };
        await audit(tx, { id: op.id, username: op.username }, 'operator.enrol', `operator:${op.id}`, origin, { after: { enrolled: true, createdBy: op.created_by } });
        return { ok: true as const, op: (await findOperatorById(tx, op.id))! };
      });
      if (!outcome.ok) {
        if ('wrongCode' in outcome) {
          await limiter.hit(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, address);
          throw new AppError('INVALID_CREDENTIALS', 'That code is not from the secret shown: check the authenticator app and try again');
        }
        await refuseEnrolment(outcome.op, origin, 'complete');
        throw BAD_ENROLMENT();
      }
      return toOperator(outcome.op);
    },

    /** The newest alerts first (decision 195). */
    async alerts(limit = 100): Promise<OperatorAlert[]> {
      return (await selectAlerts(db, limit)).map((a) => ({
        id: a.id,
        at: a.at.toISOString(),
        kind: a.kind as AlertKind,
        operatorId: a.operator_id,
        target: a.target,
        details: a.details ?? {},
      }));
    },

    async findOperator(username: string): Promise<Operator | null> {
      const row = await findOperatorByUsername(db, username);
      return row ? toOperator(row) : null;
    },

    async listOperators(): Promise<Operator[]> {
      return (await listOperators(db)).map(toOperator);
    },

    async disableOperator(operatorId: number, by: OperatorPrincipal, origin: RequestOrigin): Promise<Operator> {
      if (operatorId === by.id) throw new AppError('CONFLICT', 'You cannot disable your own account');
      return db.transaction(async (tx) => {
        const before = await findOperatorById(tx, operatorId, true);
        if (!before) throw new AppError('NOT_FOUND', 'No such operator');
        await disableOperator(tx, operatorId, clock.now());
        const after = (await findOperatorById(tx, operatorId))!;
        await audit(tx, by, 'operator.disable', `operator:${operatorId}`, origin, { before: toOperator(before), after: toOperator(after) });
        return toOperator(after);
      });
    },

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
        await audit(db, { id: null, username: input.username }, 'login_failed', null, origin, { after: { reason: 'throttled', trustedDevice: device !== null } });
        throw err;
      }
      const now = clock.now();
      const verdict = await db.transaction(async (tx) => {
        const op = await findOperatorByUsername(tx, input.username, true);
        // Hash even for an unknown name so the answer takes about as long.
        const passwordOk = await verifyPassword(op?.password_hash ?? (await dummyPasswordHash()), input.password);
        const who = { id: op?.id ?? null, username: input.username };
        if (!op) {
          await audit(tx, who, 'login_failed', null, origin, { after: { reason: 'unknown_username', trustedDevice: device !== null } });
          return { kind: 'wrong' as const };
        }
        const step = passwordOk ? matchTotpStep(openSecret(op.totp_secret_sealed, secret), input.code, now.getTime()) : null;
        const reason = op.disabled_at ? 'disabled' : !op.enrolled_at ? 'not_enrolled' : !passwordOk ? 'password' : step === null ? 'code' : step <= op.totp_last_step ? 'code_replayed' : null;
        if (reason === null && (await acceptLogin(tx, op.id, step!))) {
          const sessionId = newSessionId();
          const expiresAt = new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_SECONDS * 1000);
          await insertSession(tx, { idHash: hashSessionId(sessionId), operatorId: op.id, now, expiresAt });
          await audit(tx, who, 'login', `operator:${op.id}`, origin);
          return { kind: 'ok' as const, sessionId, op, expiresAt };
        }
        // Counted for the record only: the throttles above decide who waits (no account lock).
        const failures = op.failed_logins + 1;
        await recordFailedLogin(tx, op.id, failures, null);
        await audit(tx, who, 'login_failed', `operator:${op.id}`, origin, { after: { reason: reason ?? 'code_replayed', failures, trustedDevice: device !== null } });
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
          permissions: permissionsOf(verdict.op.role),
          expiresAt: verdict.expiresAt.toISOString(),
          mustChangePassword: verdict.op.must_change_password,
        },
      };
    },

    /** The operator behind a session cookie, or UNAUTHORIZED. Each use pushes idle expiry back. */
    async authenticate(sessionId: string | undefined): Promise<OperatorPrincipal> {
      if (!sessionId || sessionId.length > 100) throw SIGNED_OUT();
      const idHash = hashSessionId(sessionId);
      const now = clock.now();
      const session = await findSession(db, idHash);
      if (!session || !isSessionOpen(session, now)) throw SIGNED_OUT();
      const op = await findOperatorById(db, session.operator_id);
      if (!op || op.disabled_at) throw SIGNED_OUT();
      await touchSession(db, idHash, now);
      return { id: op.id, username: op.username, role: op.role, sessionHash: idHash, expiresAt: session.expires_at, mustChangePassword: op.must_change_password };
    },

    /** FORBIDDEN unless the operator's role may take the action (permissions.ts). */
    authorize(operator: OperatorPrincipal, action: AdminAction): void {
      if (operator.mustChangePassword) throw new AppError('FORBIDDEN', 'Choose a new password first: the one you signed in with was for one use');
      if (!isAllowed(operator.role, action)) throw new AppError('FORBIDDEN', `Your role (${operator.role}) may not do this`);
    },

    async me(operator: OperatorPrincipal): Promise<OperatorSession> {
      const row = (await findOperatorById(db, operator.id))!;
      return { operator: toOperator(row), permissions: permissionsOf(row.role), expiresAt: operator.expiresAt.toISOString(), mustChangePassword: row.must_change_password };
    },

    /** Replaces the password (the one-time one, or any later); the current one must be right. */
    async changePassword(operator: OperatorPrincipal, input: ChangeOperatorPasswordInput, origin: RequestOrigin): Promise<OperatorSession> {
      if (input.newPassword === input.currentPassword) throw new AppError('VALIDATION_FAILED', 'Choose a password different from the current one', [{ path: 'newPassword', message: 'Same as the current password' }]);
      const row = (await findOperatorById(db, operator.id))!;
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, operator.id, passwordHash);
        await audit(tx, operator, 'password.change', `operator:${operator.id}`, origin, { before: { mustChangePassword: row.must_change_password }, after: { mustChangePassword: false } });
      });
      return this.me({ ...operator, mustChangePassword: false });
    },

    async logout(operator: OperatorPrincipal, origin: RequestOrigin): Promise<void> {
      await db.transaction(async (tx) => {
        await endSession(tx, operator.sessionHash, clock.now());
        await audit(tx, operator, 'logout', `operator:${operator.id}`, origin);
      });
    },

    async depositsForReview(): Promise<DepositReviewItem[]> {
      const rows = await deposits.listForReview();
      return rows.map((o) => ({
        id: o.id,
        playerId: o.player_id,
        amountMinor: o.amount_minor,
        currency: o.currency,
        utr: o.utr,
        gatewayUtr: o.gateway_utr,
        reviewReason: o.review_reason,
        createdAt: o.created_at.toISOString(),
        updatedAt: o.updated_at.toISOString(),
      }));
    },

    /**
     * Approves (credits through the ledger, the transfer naming the operator) or rejects an order
     * under review. The audit row is written after the decision committed: a refused decision
     * changed nothing and leaves no row.
     */
    async reviewDeposit(orderId: string, decision: 'approve' | 'reject', note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const order = await deposits.review(orderId, decision, note, by.id);
      await audit(db, by, decision === 'approve' ? 'deposit.approve' : 'deposit.reject', `deposit:${orderId}`, origin, {
        before: { status: 'utr_submitted' },
        after: { status: order.status, note, transferId: order.transfer_id ?? null },
      });
      return { id: order.id, status: order.status };
    },

    async usdtForReview(): Promise<UsdtReviewItem[]> {
      return deps.usdt ? deps.usdt.listForReview() : [];
    },

    /**
     * Approves (credits through the ledger, naming the operator) or rejects (the operator returns
     * the tokens on chain) a USDT transfer under review. Audited after the decision committed.
     */
    async reviewUsdt(transferId: string, decision: 'approve' | 'reject', note: string, by: OperatorPrincipal, origin: RequestOrigin): Promise<UsdtReviewDecision> {
      if (!deps.usdt) throw new AppError('DEPOSIT_NOT_FOUND', 'No such USDT transfer');
      const input = { transferId, operatorId: by.id, note };
      const result = decision === 'approve' ? await deps.usdt.approveReview(input) : await deps.usdt.rejectReview(input);
      await audit(db, by, decision === 'approve' ? 'usdt.approve' : 'usdt.reject', `usdt_transfer:${transferId}`, origin, {
        before: { status: 'review', orderId: result.orderId },
        after: { status: result.status, note, creditedMinor: result.creditedMinor, ledgerTransferId: result.ledgerTransferId, orderStatus: result.orderStatus },
      });
      return result;
    },

    /**
     * One operator's approval of a withdrawal under review. Above the second-approval amount the
     * withdrawals module answers 'awaiting_second_approval' until a different operator approves
     * (the two-person rule lives there; the console only shows it). Audited after it committed.
     */
    async approveWithdrawal(withdrawalId: string, note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const w = deps.withdrawals();
      const before = await w.getForReview(withdrawalId);
      let result;
      try {
        result = await w.approve({ withdrawalId, operatorId: String(by.id), note });
      } catch (err) {
        // The database refused: this approver is not independent of the first (migration trigger).
        const reason = notIndependentReason(err);
        if (reason === null) throw err;
        await raiseAlert(db, 'approval_not_independent', by, `withdrawal:${withdrawalId}`, origin, {
          reason,
          approvers: before.approvals.map((a) => a.operatorId),
          amountMinor: before.amountMinor,
        });
        throw new AppError(
          'SECOND_APPROVER_NOT_INDEPENDENT',
          'A second approval must come from an operator independent of the first: not one who created, or was created by, the first approver, nor one created after the withdrawal was requested',
        );
      }
      // Allowed, but worth a look: both approvers were made by the same third operator.
      if (result.status === 'approved') {
        const ids = result.withdrawal.approvals.map((a) => Number(a.operatorId)).filter((n) => Number.isSafeInteger(n) && n > 0);
        const creators = await Promise.all(ids.map(async (id) => (await findOperatorById(db, id))?.created_by ?? null));
        const shared = creators.find((c, i) => c !== null && creators.indexOf(c) !== i);
        if (shared !== undefined) await raiseAlert(db, 'approvers_share_creator', by, `withdrawal:${withdrawalId}`, origin, { approvers: ids, createdBy: shared });
      }
      await audit(db, by, 'withdrawal.approve', `withdrawal:${withdrawalId}`, origin, {
        before: { status: before.status, approvals: before.approvals.length },
        after: { status: result.status, withdrawalStatus: result.withdrawal.status, approvals: result.withdrawal.approvals.length, note },
      });
      return result;
    },

    async rejectWithdrawal(withdrawalId: string, note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const w = deps.withdrawals();
      const before = await w.getForReview(withdrawalId);
      const after = await w.reject({ withdrawalId, operatorId: String(by.id), note });
      await audit(db, by, 'withdrawal.reject', `withdrawal:${withdrawalId}`, origin, { before: { status: before.status }, after: { status: after.status, note } });
      return after;
    },

    async verifyKyc(submissionId: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const after = await deps.kyc().verify({ submissionId, operatorId: String(by.id) });
      // The queue showed it; a verification despite a shared PAN is raised for someone to look at.
      const shared = await deps.kyc().panSharedWith(submissionId);
      await audit(db, by, 'kyc.verify', `kyc:${submissionId}`, origin, { before: { status: 'pending' }, after: { status: after.status, playerId: after.playerId, panSharedWith: shared } });
      if (shared.length > 0) await raiseAlert(db, 'pan_shared', by, `kyc:${submissionId}`, origin, { playerId: after.playerId, panSharedWith: shared });
      return after;
    },

    async rejectKyc(submissionId: string, reason: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const after = await deps.kyc().reject({ submissionId, operatorId: String(by.id), reason });
      await audit(db, by, 'kyc.reject', `kyc:${submissionId}`, origin, { before: { status: 'pending' }, after: { status: after.status, reason, playerId: after.playerId } });
      return after;
    },

    /** Looking at an identity document is itself recorded: who saw whose papers, and when. */
    async kycDocument(submissionId: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const doc = await deps.kyc().readDocument(submissionId);
      await audit(db, by, 'kyc.document_view', `kyc:${submissionId}`, origin);
      return doc;
    },

    /** By internal id, public 8-digit UID or 10-digit phone (+91 allowed). */
    async lookupPlayer(q: string): Promise<AdminPlayer> {
      const digits = q.replace(/^\+?91(?=\d{10}$)/, '');
      let p: PlayerRow | undefined;
      if (/^[6-9]\d{9}$/.test(digits)) p = await findPlayerByPhone(db, digits);
      else if (/^\d{8}$/.test(digits)) p = (await findPlayerByUid(db, Number(digits))) ?? (await findPlayerById(db, Number(digits)));
      else if (/^\d{1,9}$/.test(digits)) p = await findPlayerById(db, Number(digits));
      if (!p) throw new AppError('NOT_FOUND', 'No player matches');
      return playerView(db, p);
    },

    async player(playerId: number): Promise<AdminPlayer> {
      return playerView(db, await playerOrThrow(playerId));
    },

    /** The player's main account, newest first, with the balance after each entry. */
    async playerLedger(playerId: number, query: AdminLedgerQuery): Promise<AdminLedgerPage> {
      await playerOrThrow(playerId);
      const accounts = await listAccountsOfOwner(db, playerId);
      const main = accounts.find((a) => a.code.endsWith(':main')) ?? accounts[0];
      if (!main) return { items: [], nextCursor: null };
      const page = await listEntries(db, main.code, { limit: query.limit, before: query.before ?? null });
      return {
        items: page.entries.map((e) => ({
          id: e.id,
          transferId: e.transferId,
          kind: e.transferKind,
          accountCode: e.accountCode,
          amountMinor: e.amountMinor,
          balanceAfterMinor: e.balanceAfterMinor,
          reference: e.reference,
          createdAt: e.createdAt.toISOString(),
        })),
        nextCursor: page.nextBefore,
      };
    },

    playerOrThrow,

    async auditPage(query: AuditQuery): Promise<AuditPage> {
      const rows = await selectAudit(db, { ...query, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return { items: page.map(toAuditEntry), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
    },

    /** Every row the filters match (up to 10,000, newest first) as CSV; the export is itself audited. */
    async auditCsv(query: Omit<AuditQuery, 'limit' | 'before'>, by: OperatorPrincipal, origin: RequestOrigin): Promise<string> {
      const rows = await selectAudit(db, { ...query, limit: 10_000 });
      await audit(db, by, 'audit.export', null, origin, { after: { filters: query, rows: rows.length } });
      return toCsv(
        AUDIT_CSV_HEADER,
        rows.map((r) => [r.id, r.at.toISOString(), r.operator_id, r.username, r.action, r.target, r.before, r.after, r.ip, r.user_agent]),
      );
    },

    /** Writes one audit row (for actions other modules carry out, e.g. KYC decisions; an operator command passes id null). */
    async record(by: { id: number | null; username: string | null }, action: AuditAction, target: string, origin: RequestOrigin, change: { before?: unknown; after?: unknown } = {}) {
      await audit(db, by, action, target, origin, change);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

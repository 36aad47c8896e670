import type { CreatedOperator, EnrolmentCompleteInput, EnrolmentOffer, Operator, OperatorInvitation, OperatorRole } from '@colorplay/contract';
import { ADMIN_ENROL_PAGE } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashPassword, type RateLimiter } from '../auth';
import type { AuditLog, RequestOrigin } from './audit';
import { awaitsCountersign } from './permissions';
import {
  completeEnrolment,
  countersignOperator,
  disableOperator,
  findOperatorByEnrolment,
  findOperatorById,
  findOperatorByUsername,
  insertOperator,
  listOperators,
  offerEnrolmentSecret,
  operatorOrigin,
  type OperatorRow,
} from './repo';
import { ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, ADMIN_ENROLMENT_SECONDS } from './rules';
import { hashSessionId, matchTotpStep, newOperatorPassword, newSessionId, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';

/** A signed-in operator as the routes see it. */
export type OperatorPrincipal = {
  id: number;
  username: string;
  role: OperatorRole;
  sessionHash: string;
  expiresAt: Date;
  mustChangePassword: boolean;
  /** Made in the console with a money role and not countersigned yet: moves no money (decision 395). */
  awaitingCountersign: boolean;
};

const BAD_ENROLMENT = () => new AppError('ENROLMENT_LINK_INVALID', 'This enrolment link is unknown, expired or already used. Ask an admin for a new one.');

/** Whether the row awaits a countersignature (permissions.ts). */
export const rowAwaitsCountersign = (o: OperatorRow): boolean => awaitsCountersign({ role: o.role, createdBy: o.created_by, countersignedAt: o.countersigned_at });

export function toOperator(o: OperatorRow): Operator {
  return {
    id: o.id,
    username: o.username,
    role: o.role,
    disabled: o.disabled_at !== null,
    createdAt: o.created_at.toISOString(),
    createdBy: o.created_by,
    countersignedBy: o.countersigned_by,
    awaitingCountersign: rowAwaitsCountersign(o),
  };
}

/** The database's refusal of a countersignature (migration trigger operators_guard, SQLSTATE CP002). */
function countersignRefusal(err: unknown): string | null {
  const e = err as { code?: string; hint?: string } | null;
  return e?.code === 'CP002' ? (e.hint ?? 'refused') : null;
}

const NOT_INDEPENDENT_SIGNER = () =>
  new AppError('COUNTERSIGN_NOT_INDEPENDENT', 'Only an admin of another origin may countersign: not its creator, nor anyone its creator made or who made its creator');

type OperatorsDeps = { db: Db; clock: Clock; secret: string; limiter: RateLimiter; audit: AuditLog };

/**
 * The operators themselves: creation (with a password and TOTP secret, or by a one-time
 * enrolment link), enrolment, the list, and disabling one.
 */
export function createOperators({ db, clock, secret, limiter, audit }: OperatorsDeps) {
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
  async function refuseEnrolment(op: OperatorRow | undefined, origin: RequestOrigin, step: 'start' | 'complete', started = false) {
    await limiter.hit(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, origin.ip ?? 'unknown');
    if (!op) return;
    const state = op.disabled_at ? 'disabled' : op.enrolled_at ? 'used' : started ? 'started' : 'expired';
    await audit.raiseAlert(db, 'enrolment_link_reused', { id: op.id, username: op.username }, `operator:${op.id}`, origin, { state, step, createdBy: op.created_by });
  }

  return {
    /**
     * Creates an operator with a one-time password and a fresh TOTP secret, both returned only
     * here. The CLI and the demo seed call it without an operator (createdBy null).
     */
    async createOperator(input: { username: string; role: OperatorRole; password?: string; totpSecret?: string }, by?: { operator: OperatorPrincipal; origin: RequestOrigin }): Promise<CreatedOperator> {
      const { row, password, totpSecret } = await create({ ...input, createdBy: by?.operator.id ?? null });
      if (by) await audit.write(db, by.operator, 'operator.create', `operator:${row.id}`, by.origin, { after: toOperator(row) });
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
      // Without an operator it is the CLI, run by the owner on the server (an origin, decision 395):
      // recorded too, so every origin appears in the audit log.
      const after = { ...toOperator(row), enrolmentExpiresAt: expiresAt.toISOString(), ...(by ? {} : { via: 'cli' }) };
      await audit.write(db, by?.operator ?? { id: null, username: null }, 'operator.create', `operator:${row.id}`, by?.origin ?? { ip: null, userAgent: 'cli' }, { after });
      return { operator: toOperator(row), enrolmentToken: token, enrolmentPath: `${ADMIN_ENROL_PAGE}#${token}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The new operator opens their link: a fresh TOTP secret is offered to them (kept sealed until
     * they confirm a code from it) with a key that binds the link to them (decision 396). A second
     * opening is refused and raises an alert: it would otherwise replace the first opener's secret,
     * and whoever else holds the link (the creator) could take the account over.
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
      const openerKey = newSessionId();
      if (!(await offerEnrolmentSecret(db, op.id, sealSecret(totpSecret, secret), hashSessionId(openerKey)))) {
        await refuseEnrolment(op, origin, 'start', true);
        throw BAD_ENROLMENT();
      }
      return { username: op.username, role: op.role, totpSecret, otpauthUri: otpauthUri(totpSecret, op.username), expiresAt: op.enrolment_expires_at.toISOString(), openerKey };
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
        // Only the browser that opened the link first may complete it (decision 396).
        if (op.enrolment_opener_hash !== hashSessionId(input.openerKey)) return { ok: false as const, op, started: true };
        const step = matchTotpStep(openSecret(op.enrolment_totp_sealed, secret), input.code, now.getTime());
        if (step === null) return { ok: false as const, op: undefined, wrongCode: true };
        if (!(await completeEnrolment(tx, op.id, { passwordHash, totpSealed: op.enrolment_totp_sealed, step, now }))) return { ok: false as const, op };
        await audit.write(tx, { id: op.id, username: op.username }, 'operator.enrol', `operator:${op.id}`, origin, { after: { enrolled: true, createdBy: op.created_by } });
        return { ok: true as const, op: (await findOperatorById(tx, op.id))! };
      });
      if (!outcome.ok) {
        if ('wrongCode' in outcome) {
          await limiter.hit(ADMIN_ENROLMENT_FAILURES_PER_ADDRESS, address);
          throw new AppError('INVALID_CREDENTIALS', 'That code is not from the secret shown: check the authenticator app and try again');
        }
        await refuseEnrolment(outcome.op, origin, 'complete', 'started' in outcome);
        throw BAD_ENROLMENT();
      }
      return toOperator(outcome.op);
    },

    async findOperator(username: string): Promise<Operator | null> {
      const row = await findOperatorByUsername(db, username);
      return row ? toOperator(row) : null;
    },

    async listOperators(): Promise<Operator[]> {
      return (await listOperators(db)).map(toOperator);
    },

    /**
     * Another admin vouches for an admin or finance operator made in the console (decision 395):
     * only once it enrolled, and only an admin of another origin than its creator's. The database
     * checks the same again (migration trigger operators_guard), whatever code path writes it.
     */
    async countersignOperator(operatorId: number, by: OperatorPrincipal, origin: RequestOrigin): Promise<Operator> {
      return db.transaction(async (tx) => {
        const before = await findOperatorById(tx, operatorId, true);
        if (!before) throw new AppError('NOT_FOUND', 'No such operator');
        if (!rowAwaitsCountersign(before)) throw new AppError('CONFLICT', 'This operator needs no countersignature (already countersigned, made by the CLI, or support)');
        if (before.disabled_at) throw new AppError('CONFLICT', 'This operator is disabled');
        if (!before.enrolled_at) throw new AppError('CONFLICT', 'This operator has not enrolled yet: countersign once they have');
        if (by.id === before.created_by || (await operatorOrigin(tx, by.id)) === (await operatorOrigin(tx, operatorId))) throw NOT_INDEPENDENT_SIGNER();
        try {
          await countersignOperator(tx, operatorId, by.id, clock.now());
        } catch (err) {
          if (countersignRefusal(err) === null) throw err;
          throw NOT_INDEPENDENT_SIGNER();
        }
        const after = (await findOperatorById(tx, operatorId))!;
        await audit.write(tx, by, 'operator.countersign', `operator:${operatorId}`, origin, { before: toOperator(before), after: toOperator(after) });
        return toOperator(after);
      });
    },

    async disableOperator(operatorId: number, by: OperatorPrincipal, origin: RequestOrigin): Promise<Operator> {
      if (operatorId === by.id) throw new AppError('CONFLICT', 'You cannot disable your own account');
      return db.transaction(async (tx) => {
        const before = await findOperatorById(tx, operatorId, true);
        if (!before) throw new AppError('NOT_FOUND', 'No such operator');
        await disableOperator(tx, operatorId, clock.now());
        const after = (await findOperatorById(tx, operatorId))!;
        await audit.write(tx, by, 'operator.disable', `operator:${operatorId}`, origin, { before: toOperator(before), after: toOperator(after) });
        return toOperator(after);
      });
    },
  };
}

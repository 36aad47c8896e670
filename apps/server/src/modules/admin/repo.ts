import type { AuditAction, AuditQuery, OperatorRole } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

export type OperatorRow = {
  id: number;
  username: string;
  password_hash: string;
  role: OperatorRole;
  totp_secret_sealed: string;
  totp_last_step: number;
  failed_logins: number;
  locked_until: Date | null;
  disabled_at: Date | null;
  must_change_password: boolean;
  created_by: number | null;
  created_at: Date;
  /** NULL until the operator completed their enrolment link (decision 195). */
  enrolled_at: Date | null;
  enrolment_expires_at: Date | null;
  enrolment_totp_sealed: string | null;
  /** SHA-256 of the key the first opening of the link returned (decision 396). */
  enrolment_opener_hash: string | null;
  /** The admin of another origin who vouched for this operator (decision 395). */
  countersigned_by: number | null;
  countersigned_at: Date | null;
};

export type OperatorSessionRow = {
  id_hash: string;
  operator_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

export type AuditRow = {
  id: number;
  at: Date;
  operator_id: number | null;
  username: string | null;
  action: AuditAction;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
};

// bigint columns come back as strings from node-postgres; ids stay far below 2^53.
const OPERATOR_COLUMNS = `id::int AS id, username, password_hash, role, totp_secret_sealed, totp_last_step::float8 AS totp_last_step,
  failed_logins, locked_until, disabled_at, must_change_password, created_by::int AS created_by, created_at,
  enrolled_at, enrolment_expires_at, enrolment_totp_sealed, enrolment_opener_hash, countersigned_by::int AS countersigned_by, countersigned_at`;

export async function insertOperator(
  q: Queryable,
  o: {
    username: string;
    passwordHash: string;
    role: OperatorRole;
    totpSecretSealed: string;
    mustChangePassword: boolean;
    createdBy: number | null;
    now: Date;
    /** Present: the operator is not enrolled until this link is completed. */
    enrolment?: { tokenHash: string; expiresAt: Date };
  },
): Promise<OperatorRow | undefined> {
  const { rows } = await q.query<OperatorRow>(
    `INSERT INTO operators (username, password_hash, role, totp_secret_sealed, must_change_password, created_by, created_at,
       enrolled_at, enrolment_token_hash, enrolment_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (username) DO NOTHING RETURNING ${OPERATOR_COLUMNS}`,
    [o.username, o.passwordHash, o.role, o.totpSecretSealed, o.mustChangePassword, o.createdBy, o.now, o.enrolment ? null : o.now, o.enrolment?.tokenHash ?? null, o.enrolment?.expiresAt ?? null],
  );
  return rows[0];
}

export async function findOperatorByEnrolment(q: Queryable, tokenHash: string, lock = false): Promise<OperatorRow | undefined> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE enrolment_token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [tokenHash]);
  return rows[0];
}

/**
 * Keeps the TOTP secret the link offers (sealed) and binds the link to its opener, once: false when
 * the link was already opened (a second opening must not replace the first opener's secret).
 */
export async function offerEnrolmentSecret(q: Queryable, id: number, sealed: string, openerHash: string): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE operators SET enrolment_totp_sealed = $2, enrolment_opener_hash = $3
     WHERE id = $1 AND enrolled_at IS NULL AND enrolment_opener_hash IS NULL RETURNING id::int AS id`,
    [id, sealed, openerHash],
  );
  return rows.length === 1;
}

/** The operator at the top of an operator's chain of creators (migration function operator_origin). */
export async function operatorOrigin(q: Queryable, id: number): Promise<number | null> {
  const { rows } = await q.query<{ origin: number | null }>('SELECT operator_origin($1)::int AS origin', [id]);
  return rows[0]?.origin ?? null;
}

/** Records a countersignature (the database checks the countersigner again, migration trigger). */
export async function countersignOperator(q: Queryable, id: number, by: number, now: Date): Promise<void> {
  await q.query('UPDATE operators SET countersigned_by = $2, countersigned_at = $3 WHERE id = $1 AND countersigned_at IS NULL', [id, by, now]);
}

/**
 * Completes an enrolment once: only while not enrolled and the link has not expired (false when
 * another request completed it first). The confirmed code's step is recorded, so it cannot sign in.
 */
export async function completeEnrolment(q: Queryable, id: number, e: { passwordHash: string; totpSealed: string; step: number; now: Date }): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE operators SET password_hash = $2, totp_secret_sealed = $3, totp_last_step = $4, enrolled_at = $5,
       enrolment_totp_sealed = NULL, must_change_password = false, failed_logins = 0, locked_until = NULL
     WHERE id = $1 AND enrolled_at IS NULL AND enrolment_expires_at > $5 RETURNING id::int AS id`,
    [id, e.passwordHash, e.totpSealed, e.step, e.now],
  );
  return rows.length === 1;
}

export type AlertRow = { id: number; at: Date; kind: string; operator_id: number | null; target: string | null; details: Record<string, unknown> };

export async function insertAlert(q: Queryable, a: { at: Date; kind: string; operatorId: number | null; target: string | null; details: Record<string, unknown> }): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO operator_alerts (at, kind, operator_id, target, details) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id',
    [a.at, a.kind, a.operatorId, a.target, JSON.stringify(a.details)],
  );
  return rows[0]!.id;
}

export async function selectAlerts(q: Queryable, limit: number): Promise<AlertRow[]> {
  const { rows } = await q.query<AlertRow>(
    'SELECT id::int AS id, at, kind, operator_id::int AS operator_id, target, details FROM operator_alerts ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows;
}

export async function findOperatorByUsername(q: Queryable, username: string, lock = false): Promise<OperatorRow | undefined> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE username = $1${lock ? ' FOR UPDATE' : ''}`, [username]);
  return rows[0];
}

export async function findOperatorById(q: Queryable, id: number, lock = false): Promise<OperatorRow | undefined> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function listOperators(q: Queryable): Promise<OperatorRow[]> {
  const { rows } = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY id`);
  return rows;
}

export async function recordFailedLogin(q: Queryable, id: number, failures: number, lockedUntil: Date | null): Promise<void> {
  await q.query('UPDATE operators SET failed_logins = $2, locked_until = $3 WHERE id = $1', [id, failures, lockedUntil]);
}

/**
 * Accepts a login: clears failures and records the TOTP step, only if the step is later than the
 * last one used (false when another request used this code first).
 */
export async function acceptLogin(q: Queryable, id: number, step: number): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    `UPDATE operators SET failed_logins = 0, locked_until = NULL, totp_last_step = $2
     WHERE id = $1 AND totp_last_step < $2 RETURNING id::int AS id`,
    [id, step],
  );
  return rows.length === 1;
}

export async function setPassword(q: Queryable, id: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE operators SET password_hash = $2, must_change_password = false WHERE id = $1', [id, passwordHash]);
}

export async function disableOperator(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE operators SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL', [id, now]);
  // A disabled operator's open sessions end with it.
  await q.query('UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL', [id, now]);
}

export async function insertSession(q: Queryable, s: { idHash: string; operatorId: number; now: Date; expiresAt: Date }): Promise<void> {
  await q.query(
    'INSERT INTO operator_sessions (id_hash, operator_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)',
    [s.idHash, s.operatorId, s.now, s.expiresAt],
  );
}

export async function findSession(q: Queryable, idHash: string): Promise<OperatorSessionRow | undefined> {
  const { rows } = await q.query<OperatorSessionRow>(
    'SELECT id_hash, operator_id::int AS operator_id, created_at, last_seen_at, expires_at, ended_at FROM operator_sessions WHERE id_hash = $1',
    [idHash],
  );
  return rows[0];
}

export async function touchSession(q: Queryable, idHash: string, now: Date): Promise<void> {
  await q.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, now]);
}

export async function endSession(q: Queryable, idHash: string, now: Date): Promise<void> {
  await q.query('UPDATE operator_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [idHash, now]);
}

export type NewAuditRow = {
  at: Date;
  operatorId: number | null;
  username: string | null;
  action: AuditAction;
  target: string | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
  userAgent: string | null;
};

export async function insertAudit(q: Queryable, a: NewAuditRow): Promise<void> {
  await q.query(
    `INSERT INTO operator_audit_log (at, operator_id, username, action, target, before, after, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      a.at,
      a.operatorId,
      a.username,
      a.action,
      a.target,
      a.before === undefined ? null : JSON.stringify(a.before),
      a.after === undefined ? null : JSON.stringify(a.after),
      a.ip,
      a.userAgent,
    ],
  );
}

/** Newest first, filtered, paged by id. */
export async function selectAudit(q: Queryable, f: Omit<AuditQuery, 'limit'> & { limit: number }): Promise<AuditRow[]> {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (f.operatorId !== undefined) add('operator_id = ?', f.operatorId);
  if (f.action !== undefined) add('action = ?', f.action);
  if (f.target !== undefined) add('target = ?', f.target);
  if (f.from !== undefined) add('at >= ?', new Date(f.from));
  if (f.to !== undefined) add('at < ?', new Date(f.to));
  if (f.before !== undefined) add('id < ?', f.before);
  args.push(f.limit);
  const { rows } = await q.query<AuditRow>(
    `SELECT id::int AS id, at, operator_id::int AS operator_id, username, action, target, before, after, ip, user_agent
     FROM operator_audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${args.length}`,
    args,
  );
  return rows;
}

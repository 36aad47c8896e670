import type { AlertKind, AuditAction, AuditEntry, AuditPage, AuditQuery, OperatorAlert } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { toCsv } from './csv';
import { insertAlert, insertAudit, selectAlerts, selectAudit, type AuditRow } from './repo';

/** Where a request came from, for the audit log. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };
/** Who did it: an operator, or (id null) a command run without one. */
export type Actor = { id: number | null; username: string | null };
/** What an action changed, as the audit row shows it. */
export type Change = { before?: unknown; after?: unknown };

/** Every row of an export (newest first) up to this many: one file an operator can open. */
const AUDIT_CSV_MAX_ROWS = 10_000;

export const AUDIT_CSV_HEADER = ['id', 'at', 'operator_id', 'username', 'action', 'target', 'before', 'after', 'ip', 'user_agent'];

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

/**
 * The append-only audit log and the alerts list: the one place the console's other parts
 * (operators, sign-in, reviews) write what an operator did, and where the console reads it back.
 */
export function createAuditLog({ db, clock }: { db: Db; clock: Clock }) {
  /** Writes one audit row in `q` (the action's own transaction when it has one). */
  const write = (q: Queryable, who: Actor, action: AuditAction, target: string | null, origin: RequestOrigin, change: Change = {}) =>
    insertAudit(q, { at: clock.now(), operatorId: who.id, username: who.username, action, target, ...change, ip: origin.ip, userAgent: origin.userAgent });

  return {
    write,

    /** Raises an alert for the console's list, and audits it (decision 195). */
    async raiseAlert(q: Queryable, kind: AlertKind, who: Actor, target: string | null, origin: RequestOrigin, details: Record<string, unknown>): Promise<void> {
      const id = await insertAlert(q, { at: clock.now(), kind, operatorId: who.id, target, details });
      await write(q, who, 'alert.raise', target, origin, { after: { alertId: id, kind, ...details } });
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

    async auditPage(query: AuditQuery): Promise<AuditPage> {
      const rows = await selectAudit(db, { ...query, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return { items: page.map(toAuditEntry), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
    },

    /** Every row the filters match (up to 10,000, newest first) as CSV; the export is itself audited. */
    async auditCsv(query: Omit<AuditQuery, 'limit' | 'before'>, by: Actor, origin: RequestOrigin): Promise<string> {
      const rows = await selectAudit(db, { ...query, limit: AUDIT_CSV_MAX_ROWS });
      await write(db, by, 'audit.export', null, origin, { after: { filters: query, rows: rows.length } });
      return toCsv(
        AUDIT_CSV_HEADER,
        rows.map((r) => [r.id, r.at.toISOString(), r.operator_id, r.username, r.action, r.target, r.before, r.after, r.ip, r.user_agent]),
      );
    },

    /** Writes one audit row (for actions other modules carry out, e.g. KYC decisions; an operator command passes id null). */
    async record(by: Actor, action: AuditAction, target: string, origin: RequestOrigin, change: Change = {}): Promise<void> {
      await write(db, by, action, target, origin, change);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

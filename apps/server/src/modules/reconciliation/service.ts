import { createHash } from 'node:crypto';
import type { ReconImport, ReconImportInput, ReconItem, ReconItemsQuery, ReconResolveInput, ReconRun } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { AuditLog, OperatorPrincipal, RequestOrigin } from '../admin';
import type { DepositsService, SettlementFacts } from '../deposits';
import type { UsdtDepositsService } from '../usdt-deposits';
import type { WithdrawalsService } from '../withdrawals';
import { countOpenItems, countsOf, findImportBySha, findRun, insertRun, listRuns, insertImport, insertItems, listImports, listItems, lockItem, resolveItem, type ImportRow, type ItemRow, type NewItem } from './repo';
import { istDate, istDayWindow, matchLine, parseSettlementFile, type NumberedLine, type OrderFacts } from './settlement-file';

export type ReconciliationDeps = {
  db: Db;
  clock: Clock;
  /** The orders a file names, and the one credit path (deposits' index). */
  deposits: Pick<DepositsService, 'settlementFactsOf' | 'creditedUpiBetween' | 'creditOnSettlement'>;
  /** The console's append-only audit log, written in each action's own transaction. */
  audit: AuditLog;
  /** The USDT channel when it is on: the chain against our records (daily run). */
  usdt?: Pick<UsdtDepositsService, 'custodyCheck'> | undefined;
  /** The withdrawals sent to the payout gateway against its records (daily run). */
  payouts: Pick<WithdrawalsService, 'payoutCheck'>;
};

/** The daily run compares the payouts sent in the last week (a late callback lands within it). */
const PAYOUT_WINDOW_MS = 7 * 24 * 3600_000;
/** A payout sent within the last hour may still be on its way: it is checked the next day. */
const PAYOUT_SETTLE_MS = 3600_000;

/** The daily run raises its alert as the system, from no request. */
const SYSTEM = { id: null, username: null };
const NO_ORIGIN = { ip: null, userAgent: null };

const factsOf = (o: SettlementFacts): OrderFacts => ({ status: o.status, amountMinor: Number(o.amount_minor), gatewayUtr: o.gateway_utr });

function toItem(r: ItemRow): ReconItem {
  return {
    id: r.id,
    importId: r.import_id,
    lineNo: r.line_no,
    kind: r.kind,
    state: r.state,
    orderId: r.order_id,
    file: r.file_line,
    order: r.order_facts,
    reason: r.reason,
    resolvedBy: r.resolved_by === null ? null : Number(r.resolved_by),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    transferId: r.transfer_id,
  };
}

function toImport(r: ImportRow, counts: Record<string, number> | undefined, duplicate: boolean): ReconImport {
  return {
    id: r.id,
    fileName: r.file_name,
    sha256: r.file_sha256,
    settlementDate: r.settlement_date,
    lineCount: r.line_count,
    importedBy: r.imported_by === null ? null : Number(r.imported_by),
    importedAt: r.imported_at.toISOString(),
    counts: counts ?? {},
    duplicate,
  };
}

/**
 * Reconciliation of UPI settlement files (docs/payments.md): an import matches every line of a
 * file to our order and records each outcome as an item; the differences are work items an
 * operator resolves once, by crediting through the deposits module's normal path or by
 * explaining. Nothing here writes a balance: the only money is deposits' credit, in the same
 * transaction as the item's resolution and its audit row.
 */
export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, clock, deposits, audit } = deps;

  /** Matches a parsed file to our orders, in the import's transaction: the items to insert. */
  async function matchFile(tx: Queryable, importId: string, settlementDate: string, lines: NumberedLine[], now: Date): Promise<NewItem[]> {
    const orders = new Map((await deposits.settlementFactsOf(tx, lines.map((l) => l.orderId))).map((o) => [o.id, o]));
    const items: NewItem[] = lines.map((l) => {
      const order = orders.get(l.orderId);
      const kind = matchLine(l, order && factsOf(order));
      return {
        id: prefixedId('rci', 9),
        import_id: importId,
        line_no: l.lineNo,
        kind,
        order_id: l.orderId,
        file_line: { utr: l.utr, amountMinor: l.amountMinor, status: l.status, paidAt: l.paidAt },
        order_facts: order ? factsOf(order) : null,
        state: kind === 'matched' ? 'matched' : 'open',
        created_at: now,
      };
    });
    // Credited that day and not named by the file: money we gave that the gateway does not show.
    const named = new Set(lines.map((l) => l.orderId));
    const { from, to } = istDayWindow(settlementDate);
    for (const o of await deposits.creditedUpiBetween(tx, from, to)) {
      if (named.has(o.id)) continue;
      items.push({ id: prefixedId('rci', 9), import_id: importId, line_no: null, kind: 'credited_not_in_file', order_id: o.id, file_line: null, order_facts: factsOf(o), state: 'open', created_at: now });
    }
    return items;
  }

  return {
    /**
     * Imports a settlement file: refused whole (each bad line named) when malformed; otherwise
     * every line matched and recorded with the import, its audit row in the same transaction.
     * The same file again (by SHA-256, even two imports at once) answers the first import and
     * changes nothing: the unique SHA makes the second insert wait for the first and find it.
     */
    async importFile(input: ReconImportInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<ReconImport> {
      const parsed = parseSettlementFile(input.csv);
      if ('issues' in parsed) throw new AppError('SETTLEMENT_FILE_INVALID', 'The settlement file was not imported: fix the lines listed', parsed.issues);
      const sha256 = createHash('sha256').update(input.csv, 'utf8').digest('hex');
      const result = await db.transaction(
        async (tx) => {
          const now = clock.now();
          const row = await insertImport(tx, {
            id: prefixedId('rcn', 9),
            file_sha256: sha256,
            file_name: input.fileName,
            settlement_date: input.settlementDate,
            line_count: parsed.lines.length,
            imported_by: by.id,
            imported_at: now,
          });
          if (!row) return { row: (await findImportBySha(tx, sha256))!, duplicate: true };
          const items = await matchFile(tx, row.id, input.settlementDate, parsed.lines, now);
          await insertItems(tx, items);
          const open = items.filter((i) => i.state === 'open').length;
          await audit.write(tx, by, 'reconciliation.import', `recon_import:${row.id}`, origin, {
            after: { fileName: input.fileName, sha256, settlementDate: input.settlementDate, lines: parsed.lines.length, openItems: open },
          });
          return { row, duplicate: false };
        },
        // READ COMMITTED: a second import of the file, blocked on the first's unique SHA, must see
        // the first import once it commits (a snapshot from before would not).
        { readCommitted: true },
      );
      return toImport(result.row, (await countsOf(db, [result.row.id])).get(result.row.id), result.duplicate);
    },

    /**
     * The daily run (job `reconciliation.daily`, one leader): once per India day, compares the
     * chain with our USDT records and counts the settlement work items still open, records the
     * result, and raises the console's `reconciliation_difference` alert when the chain and our
     * records differ, in the same transaction (a second run of the day records nothing). A chain
     * that does not answer throws: nothing is recorded and the next pass tries again.
     */
    async runDaily(): Promise<{ day: string; recorded: boolean; differences: number }> {
      const day = istDate(clock.now());
      const existing = await findRun(db, day);
      if (existing) return { day, recorded: false, differences: existing.differences };
      const now = clock.now();
      const usdt = deps.usdt ? await deps.usdt.custodyCheck() : null;
      const payouts = await deps.payouts.payoutCheck({ from: new Date(now.getTime() - PAYOUT_WINDOW_MS), to: new Date(now.getTime() - PAYOUT_SETTLE_MS) });
      const differences = (usdt?.differences.length ?? 0) + payouts.differences.length;
      const result = { usdt, payouts, openSettlementItems: await countOpenItems(db) };
      return db.transaction(async (tx) => {
        const run = await insertRun(tx, { day, ran_at: clock.now(), differences, result });
        if (!run) return { day, recorded: false, differences };
        if (differences > 0) {
          await audit.raiseAlert(tx, 'reconciliation_difference', SYSTEM, `recon_run:${day}`, NO_ORIGIN, { day, differences, usdt: usdt?.differences ?? [], payouts: payouts.differences });
        }
        return { day, recorded: true, differences };
      });
    },

    async runs(limit = 30): Promise<ReconRun[]> {
      return (await listRuns(db, limit)).map((r) => ({ day: r.day, ranAt: r.ran_at.toISOString(), differences: r.differences, result: r.result }));
    },

    async imports(limit = 50): Promise<ReconImport[]> {
      const rows = await listImports(db, limit);
      const counts = await countsOf(db, rows.map((r) => r.id));
      return rows.map((r) => toImport(r, counts.get(r.id), false));
    },

    async items(query: ReconItemsQuery): Promise<ReconItem[]> {
      return (await listItems(db, { importId: query.importId, openOnly: query.state === 'open' }, 500)).map(toItem);
    },

    /**
     * Resolves an open work item once: `credit` (only "paid but not credited") credits the order
     * through deposits' normal path, in this transaction; `explain` closes it with the reason.
     * The item, the credit and the audit row commit together; a second resolution is refused.
     */
    async resolve(itemId: string, input: ReconResolveInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<ReconItem> {
      try {
        return await db.transaction(async (tx) => {
          const item = await lockItem(tx, itemId);
          if (!item) throw new AppError('RECON_ITEM_NOT_FOUND', 'No such reconciliation item');
          if (item.state !== 'open') throw new AppError('RECON_ITEM_RESOLVED', 'This item was already resolved');
          let transferId: string | null = null;
          if (input.action === 'credit') {
            if (item.kind !== 'paid_not_credited' || !item.file_line) {
              throw new AppError('RECON_CREDIT_NOT_ALLOWED', 'Only a payment the file reports paid and we did not credit can be credited; explain this one');
            }
            const { order } = await deposits.creditOnSettlement(tx, {
              orderId: item.order_id,
              amountMinor: item.file_line.amountMinor,
              utr: item.file_line.utr,
              operatorId: by.id,
              note: input.reason,
              itemId: item.id,
            });
            transferId = order.transfer_id;
          }
          const now = clock.now();
          const state = input.action === 'credit' ? 'credited' : 'explained';
          const resolved = await resolveItem(tx, { id: item.id, state, reason: input.reason, resolvedBy: by.id, resolvedAt: now, transferId });
          await audit.write(tx, by, 'reconciliation.resolve', `recon_item:${item.id}`, origin, {
            before: { state: 'open', kind: item.kind, orderId: item.order_id },
            after: { state, reason: input.reason, transferId },
          });
          return toItem(resolved);
        });
      } catch (err) {
        // The file's UTR is on another order already: one bank transfer never completes two.
        if (isUniqueViolation(err)) throw new AppError('UTR_ALREADY_USED', 'This UTR is on another order already: explain this item');
        throw err;
      }
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;


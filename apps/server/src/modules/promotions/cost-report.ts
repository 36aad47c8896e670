import { BONUS_SOURCES, minorToDecimal, type PromotionCostQuery, type PromotionCostReport } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { toCsv, type AuditLog, type RequestOrigin } from '../admin';
import { accountCodes, getBalances, sumTransfersByReference } from '../ledger';
import { addDays, istDayStart } from '../reports';
import * as repo from './cost-repo';
import { costReport, type CostGrant, type CostTransfer } from './cost-rules';

/**
 * Every kind of bonus money movement: the grant and its three ends (decision 490). Named, not taken
 * by category: bonus_convert is filed as `internal` (cash for every rule once converted).
 */
const BONUS_KINDS = ['bonus_grant', 'bonus_convert', 'bonus_forfeit', 'bonus_expire'] as const;

export type PromotionCostDeps = { db: Db; audit: AuditLog };

const FIGURES = ['granted', 'converted', 'forfeited', 'expired', 'outstanding'] as const;

/** The report as CSV: one line per offer and a total line; counts, and amounts in rupees with two decimals. */
export function costCsv(report: PromotionCostReport): string {
  const header = ['source', 'offer', 'gift_code_id', ...FIGURES.flatMap((f) => [f, `${f}_inr`])];
  const figures = (r: Pick<PromotionCostReport['rows'][number], (typeof FIGURES)[number]>) => FIGURES.flatMap((f) => [r[f].count, minorToDecimal(r[f].amountMinor)]);
  const rows = report.rows.map((r) => [r.source, r.offerRef, r.giftCodeId ?? '', ...figures(r)]);
  return toCsv(header, [...rows, ['total', '', '', ...figures(report.totals)]]);
}

/**
 * The offers' cost report (docs/promotions.md, "Console and cost"): the ledger is the truth. The
 * bonus transfers posted in the range's IST days are summed per grant, placed by the grant's source
 * and offer, and the active grants' balances now are what is still outstanding. One read-only
 * snapshot, so the sums and balances agree even while grants end.
 */
export function createPromotionCostReport({ db, audit }: PromotionCostDeps) {
  async function costs(range: PromotionCostQuery): Promise<PromotionCostReport> {
    return db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      // IST days, as the reports read them: from the first day's midnight to the midnight after the last.
      const window = { from: istDayStart(range.from), to: istDayStart(addDays(range.to, 1)) };
      const sums = await sumTransfersByReference(tx, BONUS_KINDS, window);
      const transfers: CostTransfer[] = sums.map((s) => ({ grantId: s.reference ?? '', kind: s.kind as CostTransfer['kind'], transfers: s.transfers, amountMinor: s.amountMinor }));
      const active = await repo.selectActiveGrantSources(tx);
      const balances = await getBalances(tx, active.map((g) => accountCodes.playerBonus(g.player_id, g.id)));
      const rows = [...(await repo.selectGrantSources(tx, [...new Set(transfers.map((t) => t.grantId))])), ...active];
      const grants = new Map<string, CostGrant>(rows.map((g) => [g.id, { id: g.id, source: g.source, sourceRef: g.source_ref }]));
      const giftCodes = [...new Set(rows.filter((g) => g.source === 'gift_code').map((g) => g.source_ref))];
      return costReport({
        range,
        sources: BONUS_SOURCES,
        transfers,
        outstanding: active.map((g) => ({ id: g.id, source: g.source, sourceRef: g.source_ref, balanceMinor: Number(balances.get(accountCodes.playerBonus(g.player_id, g.id)) ?? 0) })),
        grants,
        giftCodeIds: await repo.selectGiftCodeIds(tx, giftCodes),
      });
    });
  }
  return {
    costs,
    /** The report as CSV; the export is written to the audit log, as the reports' exports are. */
    async csv(range: PromotionCostQuery, by: { id: number; username: string }, origin: RequestOrigin): Promise<string> {
      const csv = costCsv(await costs(range));
      await audit.write(db, by, 'reports.export', 'report:promotions_cost', origin, { after: { report: 'promotions_cost', ...range } });
      return csv;
    },
  };
}

export type PromotionCostService = ReturnType<typeof createPromotionCostReport>;

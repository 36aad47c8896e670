import type { BonusSource, PromotionCostFigure, PromotionCostFigures, PromotionCostReport } from '@colorplay/contract';

/**
 * The cost report's arithmetic (docs/promotions.md, "Console and cost"), pure: the ledger's bonus
 * transfers of a range, each by its grant, are grouped by the grant's source and offer, with the
 * active grants' balances now as what is still outstanding.
 */

export type CostTransfer = { grantId: string; kind: 'bonus_grant' | 'bonus_convert' | 'bonus_forfeit' | 'bonus_expire'; transfers: number; amountMinor: number };
export type CostGrant = { id: string; source: BonusSource; sourceRef: string };
export type OutstandingGrant = CostGrant & { balanceMinor: number };

const FIGURE_OF = { bonus_grant: 'granted', bonus_convert: 'converted', bonus_forfeit: 'forfeited', bonus_expire: 'expired' } as const;

const zero = (): PromotionCostFigure => ({ count: 0, amountMinor: 0 });
const noFigures = (): PromotionCostFigures => ({ granted: zero(), converted: zero(), forfeited: zero(), expired: zero(), outstanding: zero() });
const add = (f: PromotionCostFigure, count: number, amountMinor: number) => {
  f.count += count;
  f.amountMinor += amountMinor;
};

/**
 * Rows per (source, offer), ordered by source as BONUS_SOURCES lists them then by offer, and the
 * totals. A transfer whose grant is unknown cannot be placed: it is refused rather than dropped,
 * so the totals always equal the ledger's.
 */
export function costReport(input: {
  range: { from: string; to: string };
  sources: readonly BonusSource[];
  transfers: readonly CostTransfer[];
  outstanding: readonly OutstandingGrant[];
  grants: ReadonlyMap<string, CostGrant>;
  giftCodeIds: ReadonlyMap<string, number>;
}): PromotionCostReport {
  const rows = new Map<string, PromotionCostReport['rows'][number]>();
  const totals = noFigures();
  const rowOf = (g: CostGrant) => {
    const key = `${g.source}\u0000${g.sourceRef}`;
    let row = rows.get(key);
    if (!row) {
      row = { source: g.source, offerRef: g.sourceRef, giftCodeId: g.source === 'gift_code' ? (input.giftCodeIds.get(g.sourceRef) ?? null) : null, ...noFigures() };
      rows.set(key, row);
    }
    return row;
  };
  for (const t of input.transfers) {
    const g = input.grants.get(t.grantId);
    if (!g) throw new Error(`A ${t.kind} transfer names grant ${t.grantId}, which has no row`);
    const figure = FIGURE_OF[t.kind];
    add(rowOf(g)[figure], t.transfers, t.amountMinor);
    add(totals[figure], t.transfers, t.amountMinor);
  }
  for (const g of input.outstanding) {
    add(rowOf(g).outstanding, 1, g.balanceMinor);
    add(totals.outstanding, 1, g.balanceMinor);
  }
  const order = (s: BonusSource) => input.sources.indexOf(s);
  const sorted = [...rows.values()].sort((a, b) => order(a.source) - order(b.source) || (a.offerRef < b.offerRef ? -1 : a.offerRef > b.offerRef ? 1 : 0));
  return { from: input.range.from, to: input.range.to, rows: sorted, totals };
}

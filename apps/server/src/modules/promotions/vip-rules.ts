import { VIP_LEVELS, type VipLevelRow } from '@colorplay/contract';

/**
 * VIP's pure rule (docs/promotions.md, decision 546): a level from tenure and verified play only.
 * Losses and deposits are not inputs, so nothing here can reward losing or paying in.
 */

const DAY_MS = 86_400_000;

export type VipFacts = {
  registeredAt: Date;
  kycVerified: boolean;
  /** Lifetime net stakes minus their hedged part (as the wagering rules count play), never below 0. */
  verifiedPlayMinor: number;
};

/** Whole days since registration at `now` (0 on the first day; never negative). */
export function tenureDays(registeredAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - registeredAt.getTime()) / DAY_MS));
}

/** True when the facts meet every condition of the level. */
const meets = (row: VipLevelRow, days: number, f: VipFacts) =>
  days >= row.tenureDays && (!row.kycVerified || f.kycVerified) && f.verifiedPlayMinor >= row.verifiedPlayMinor;

/** The highest published level whose conditions (and those of every level below it) all hold at `now`. */
export function vipLevel(f: VipFacts, now: Date, levels: readonly VipLevelRow[] = VIP_LEVELS): number {
  const days = tenureDays(f.registeredAt, now);
  let level = 0;
  for (const row of levels) {
    if (!meets(row, days, f)) break;
    level = row.level;
  }
  return level;
}

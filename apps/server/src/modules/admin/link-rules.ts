import { LINK_REASONS, type LinkReason } from '@colorplay/contract';

/** How far each link-alert scan reaches back before the previous one's end (decision 432). */
export const LINK_SCAN_OVERLAP_MS = 10 * 60_000;

/** One fact a player shares with another account: which, what (a masked summary) and since when. */
export type LinkFact = { playerId: number; reason: LinkReason; detail: string | null; at: Date };

export type MergedLink = { playerId: number; reasons: { reason: LinkReason; detail: string | null; since: string }[] };

/**
 * The links of `self` from the facts it shares (decision 430): one link per other account with
 * each reason once (its earliest time), in a fixed order; never a link to itself.
 */
export function mergeLinks(self: number, facts: readonly LinkFact[]): MergedLink[] {
  const byPlayer = new Map<number, Map<string, LinkFact>>();
  for (const f of facts) {
    if (f.playerId === self) continue;
    const reasons = byPlayer.get(f.playerId) ?? new Map<string, LinkFact>();
    const key = `${f.reason}\0${f.detail ?? ''}`;
    const seen = reasons.get(key);
    if (!seen || f.at < seen.at) reasons.set(key, f);
    byPlayer.set(f.playerId, reasons);
  }
  return [...byPlayer.entries()]
    .sort(([a], [b]) => a - b)
    .map(([playerId, reasons]) => ({
      playerId,
      reasons: [...reasons.values()]
        .sort((a, b) => LINK_REASONS.indexOf(a.reason) - LINK_REASONS.indexOf(b.reason))
        .map((f) => ({ reason: f.reason, detail: f.detail, since: f.at.toISOString() })),
    }));
}

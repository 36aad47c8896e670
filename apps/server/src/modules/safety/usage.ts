import type { SafetyLimitKind, SafetyPeriod } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import { sumPlayerEntriesByKindSince } from '../ledger';
import * as repo from './repo';
import { netLossOf, PLAY_KINDS, stakedOf, STAKE_KINDS, STAKE_RETURN_KINDS, windowStart, type BlockState, type LimitState, type LimitUse } from './rules';

/** Rows as the pure rules (rules.ts) see them, and what each limit has used: shared by the player's state and the checks. */

export function blockStateOf(row: repo.ControlsRow | undefined): BlockState {
  return {
    breakUntil: row?.break_until ?? null,
    exclusionStartedAt: row?.exclusion_started_at ?? null,
    exclusionUntil: row?.exclusion_until ?? null,
    reopenRequestedAt: row?.reopen_requested_at ?? null,
  };
}

export const limitStateOf = (row: repo.LimitRow | undefined): LimitState => ({
  amountMinor: row?.amount_minor ?? null,
  pendingAmountMinor: row?.pending_amount_minor ?? null,
  pendingRequestedAt: row?.pending_requested_at ?? null,
});

/** What each limit kind has used in a window, read inside the caller's transaction. */
export async function usedIn(q: Queryable, playerId: number, kind: SafetyLimitKind, period: SafetyPeriod, now: Date): Promise<number> {
  const since = windowStart(period, now);
  if (kind === 'deposit') return repo.sumDepositUsage(q, playerId, since);
  const sums = await sumPlayerEntriesByKindSince(q, playerId, kind === 'loss' ? PLAY_KINDS : [...STAKE_KINDS, ...STAKE_RETURN_KINDS], since);
  return kind === 'loss' ? netLossOf(sums) : stakedOf(sums);
}

export async function usesOf(q: Queryable, playerId: number, kind: SafetyLimitKind, limits: repo.LimitRow[], now: Date): Promise<LimitUse[]> {
  const uses: LimitUse[] = [];
  for (const l of limits) {
    if (l.player_id !== playerId || l.kind !== kind || l.amount_minor === null) continue;
    uses.push({ period: l.period, limitMinor: l.amount_minor, usedMinor: await usedIn(q, playerId, kind, l.period, now) });
  }
  return uses;
}


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

/**
 * What each limit kind has used in a window, read inside the caller's transaction, and for
 * deposits what open orders hold against it (`reservedMinor`; 0 for the other kinds).
 */
export async function usageIn(q: Queryable, playerId: number, kind: SafetyLimitKind, period: SafetyPeriod, now: Date): Promise<{ usedMinor: number; reservedMinor: number }> {
  const since = windowStart(period, now);
  if (kind === 'deposit') {
    const { creditedMinor, reservedMinor } = await repo.sumDepositUsage(q, playerId, since);
    return { usedMinor: creditedMinor, reservedMinor };
  }
  const sums = await sumPlayerEntriesByKindSince(q, playerId, kind === 'loss' ? PLAY_KINDS : [...STAKE_KINDS, ...STAKE_RETURN_KINDS], since);
  return { usedMinor: kind === 'loss' ? netLossOf(sums) : stakedOf(sums), reservedMinor: 0 };
}

/**
 * Each limit of `kind` in force with what counts against it: for deposits, what was credited
 * and what open orders hold (decision 390); for stakes and losses, what the ledger says.
 */
export async function usesOf(q: Queryable, playerId: number, kind: SafetyLimitKind, limits: repo.LimitRow[], now: Date): Promise<LimitUse[]> {
  const uses: LimitUse[] = [];
  for (const l of limits) {
    if (l.player_id !== playerId || l.kind !== kind || l.amount_minor === null) continue;
    const { usedMinor, reservedMinor } = await usageIn(q, playerId, kind, l.period, now);
    uses.push({ period: l.period, limitMinor: l.amount_minor, usedMinor: usedMinor + reservedMinor });
  }
  return uses;
}

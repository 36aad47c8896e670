/**
 * Responsible-gambling rules, pure: limit changes and their cooling-off, breaks, self-exclusion
 * and reopening, and the checks the money paths make. Time is always an argument (conventions.md).
 */
import { LIMIT_COOLING_OFF_HOURS, REOPEN_WAIT_HOURS, type SafetyPeriod } from '@colorplay/contract';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Rolling windows: a "day" limit counts the last 24 hours, and so on. */
export const PERIOD_MS: Record<SafetyPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };
export const COOLING_OFF_MS = LIMIT_COOLING_OFF_HOURS * HOUR_MS;
export const REOPEN_WAIT_MS = REOPEN_WAIT_HOURS * HOUR_MS;

/** The start of a window ending now. */
export const windowStart = (period: SafetyPeriod, now: Date): Date => new Date(now.getTime() - PERIOD_MS[period]);

/** A limit as stored: the amount in force (null: none) and a raise or removal waiting. */
export type LimitState = {
  amountMinor: number | null;
  /** Set when a raise or removal waits; `pendingAmountMinor` null then means removal. */
  pendingRequestedAt: Date | null;
  pendingAmountMinor: number | null;
};

export const NO_LIMIT: LimitState = { amountMinor: null, pendingRequestedAt: null, pendingAmountMinor: null };

/** Tighter means a smaller amount, and any amount is tighter than none. */
function isTighter(requested: number | null, current: number | null): boolean {
  if (requested === null) return false;
  return current === null || requested < current;
}

export type LimitChange =
  /** Lowered (or first set): in force at once, any waiting raise dropped. */
  | { effect: 'applied'; next: LimitState }
  /** A raise or removal: waits COOLING_OFF_MS, then needs the player's confirmation. */
  | { effect: 'pending'; next: LimitState; confirmableAt: Date }
  /** The same as the limit in force: nothing waits any more. */
  | { effect: 'unchanged'; next: LimitState };

/** The player asks for `requested` (null: no limit). Lowering is immediate; raising waits. */
export function requestLimitChange(current: LimitState, requested: number | null, now: Date): LimitChange {
  if (requested === current.amountMinor) {
    return { effect: 'unchanged', next: { amountMinor: current.amountMinor, pendingRequestedAt: null, pendingAmountMinor: null } };
  }
  if (isTighter(requested, current.amountMinor)) {
    return { effect: 'applied', next: { amountMinor: requested, pendingRequestedAt: null, pendingAmountMinor: null } };
  }
  // A new raise restarts the cooling-off, even when one was already waiting: otherwise a player
  // could queue a small raise and turn it into a large one the moment it matures.
  return {
    effect: 'pending',
    next: { amountMinor: current.amountMinor, pendingRequestedAt: now, pendingAmountMinor: requested },
    confirmableAt: new Date(now.getTime() + COOLING_OFF_MS),
  };
}

export type ConfirmOutcome =
  | { ok: true; next: LimitState }
  | { ok: false; reason: 'nothing_pending' }
  | { ok: false; reason: 'cooling_off'; confirmableAt: Date };

/** The player confirms a waiting raise or removal; only after its cooling-off. */
export function confirmLimitChange(current: LimitState, now: Date): ConfirmOutcome {
  if (current.pendingRequestedAt === null) return { ok: false, reason: 'nothing_pending' };
  const confirmableAt = new Date(current.pendingRequestedAt.getTime() + COOLING_OFF_MS);
  if (now.getTime() < confirmableAt.getTime()) return { ok: false, reason: 'cooling_off', confirmableAt };
  return { ok: true, next: { amountMinor: current.pendingAmountMinor, pendingRequestedAt: null, pendingAmountMinor: null } };
}

/** When a waiting change may be confirmed, or null when none waits. */
export const confirmableAt = (s: LimitState): Date | null =>
  s.pendingRequestedAt === null ? null : new Date(s.pendingRequestedAt.getTime() + COOLING_OFF_MS);

/** Breaks and self-exclusion as stored. */
export type BlockState = {
  breakUntil: Date | null;
  exclusionStartedAt: Date | null;
  exclusionUntil: Date | null;
  reopenRequestedAt: Date | null;
};

export const NO_BLOCK: BlockState = { breakUntil: null, exclusionStartedAt: null, exclusionUntil: null, reopenRequestedAt: null };

export type Block =
  | { kind: 'none' }
  | { kind: 'break'; until: Date }
  | { kind: 'exclusion'; until: Date }
  /** The exclusion ended; closed until the player asks to reopen and 24 hours pass. */
  | { kind: 'closed'; since: Date; reopenRequestedAt: Date | null; reopensAt: Date | null };

/** The block in force at `now`. An exclusion (and the closed account after it) outranks a break. */
export function blockAt(s: BlockState, now: Date): Block {
  const t = now.getTime();
  if (s.exclusionUntil) {
    if (t < s.exclusionUntil.getTime()) return { kind: 'exclusion', until: s.exclusionUntil };
    // Only a request made after the exclusion ended counts (one made during it is refused anyway).
    const request = s.reopenRequestedAt && s.reopenRequestedAt.getTime() >= s.exclusionUntil.getTime() ? s.reopenRequestedAt : null;
    const reopensAt = request ? new Date(request.getTime() + REOPEN_WAIT_MS) : null;
    if (!reopensAt || t < reopensAt.getTime()) return { kind: 'closed', since: s.exclusionUntil, reopenRequestedAt: request, reopensAt };
  }
  if (s.breakUntil && t < s.breakUntil.getTime()) return { kind: 'break', until: s.breakUntil };
  return { kind: 'none' };
}

export type BlockChange = { ok: true; next: BlockState } | { ok: false; reason: string };

/** A break of `days` from now. It can be extended but never shortened, and not taken while excluded. */
export function takeBreak(s: BlockState, days: number, now: Date): BlockChange {
  const block = blockAt(s, now);
  if (block.kind === 'exclusion' || block.kind === 'closed') return { ok: false, reason: 'Your account is self-excluded' };
  const until = new Date(now.getTime() + days * DAY_MS);
  if (block.kind === 'break' && until.getTime() <= block.until.getTime()) {
    return { ok: false, reason: 'You are already on a break that ends later' };
  }
  return { ok: true, next: { ...s, breakUntil: until } };
}

/** Adds whole calendar months in UTC, clamping the day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/** Self-exclusion for `months` from now; effective at once, extendable, never shortened. */
export function selfExclude(s: BlockState, months: number, now: Date): BlockChange {
  if (months < 6) return { ok: false, reason: 'Self-exclusion is for at least 6 months' };
  const block = blockAt(s, now);
  const until = addMonths(now, months);
  if (block.kind === 'exclusion' && until.getTime() <= block.until.getTime()) {
    return { ok: false, reason: 'You are already excluded for longer' };
  }
  const startedAt = block.kind === 'exclusion' && s.exclusionStartedAt ? s.exclusionStartedAt : now;
  return { ok: true, next: { ...s, exclusionStartedAt: startedAt, exclusionUntil: until, reopenRequestedAt: null } };
}

/** After the exclusion ended, the player asks to reopen; the account reopens 24 hours later. */
export function requestReopen(s: BlockState, now: Date): BlockChange {
  const block = blockAt(s, now);
  if (block.kind === 'exclusion') return { ok: false, reason: 'Your self-exclusion has not ended yet' };
  if (block.kind !== 'closed') return { ok: false, reason: 'Your account is not closed' };
  if (block.reopenRequestedAt) return { ok: true, next: s };
  return { ok: true, next: { ...s, reopenRequestedAt: now } };
}

/** What a block refuses: everything that moves money toward play. Withdrawals and history stay open. */
export type BlockRefusal = { code: 'PLAYER_ON_BREAK' | 'SELF_EXCLUDED'; until: Date | null };

export function refusalOf(block: Block): BlockRefusal | null {
  switch (block.kind) {
    case 'none':
      return null;
    case 'break':
      return { code: 'PLAYER_ON_BREAK', until: block.until };
    case 'exclusion':
      return { code: 'SELF_EXCLUDED', until: block.until };
    case 'closed':
      return { code: 'SELF_EXCLUDED', until: block.reopensAt };
  }
}

/**
 * Whether the withdrawals' wagering lock is waived (decision 400): a self-excluded player (and
 * the closed account after the exclusion, until it reopens) may not play, so a lock that only
 * play can clear would freeze their money for months. A break keeps the lock: it ends by itself.
 */
export function waivesWageringLock(block: Block): boolean {
  return block.kind === 'exclusion' || block.kind === 'closed';
}

/** One limit in force with what the window has used. */
export type LimitUse = { period: SafetyPeriod; limitMinor: number; usedMinor: number };

export type LimitVerdict = { ok: true } | { ok: false; period: SafetyPeriod; remainingMinor: number };

/**
 * Whether `amountMinor` more fits every window. On refusal it names the tightest window and what
 * is left in it (never below zero), which the error shows the player.
 */
export function checkLimits(uses: readonly LimitUse[], amountMinor: number): LimitVerdict {
  let worst: { period: SafetyPeriod; remainingMinor: number } | null = null;
  for (const u of uses) {
    const remainingMinor = Math.max(0, u.limitMinor - u.usedMinor);
    if (amountMinor > remainingMinor && (worst === null || remainingMinor < worst.remainingMinor)) worst = { period: u.period, remainingMinor };
  }
  return worst ? { ok: false, ...worst } : { ok: true };
}

/**
 * The limits whose window's credited deposits are over the limit: a payment that had to be
 * credited (it is the player's money) took the player past them (decision 392).
 */
export function limitsPassed<T extends LimitUse>(uses: readonly T[]): T[] {
  return uses.filter((u) => u.usedMinor > u.limitMinor);
}

/**
 * When a deposit of `amountMinor`, refused now in one window, would fit it: the moment enough of
 * the window's credits (oldest first, each dated when credited) have left it. Null when the
 * credits leaving cannot make room, because open orders hold what is missing (they end when
 * paid or closed, not by time). Pure: the caller passes the window's credits and its length.
 */
export function depositAllowedAt(
  credits: readonly { at: Date; amountMinor: number }[],
  w: { limitMinor: number; reservedMinor: number; periodMs: number },
  amountMinor: number,
): Date | null {
  const used = credits.reduce((sum, c) => sum + c.amountMinor, 0);
  let excess = used + w.reservedMinor + amountMinor - w.limitMinor;
  if (excess <= 0) return null;
  for (const c of [...credits].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    excess -= c.amountMinor;
    // The window is `created_at >= now - period`: a credit leaves it just after at + period.
    if (excess <= 0) return new Date(c.at.getTime() + w.periodMs + 1);
  }
  return null;
}

/** Ledger kinds whose player-side sum is the net result of play (stakes negative, payouts positive). */
export const PLAY_KINDS = ['lottery_bet', 'lottery_payout', 'lottery_refund', 'vendor_bet', 'vendor_win', 'vendor_rollback'] as const;
/** Kinds that stake money, and those that hand stakes back (a voided round, a vendor's rollback). */
export const STAKE_KINDS = ['lottery_bet', 'vendor_bet'] as const;
export const STAKE_RETURN_KINDS = ['lottery_refund', 'vendor_rollback'] as const;
/** Deposits in, withdrawals out (a hold is a withdrawal until it is released, fails or is reversed). */
export const DEPOSIT_KINDS = ['deposit', 'deposit_usdt'] as const;
export const WITHDRAWAL_KINDS = ['withdrawal_hold', 'withdrawal_release', 'withdrawal_failed', 'withdrawal_reversed'] as const;

/** Net loss from player-side sums by kind: stakes lost minus payouts, never below zero. */
export function netLossOf(sums: Record<string, number>): number {
  const net = PLAY_KINDS.reduce((acc, k) => acc + (sums[k] ?? 0), 0);
  return Math.max(0, -net);
}

/** Money staked from player-side sums by kind: stakes minus stakes handed back. */
export function stakedOf(sums: Record<string, number>): number {
  const staked = -STAKE_KINDS.reduce((acc, k) => acc + (sums[k] ?? 0), 0);
  const returned = STAKE_RETURN_KINDS.reduce((acc, k) => acc + (sums[k] ?? 0), 0);
  return Math.max(0, staked - returned);
}

/** Deposits minus withdrawals from player-side sums by kind. */
export function netDepositsOf(sums: Record<string, number>): number {
  return [...DEPOSIT_KINDS, ...WITHDRAWAL_KINDS].reduce((acc, k) => acc + (sums[k] ?? 0), 0);
}

import { CLOSURE_BALANCE_RULES, type DepositLimitPass, type SafetyPeriod } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import * as repo from './repo';
import { blockAt, checkLimits, depositAllowedAt, limitsPassed, PERIOD_MS, refusalOf, windowStart, type Block, type LimitUse } from './rules';
import type { SafetySettings } from './settings';
import { blockStateOf, usageIn, usesOf } from './usage';

/**
 * A refusal by a control. It carries the player so the app can count it for the console's list of
 * players who hit limits often (after the refused transaction rolled back).
 */
export class SafetyRefusal extends AppError {
  constructor(
    readonly playerId: number,
    code: 'DEPOSIT_LIMIT_EXCEEDED' | 'DEPOSIT_LIMIT_REQUIRED' | 'STAKE_LIMIT_EXCEEDED' | 'LOSS_LIMIT_EXCEEDED' | 'PLAYER_ON_BREAK' | 'SELF_EXCLUDED' | 'ACCOUNT_SUSPENDED' | 'ACCOUNT_CLOSED',
    message: string,
    details?: Record<string, string | number | null>,
  ) {
    super(code, message, undefined, undefined, details);
    this.name = 'SafetyRefusal';
  }
}

/** One stake to check: a Wingo bet, a vendor debit, later a K3/5D/Trx bet. */
export type StakeCheck = { playerId: number; stakeMinor: number };

const rupees = (minor: number) => `₹${(minor / 100).toFixed(2).replace(/\.00$/, '')}`;
const PERIOD_WORDS: Record<SafetyPeriod, string> = { day: '24-hour', week: '7-day', month: '30-day' };

function blockRefusal(playerId: number, block: Block): SafetyRefusal | null {
  const refusal = refusalOf(block);
  if (!refusal) return null;
  const until = refusal.until?.toISOString() ?? null;
  return refusal.code === 'PLAYER_ON_BREAK'
    ? new SafetyRefusal(playerId, 'PLAYER_ON_BREAK', `You are taking a break until ${until}. Withdrawals and your history stay available.`, { until })
    : new SafetyRefusal(playerId, 'SELF_EXCLUDED', 'Your account is self-excluded. Withdrawals and your history stay available.', { until });
}

/** The refusal of a closed account (decision 440), or null when it is not closed. */
function closedRefusal(playerId: number, row: repo.ControlsRow | undefined): SafetyRefusal | null {
  if (!row?.closed_at || !row.closure_reason) return null;
  const held = CLOSURE_BALANCE_RULES[row.closure_reason] === 'hold';
  const message = held
    ? 'Your account is closed and its balance is held while the closure is reviewed. You can still sign in and see your history; contact support.'
    : 'Your account is closed. You can still sign in, see your history and withdraw your balance.';
  return new SafetyRefusal(playerId, 'ACCOUNT_CLOSED', message, { since: row.closed_at.toISOString(), balance: held ? 'held' : 'withdrawable' });
}

/**
 * What the controls row refuses: an operator's closure first (decision 440), then a suspension
 * (decision 420), else the player's own break or exclusion. All leave sign-in and history open.
 */
function rowRefusal(playerId: number, row: repo.ControlsRow | undefined, now: Date): SafetyRefusal | null {
  const closed = closedRefusal(playerId, row);
  if (closed) return closed;
  if (row?.suspended_at) {
    return new SafetyRefusal(playerId, 'ACCOUNT_SUSPENDED', 'Your account is suspended. You can still sign in, see your history and withdraw; contact support.', {
      since: row.suspended_at.toISOString(),
    });
  }
  return blockRefusal(playerId, blockAt(blockStateOf(row), now));
}

/**
 * The checks every money path makes in its own transaction (deposit orders, stakes of every
 * game, vendor debits, launches), and the count of refusals for the console. The player's own
 * changes of their controls are service.ts.
 */
export function createSafetyChecks({ clock, settings }: { clock: Clock; settings: SafetySettings }) {
  /**
   * The set-based stake check (Wingo today; K3, 5D and Trx Win call the same function): for a
   * batch of stakes in the caller's transaction, the refusal of each (null when it may go ahead).
   * Stakes of one player add up in batch order, so a batch cannot pass a limit that single bets
   * could not. It locks the controls rows of the players who have any (sorted by player id, before
   * the caller's ledger locks); players with no control cost one indexed read and no lock.
   */
  async function checkStakes(tx: Queryable, stakes: readonly StakeCheck[]): Promise<(SafetyRefusal | null)[]> {
    const ids = [...new Set(stakes.map((s) => s.playerId))];
    if (ids.length === 0) return [];
    const now = clock.now();
    // Every change of a control goes through the player's controls row (lockControls creates
    // it), so a player without one has no limit, break or exclusion: one indexed read, no lock.
    const present = await repo.selectControls(tx, ids);
    const controlled = new Set(present.map((c) => Number(c.player_id)));
    if (controlled.size === 0) return stakes.map(() => null);
    const locked = await repo.lockControls(tx, [...controlled], now);
    const freshLimits = await repo.selectLimits(tx, [...controlled]);
    const added = new Map<number, number>();
    const usesCache = new Map<string, LimitUse[]>();
    const out: (SafetyRefusal | null)[] = [];
    for (const s of stakes) {
      if (!controlled.has(s.playerId)) {
        out.push(null);
        continue;
      }
      const block = rowRefusal(s.playerId, locked.find((c) => Number(c.player_id) === s.playerId), now);
      if (block) {
        out.push(block);
        continue;
      }
      const before = added.get(s.playerId) ?? 0;
      let refusal: SafetyRefusal | null = null;
      for (const kind of ['stake', 'loss'] as const) {
        const key = `${s.playerId}:${kind}`;
        let uses = usesCache.get(key);
        if (!uses) usesCache.set(key, (uses = await usesOf(tx, s.playerId, kind, freshLimits, now)));
        // A stake can be lost in full, so it counts toward the loss limit as much as the stake limit.
        const verdict = checkLimits(uses.map((u) => ({ ...u, usedMinor: u.usedMinor + before })), s.stakeMinor);
        if (!verdict.ok) {
          const code = kind === 'stake' ? 'STAKE_LIMIT_EXCEEDED' : 'LOSS_LIMIT_EXCEEDED';
          const what = kind === 'stake' ? 'stake' : 'loss';
          refusal = new SafetyRefusal(s.playerId, code, `This is over your ${PERIOD_WORDS[verdict.period]} ${what} limit: ${rupees(verdict.remainingMinor)} left`, {
            remainingMinor: verdict.remainingMinor,
            period: verdict.period,
          });
          break;
        }
      }
      if (!refusal) added.set(s.playerId, before + s.stakeMinor);
      out.push(refusal);
    }
    return out;
  }

  /** Each deposit limit in force with what was credited in its window (open orders not counted). */
  async function creditsAgainstLimits(q: Queryable, playerId: number, now: Date): Promise<DepositLimitPass[]> {
    const out: DepositLimitPass[] = [];
    for (const l of await repo.selectLimits(q, [playerId])) {
      if (l.kind !== 'deposit' || l.amount_minor === null) continue;
      out.push({ period: l.period, limitMinor: l.amount_minor, usedMinor: (await usageIn(q, playerId, 'deposit', l.period, now)).usedMinor });
    }
    return out;
  }

  /**
   * When a refused deposit would fit every window (decision 392): the latest of the moments each
   * refusing window's credits make room, or null when open orders hold what is missing.
   */
  async function depositAllowedFrom(q: Queryable, playerId: number, uses: readonly LimitUse[], amountMinor: number, now: Date): Promise<Date | null> {
    let latest: Date | null = null;
    for (const u of uses) {
      if (amountMinor <= u.limitMinor - u.usedMinor) continue;
      const credits = await repo.selectDepositCredits(q, playerId, windowStart(u.period, now));
      const reservedMinor = u.usedMinor - credits.reduce((sum, c) => sum + c.amountMinor, 0);
      const at = depositAllowedAt(credits, { limitMinor: u.limitMinor, reservedMinor, periodMs: PERIOD_MS[u.period] }, amountMinor);
      if (!at) return null;
      if (!latest || at > latest) latest = at;
    }
    return latest;
  }

  /** Refuses play (a launch) during a suspension, break or exclusion; nothing written. */
  async function playRefusal(q: Queryable, playerId: number): Promise<SafetyRefusal | null> {
    // Share-locked: a launch (and its transfer-mode purse move) waits for a suspension being written.
    const controls = await repo.selectControlsShared(q, playerId);
    return controls ? rowRefusal(playerId, controls, clock.now()) : null;
  }

  return {
    /**
     * In the deposit order's transaction (UPI or USDT): refuses during a break or exclusion, when
     * the operator requires a limit and none is set, or over the remaining limit (the error names
     * what is left); otherwise counts the order toward the player's deposit limits. The player's
     * controls row is locked, so two orders at once are counted one after the other.
     */
    async checkDeposit(tx: Queryable, input: { playerId: number; orderRef: string; amountMinor: number }): Promise<void> {
      const now = clock.now();
      const [controls] = await repo.lockControls(tx, [input.playerId], now);
      const block = rowRefusal(input.playerId, controls, now);
      if (block) throw block;
      const limits = await repo.selectLimits(tx, [input.playerId]);
      const uses = await usesOf(tx, input.playerId, 'deposit', limits, now);
      if (settings.mandatoryDepositLimit && uses.length === 0) {
        throw new SafetyRefusal(input.playerId, 'DEPOSIT_LIMIT_REQUIRED', 'Set a deposit limit before your first deposit');
      }
      const verdict = checkLimits(uses, input.amountMinor);
      if (!verdict.ok) {
        const until = await depositAllowedFrom(tx, input.playerId, uses, input.amountMinor, now);
        throw new SafetyRefusal(
          input.playerId,
          'DEPOSIT_LIMIT_EXCEEDED',
          `This is over your ${PERIOD_WORDS[verdict.period]} deposit limit: you can deposit ${rupees(verdict.remainingMinor)} more now` +
            (until ? `, or this amount from ${until.toISOString()}` : ''),
          { remainingMinor: verdict.remainingMinor, period: verdict.period, until: until?.toISOString() ?? null },
        );
      }
      await repo.insertDepositUsage(tx, { orderRef: input.orderRef, playerId: input.playerId, amountMinor: input.amountMinor, now });
    },

    /**
     * An order's share stops counting: it can no longer be paid (failed, closed at the gateway,
     * or past the gateway's payment window). True when it was counting until now.
     */
    async depositReleased(tx: Queryable, orderRef: string): Promise<boolean> {
      return repo.setDepositUsageReleased(tx, orderRef, clock.now());
    },

    /** Money was seen for an order whose share was released (a USDT transfer after the expiry): it counts again until credited. */
    async depositRestored(tx: Queryable, orderRef: string): Promise<void> {
      await repo.setDepositUsageReleased(tx, orderRef, null);
    },

    /**
     * A deposit is credited, in its transaction and before the ledger posts it (the controls lock
     * comes before ledger locks on every money path). The order's share becomes the credit,
     * dated now, so the "used" figure is exactly what was credited (decision 391). The money is
     * the player's, so it is never refused here: the answer names the deposit limits the
     * credits of a window now pass, for the caller to alert operators; while they do, the
     * remaining limit is 0 and checkDeposit refuses new orders until the window allows them.
     */
    async depositCredited(tx: Queryable, c: { orderRef: string; creditKey: string; playerId: number; amountMinor: number }): Promise<DepositLimitPass[]> {
      const now = clock.now();
      await repo.lockControls(tx, [c.playerId], now);
      await repo.recordDepositCredit(tx, { ...c, now });
      return limitsPassed(await creditsAgainstLimits(tx, c.playerId, now));
    },

    /**
     * The player's deposit limits that crediting `creditMinor` now would pass, each with what the
     * window's credits would then add up to (open orders aside): what a review queue (UTR or
     * USDT) shows before an operator approves a credit by hand (decision 393). Empty when none.
     */
    async depositLimitWarning(q: Queryable, playerId: number, creditMinor: number): Promise<DepositLimitPass[]> {
      if (creditMinor <= 0) return [];
      const uses = await creditsAgainstLimits(q, playerId, clock.now());
      return limitsPassed(uses.map((u) => ({ ...u, usedMinor: u.usedMinor + creditMinor })));
    },

    checkStakes,

    /** One stake: throws its refusal (the caller's transaction rolls back). */
    async assertStake(tx: Queryable, stake: StakeCheck): Promise<void> {
      const [refusal] = await checkStakes(tx, [stake]);
      if (refusal) throw refusal;
    },

    /** The refusal a launch meets during a break or exclusion, or null (nothing thrown, nothing written). */
    playRefusal,

    /** A game launch: refused during a break or exclusion. */
    async assertMayPlay(q: Queryable, playerId: number): Promise<void> {
      const refusal = await playRefusal(q, playerId);
      if (refusal) throw refusal;
    },

    /**
     * A step that moves no money toward play but must not go ahead on a suspended or closed
     * account (the UTR of a deposit order): throws ACCOUNT_SUSPENDED or ACCOUNT_CLOSED. A break or
     * exclusion does not refuse it.
     */
    async assertNotSuspended(tx: Queryable, playerId: number): Promise<void> {
      const row = await repo.selectControlsShared(tx, playerId);
      const refusal = row?.suspended_at || row?.closed_at ? rowRefusal(playerId, row, clock.now()) : null;
      if (refusal) throw refusal;
    },

    /**
     * A withdrawal request, in its transaction: refused (ACCOUNT_CLOSED) only when a closure holds
     * the balance (decision 441). Share-locked, so a request racing the closure waits for it.
     */
    async assertMayWithdraw(tx: Queryable, playerId: number): Promise<void> {
      const row = await repo.selectControlsShared(tx, playerId);
      if (row?.closure_reason && CLOSURE_BALANCE_RULES[row.closure_reason] === 'hold') throw closedRefusal(playerId, row)!;
    },

    /** Whether promotional messages may go to the player (not during a break or exclusion). */
    async mayReceivePromotions(q: Queryable, playerId: number): Promise<boolean> {
      return (await playRefusal(q, playerId)) === null;
    },

    /** Counts a refusal for the console's list (its own short transaction, after the refused one). */
    async noteRefusal(q: Queryable, refusal: SafetyRefusal): Promise<void> {
      // The list is of players who keep meeting their own controls; an operator's suspension or closure is not one.
      if (refusal.code === 'ACCOUNT_SUSPENDED' || refusal.code === 'ACCOUNT_CLOSED') return;
      await repo.insertRefusal(q, refusal.playerId, refusal.code, clock.now());
    },
  };
}

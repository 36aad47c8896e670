import {
  SAFETY_LIMIT_KINDS,
  SAFETY_PERIODS,
  type ConfirmSafetyLimitInput,
  type SafetyChange,
  type SafetyLimit,
  type SafetyLimitKind,
  type SafetyPeriod,
  type SafetySession,
  type SafetyState,
  type SelfExcludeInput,
  type SetRealityCheckInput,
  type SetSafetyLimitInput,
  type TakeBreakInput,
} from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sumPlayerEntriesByKindSince } from '../ledger';
import * as repo from './repo';
import {
  blockAt,
  checkLimits,
  confirmableAt,
  confirmLimitChange,
  DEPOSIT_KINDS,
  netDepositsOf,
  netLossOf,
  PLAY_KINDS,
  refusalOf,
  requestLimitChange,
  requestReopen,
  selfExclude,
  stakedOf,
  STAKE_KINDS,
  STAKE_RETURN_KINDS,
  takeBreak,
  windowStart,
  WITHDRAWAL_KINDS,
  type Block,
  type BlockState,
  type LimitState,
  type LimitUse,
} from './rules';
import type { SafetySettings } from './settings';

export type SafetyDeps = { db: Db; clock: Clock; settings: SafetySettings; currency: string };

/**
 * A refusal by a control. It carries the player so the app can count it for the console's list of
 * players who hit limits often (after the refused transaction rolled back).
 */
export class SafetyRefusal extends AppError {
  constructor(
    readonly playerId: number,
    code: 'DEPOSIT_LIMIT_EXCEEDED' | 'DEPOSIT_LIMIT_REQUIRED' | 'STAKE_LIMIT_EXCEEDED' | 'LOSS_LIMIT_EXCEEDED' | 'PLAYER_ON_BREAK' | 'SELF_EXCLUDED',
    message: string,
    details?: Record<string, string | number | null>,
  ) {
    super(code, message, undefined, undefined, details);
    this.name = 'SafetyRefusal';
  }
}

/** One stake to check: a Wingo bet, a vendor debit, later a K3/5D/Trx bet. */
export type StakeCheck = { playerId: number; stakeMinor: number };

const DAY_MS = 86_400_000;
const CHANGES_LIMIT = 200;
const rupees = (minor: number) => `₹${(minor / 100).toFixed(2).replace(/\.00$/, '')}`;
const PERIOD_WORDS: Record<SafetyPeriod, string> = { day: '24-hour', week: '7-day', month: '30-day' };

function blockStateOf(row: repo.ControlsRow | undefined): BlockState {
  return {
    breakUntil: row?.break_until ?? null,
    exclusionStartedAt: row?.exclusion_started_at ?? null,
    exclusionUntil: row?.exclusion_until ?? null,
    reopenRequestedAt: row?.reopen_requested_at ?? null,
  };
}

const limitStateOf = (row: repo.LimitRow | undefined): LimitState => ({
  amountMinor: row?.amount_minor ?? null,
  pendingAmountMinor: row?.pending_amount_minor ?? null,
  pendingRequestedAt: row?.pending_requested_at ?? null,
});

function blockRefusal(playerId: number, block: Block): SafetyRefusal | null {
  const refusal = refusalOf(block);
  if (!refusal) return null;
  const until = refusal.until?.toISOString() ?? null;
  return refusal.code === 'PLAYER_ON_BREAK'
    ? new SafetyRefusal(playerId, 'PLAYER_ON_BREAK', `You are taking a break until ${until}. Withdrawals and your history stay available.`, { until })
    : new SafetyRefusal(playerId, 'SELF_EXCLUDED', 'Your account is self-excluded. Withdrawals and your history stay available.', { until });
}

export function createSafetyService({ db, clock, settings, currency }: SafetyDeps) {
  const offeredFor: Record<SafetyLimitKind, keyof SafetySettings['offered']> = { deposit: 'depositLimits', loss: 'lossLimits', stake: 'stakeLimits' };

  /** What each limit kind has used in a window, read inside the caller's transaction. */
  async function usedIn(q: Queryable, playerId: number, kind: SafetyLimitKind, period: SafetyPeriod, now: Date): Promise<number> {
    const since = windowStart(period, now);
    if (kind === 'deposit') return repo.sumDepositUsage(q, playerId, since);
    const sums = await sumPlayerEntriesByKindSince(q, playerId, kind === 'loss' ? PLAY_KINDS : [...STAKE_KINDS, ...STAKE_RETURN_KINDS], since);
    return kind === 'loss' ? netLossOf(sums) : stakedOf(sums);
  }

  async function usesOf(q: Queryable, playerId: number, kind: SafetyLimitKind, limits: repo.LimitRow[], now: Date): Promise<LimitUse[]> {
    const uses: LimitUse[] = [];
    for (const l of limits) {
      if (l.player_id !== playerId || l.kind !== kind || l.amount_minor === null) continue;
      uses.push({ period: l.period, limitMinor: l.amount_minor, usedMinor: await usedIn(q, playerId, kind, l.period, now) });
    }
    return uses;
  }

  async function stateIn(q: Queryable, playerId: number, now: Date): Promise<SafetyState> {
    const [controls] = await repo.selectControls(q, [playerId]);
    const rows = await repo.selectLimits(q, [playerId]);
    const limits: SafetyLimit[] = [];
    for (const kind of SAFETY_LIMIT_KINDS) {
      for (const period of SAFETY_PERIODS) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const s = limitStateOf(row);
        const usedMinor = await usedIn(q, playerId, kind, period, now);
        const at = confirmableAt(s);
        limits.push({
          kind,
          period,
          amountMinor: s.amountMinor,
          pending: at && s.pendingRequestedAt
            ? { amountMinor: s.pendingAmountMinor, requestedAt: s.pendingRequestedAt.toISOString(), confirmableAt: at.toISOString(), confirmable: now.getTime() >= at.getTime() }
            : null,
          usedMinor,
          remainingMinor: s.amountMinor === null ? null : Math.max(0, s.amountMinor - usedMinor),
        });
      }
    }
    const block = blockAt(blockStateOf(controls), now);
    const sums = async (since: Date | null) => netDepositsOf(await sumPlayerEntriesByKindSince(q, playerId, [...DEPOSIT_KINDS, ...WITHDRAWAL_KINDS], since));
    const hasDepositLimit = limits.some((l) => l.kind === 'deposit' && l.amountMinor !== null);
    return {
      limits,
      block: {
        kind: block.kind,
        until: block.kind === 'break' || block.kind === 'exclusion' ? block.until.toISOString() : null,
        reopenRequestedAt: block.kind === 'closed' ? (block.reopenRequestedAt?.toISOString() ?? null) : null,
        reopensAt: block.kind === 'closed' ? (block.reopensAt?.toISOString() ?? null) : null,
      },
      realityCheckMinutes: controls?.reality_check_minutes ?? null,
      offered: settings.offered,
      depositLimitRequired: settings.mandatoryDepositLimit,
      depositLimitPrompt: settings.offered.depositLimits && !hasDepositLimit && !controls?.deposit_prompt_answered_at,
      netDeposits: {
        last30DaysMinor: await sums(new Date(now.getTime() - 30 * DAY_MS)),
        last12MonthsMinor: await sums(new Date(now.getTime() - 365 * DAY_MS)),
        allTimeMinor: await sums(null),
      },
      currency,
    };
  }

  /** Runs one change of a player's controls under their lock, records it, and answers the new state. */
  async function change(playerId: number, work: (tx: Queryable, controls: repo.ControlsRow, now: Date) => Promise<void>): Promise<SafetyState> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [controls] = await repo.lockControls(tx, [playerId], now);
      await work(tx, controls!, now);
      return stateIn(tx, playerId, now);
    });
  }

  const refused = (message: string) => new AppError('SAFETY_CHANGE_REFUSED', message);
  const notOffered = () => new AppError('SAFETY_CONTROL_NOT_OFFERED', 'This control is not offered');

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
      const block = blockRefusal(s.playerId, blockAt(blockStateOf(locked.find((c) => Number(c.player_id) === s.playerId)), now));
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

  /** Refuses play (a launch) during a break or exclusion; no lock, nothing written. */
  async function playRefusal(q: Queryable, playerId: number): Promise<SafetyRefusal | null> {
    const [controls] = await repo.selectControls(q, [playerId]);
    return controls ? blockRefusal(playerId, blockAt(blockStateOf(controls), clock.now())) : null;
  }

  return {
    /** The player's controls, what each limit has used, and net deposits. */
    async state(playerId: number): Promise<SafetyState> {
      return stateIn(db, playerId, clock.now());
    },

    async setLimit(playerId: number, input: SetSafetyLimitInput): Promise<SafetyState> {
      if (!settings.offered[offeredFor[input.kind]]) throw notOffered();
      return change(playerId, async (tx, controls, now) => {
        const [row] = (await repo.selectLimits(tx, [playerId])).filter((l) => l.kind === input.kind && l.period === input.period);
        const outcome = requestLimitChange(limitStateOf(row), input.amountMinor, now);
        await repo.upsertLimit(
          tx,
          {
            player_id: playerId,
            kind: input.kind,
            period: input.period,
            amount_minor: outcome.next.amountMinor,
            pending_amount_minor: outcome.next.pendingAmountMinor,
            pending_requested_at: outcome.next.pendingRequestedAt,
          },
          now,
        );
        if (input.kind === 'deposit' && !controls.deposit_prompt_answered_at) await repo.updateControls(tx, playerId, { deposit_prompt_answered_at: now }, now);
        await repo.insertChange(
          tx,
          playerId,
          `limit.${outcome.effect}`,
          { kind: input.kind, period: input.period, fromMinor: row?.amount_minor ?? null, requestedMinor: input.amountMinor },
          now,
        );
      });
    },

    async confirmLimit(playerId: number, input: ConfirmSafetyLimitInput): Promise<SafetyState> {
      return change(playerId, async (tx, _controls, now) => {
        const [row] = (await repo.selectLimits(tx, [playerId])).filter((l) => l.kind === input.kind && l.period === input.period);
        const outcome = confirmLimitChange(limitStateOf(row), now);
        if (!outcome.ok) {
          throw outcome.reason === 'nothing_pending'
            ? refused('No change of this limit is waiting')
            : refused(`You can confirm this change from ${outcome.confirmableAt.toISOString()}`);
        }
        await repo.upsertLimit(
          tx,
          { player_id: playerId, kind: input.kind, period: input.period, amount_minor: outcome.next.amountMinor, pending_amount_minor: null, pending_requested_at: null },
          now,
        );
        await repo.insertChange(tx, playerId, 'limit.confirmed', { kind: input.kind, period: input.period, fromMinor: row!.amount_minor, toMinor: outcome.next.amountMinor }, now);
      });
    },

    async takeBreak(playerId: number, input: TakeBreakInput): Promise<SafetyState> {
      if (!settings.offered.breaks) throw notOffered();
      return change(playerId, async (tx, controls, now) => {
        const outcome = takeBreak(blockStateOf(controls), input.days, now);
        if (!outcome.ok) throw refused(outcome.reason);
        await repo.updateControls(tx, playerId, { break_until: outcome.next.breakUntil }, now);
        await repo.insertChange(tx, playerId, 'break.started', { days: input.days, until: outcome.next.breakUntil!.toISOString() }, now);
      });
    },

    async selfExclude(playerId: number, input: SelfExcludeInput): Promise<SafetyState> {
      if (!settings.offered.selfExclusion) throw notOffered();
      return change(playerId, async (tx, controls, now) => {
        const outcome = selfExclude(blockStateOf(controls), input.months, now);
        if (!outcome.ok) throw refused(outcome.reason);
        const n = outcome.next;
        await repo.updateControls(tx, playerId, { exclusion_started_at: n.exclusionStartedAt, exclusion_until: n.exclusionUntil, reopen_requested_at: null }, now);
        await repo.insertChange(tx, playerId, 'exclusion.started', { months: input.months, until: n.exclusionUntil!.toISOString() }, now);
      });
    },

    async requestReopen(playerId: number): Promise<SafetyState> {
      return change(playerId, async (tx, controls, now) => {
        const outcome = requestReopen(blockStateOf(controls), now);
        if (!outcome.ok) throw refused(outcome.reason);
        if (outcome.next.reopenRequestedAt?.getTime() === controls.reopen_requested_at?.getTime()) return;
        await repo.updateControls(tx, playerId, { reopen_requested_at: outcome.next.reopenRequestedAt }, now);
        await repo.insertChange(tx, playerId, 'exclusion.reopen_requested', {}, now);
      });
    },

    async setRealityCheck(playerId: number, input: SetRealityCheckInput): Promise<SafetyState> {
      if (!settings.offered.realityChecks) throw notOffered();
      return change(playerId, async (tx, _controls, now) => {
        await repo.updateControls(tx, playerId, { reality_check_minutes: input.minutes }, now);
        await repo.insertChange(tx, playerId, 'reality_check.set', { minutes: input.minutes }, now);
      });
    },

    /** The player skipped the "set a deposit limit" prompt; it is not shown again. */
    async skipDepositPrompt(playerId: number): Promise<SafetyState> {
      return change(playerId, async (tx, controls, now) => {
        if (controls.deposit_prompt_answered_at) return;
        await repo.updateControls(tx, playerId, { deposit_prompt_answered_at: now }, now);
        await repo.insertChange(tx, playerId, 'deposit_prompt.skipped', {}, now);
      });
    },

    /** The reality check's figures: net result of play and money staked since `since`. */
    async session(playerId: number, since: Date): Promise<SafetySession> {
      const sums = await sumPlayerEntriesByKindSince(db, playerId, PLAY_KINDS, since);
      return { since: since.toISOString(), netResultMinor: PLAY_KINDS.reduce((a, k) => a + (sums[k] ?? 0), 0), stakedMinor: stakedOf(sums) };
    },

    /** Every change of the player's controls, newest first. */
    async history(playerId: number): Promise<SafetyChange[]> {
      return (await repo.selectChanges(db, playerId, CHANGES_LIMIT)).map((r) => ({ id: Number(r.id), at: r.at.toISOString(), action: r.action, detail: r.detail }));
    },

    /**
     * In the deposit order's transaction (UPI or USDT): refuses during a break or exclusion, when
     * the operator requires a limit and none is set, or over the remaining limit (the error names
     * what is left); otherwise counts the order toward the player's deposit limits. The player's
     * controls row is locked, so two orders at once are counted one after the other.
     */
    async checkDeposit(tx: Queryable, input: { playerId: number; orderRef: string; amountMinor: number }): Promise<void> {
      const now = clock.now();
      const [controls] = await repo.lockControls(tx, [input.playerId], now);
      const block = blockRefusal(input.playerId, blockAt(blockStateOf(controls), now));
      if (block) throw block;
      const limits = await repo.selectLimits(tx, [input.playerId]);
      const uses = await usesOf(tx, input.playerId, 'deposit', limits, now);
      if (settings.mandatoryDepositLimit && uses.length === 0) {
        throw new SafetyRefusal(input.playerId, 'DEPOSIT_LIMIT_REQUIRED', 'Set a deposit limit before your first deposit');
      }
      const verdict = checkLimits(uses, input.amountMinor);
      if (!verdict.ok) {
        throw new SafetyRefusal(
          input.playerId,
          'DEPOSIT_LIMIT_EXCEEDED',
          `This is over your ${PERIOD_WORDS[verdict.period]} deposit limit: you can deposit ${rupees(verdict.remainingMinor)} more now`,
          { remainingMinor: verdict.remainingMinor, period: verdict.period },
        );
      }
      await repo.insertDepositUsage(tx, { orderRef: input.orderRef, playerId: input.playerId, amountMinor: input.amountMinor, now });
    },

    /** An order ended unpaid (cancelled, expired, failed): it stops counting. */
    async depositReleased(tx: Queryable, orderRef: string): Promise<void> {
      await repo.setDepositUsageReleased(tx, orderRef, clock.now());
    },

    /**
     * An order was paid: it counts, even when it had been released (a late payment) or a limit
     * was lowered after it was created. The money is the player's, so it is credited regardless.
     */
    async depositCredited(tx: Queryable, orderRef: string): Promise<void> {
      await repo.setDepositUsageReleased(tx, orderRef, null);
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

    /** Whether promotional messages may go to the player (not during a break or exclusion). */
    async mayReceivePromotions(q: Queryable, playerId: number): Promise<boolean> {
      return (await playRefusal(q, playerId)) === null;
    },

    /** Counts a refusal for the console's list (its own short transaction, after the refused one). */
    async noteRefusal(q: Queryable, refusal: SafetyRefusal): Promise<void> {
      await repo.insertRefusal(q, refusal.playerId, refusal.code, clock.now());
    },

    /** The console's list: players refused by a control at least `minHits` times in `days`. */
    async frequentRefusals(days: number, minHits: number) {
      const rows = await repo.selectFrequentRefusals(db, new Date(clock.now().getTime() - days * DAY_MS), minHits, 200);
      return { days, items: rows.map((r) => ({ playerId: r.player_id, hits: r.hits, lastAt: r.last_at.toISOString(), kinds: r.codes })) };
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;

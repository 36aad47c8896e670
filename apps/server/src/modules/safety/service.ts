import {
  SAFETY_LIMIT_KINDS,
  SAFETY_PERIODS,
  type ConfirmSafetyLimitInput,
  type SafetyChange,
  type SafetyLimit,
  type SafetyLimitKind,
  type SafetySession,
  type SafetyState,
  type SelfExcludeInput,
  type SetRealityCheckInput,
  type SetSafetyLimitInput,
  type AccountSuspension,
  type AccountClosure,
  type AdminCloseInput,
  CLOSURE_BALANCE_RULES,
  type AdminRgNoteInput,
  type AdminSuspendInput,
  type RgNote,
  type TakeBreakInput,
} from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { EventRecorder } from '../../events';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { accountCodes, getAccount, listAccountsOfOwner, sumPlayerEntriesByKindSince } from '../ledger';
import { createSafetyChecks } from './checks';
import * as repo from './repo';
import {
  blockAt,
  type Block,
  confirmableAt,
  confirmLimitChange,
  DEPOSIT_KINDS,
  netDepositsOf,
  PLAY_KINDS,
  requestLimitChange,
  requestReopen,
  selfExclude,
  stakedOf,
  takeBreak,
  waivesWageringLock,
  WITHDRAWAL_KINDS,
} from './rules';
import type { SafetySettings } from './settings';
import { blockStateOf, limitStateOf, usageIn } from './usage';

export { SafetyRefusal, type StakeCheck } from './checks';

export type SafetyDeps = {
  db: Db;
  clock: Clock;
  settings: SafetySettings;
  currency: string;
  /** A suspension's news (the player's inbox, their live sockets), recorded in its transaction. */
  events: Pick<EventRecorder, 'record'>;
};

const DAY_MS = 86_400_000;
const CHANGES_LIMIT = 200;
const noteOf = (r: repo.InteractionNoteRow): RgNote => ({ id: r.id, at: r.at.toISOString(), operatorId: r.operator_id, observed: r.observed, actionTaken: r.action_taken });
/** The console's list of players who hit limits often shows at most this many. */
const FREQUENT_REFUSALS_MAX = 200;
/** The refusals that mean the player hit a limit (no offer for 30 days after one, decision 490). */
const LIMIT_REFUSAL_CODES = ['DEPOSIT_LIMIT_EXCEEDED', 'STAKE_LIMIT_EXCEEDED', 'LOSS_LIMIT_EXCEEDED'] as const;

/**
 * Responsible gambling: the player's limits, breaks, self-exclusion and reality checks, each
 * change under the player's lock and recorded; the checks the money paths make are checks.ts.
 */
export function createSafetyService({ db, clock, settings, currency, events }: SafetyDeps) {
  const checks = createSafetyChecks({ clock, settings });
  const offeredFor: Record<SafetyLimitKind, keyof SafetySettings['offered']> = { deposit: 'depositLimits', loss: 'lossLimits', stake: 'stakeLimits' };

  async function stateIn(q: Queryable, playerId: number, now: Date): Promise<SafetyState> {
    const [controls] = await repo.selectControls(q, [playerId]);
    const rows = await repo.selectLimits(q, [playerId]);
    const limits: SafetyLimit[] = [];
    for (const kind of SAFETY_LIMIT_KINDS) {
      for (const period of SAFETY_PERIODS) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const s = limitStateOf(row);
        const { usedMinor, reservedMinor } = await usageIn(q, playerId, kind, period, now);
        const at = confirmableAt(s);
        limits.push({
          kind,
          period,
          amountMinor: s.amountMinor,
          pending: at && s.pendingRequestedAt
            ? { amountMinor: s.pendingAmountMinor, requestedAt: s.pendingRequestedAt.toISOString(), confirmableAt: at.toISOString(), confirmable: now.getTime() >= at.getTime() }
            : null,
          usedMinor,
          reservedMinor,
          remainingMinor: s.amountMinor === null ? null : Math.max(0, s.amountMinor - usedMinor - reservedMinor),
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
  const suspensionOf = (row: repo.ControlsRow | undefined): AccountSuspension | null =>
    row?.suspended_at && row.suspension_reason && row.suspension_note !== null && row.suspended_by !== null
      ? { since: row.suspended_at.toISOString(), reason: row.suspension_reason, note: row.suspension_note, operatorId: row.suspended_by }
      : null;
  /** The closure on the row (decision 440) with the main balance as it stands (nothing moves at a closure). */
  const closureOf = async (q: Queryable, row: repo.ControlsRow | undefined): Promise<AccountClosure | null> => {
    if (!row?.closed_at || !row.closure_reason || row.closed_by === null) return null;
    const main = await getAccount(q, accountCodes.playerMain(row.player_id));
    return {
      since: row.closed_at.toISOString(),
      reason: row.closure_reason,
      note: row.closure_note,
      operatorId: row.closed_by,
      balanceRule: CLOSURE_BALANCE_RULES[row.closure_reason],
      balanceMinor: main?.balanceMinor ?? 0,
    };
  };
  const notOffered = () => new AppError('SAFETY_CONTROL_NOT_OFFERED', 'This control is not offered');

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
        const waivedBefore = waivesWageringLock(blockAt(blockStateOf(controls), now));
        await repo.updateControls(tx, playerId, { exclusion_started_at: n.exclusionStartedAt, exclusion_until: n.exclusionUntil, reopen_requested_at: null }, now);
        await repo.insertChange(tx, playerId, 'exclusion.started', { months: input.months, until: n.exclusionUntil!.toISOString() }, now);
        // The audit trail says once, when the exclusion starts, that the lock no longer holds the
        // player's money (an extension of a running exclusion changes nothing).
        if (!waivedBefore) await repo.insertChange(tx, playerId, 'wagering_lock.waived', { reason: 'self_exclusion' }, now);
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

    /**
     * Why the wagering lock is waived for the player now, or null (decision 400), read in the
     * caller's transaction (the withdrawal's), so it cannot disagree with the control it follows from.
     */
    async wageringLockWaived(q: Queryable, playerId: number): Promise<'self_exclusion' | 'account_closed' | null> {
      const [controls] = await repo.selectControls(q, [playerId]);
      if (!controls) return null;
      // A closed account can never play its deposits through: a closure that pays out waives the
      // lock as an exclusion does (decision 441); one that holds the balance refuses withdrawals anyway.
      if (controls.closure_reason && CLOSURE_BALANCE_RULES[controls.closure_reason] === 'pay_out') return 'account_closed';
      return waivesWageringLock(blockAt(blockStateOf(controls), clock.now())) ? 'self_exclusion' : null;
    },

    /**
     * Whether marketing must not reach the player now (decision 458): on a break, self-excluded,
     * or in the closed period after an exclusion. Service notices still do.
     */
    async blocksMarketing(playerId: number): Promise<boolean> {
      const [controls] = await repo.selectControls(db, [playerId]);
      return controls ? blockAt(blockStateOf(controls), clock.now()).kind !== 'none' : false;
    },

    /**
     * What decides whether an offer may reach the player (decision 490), read in the caller's
     * transaction (a grant's) with the controls row share-locked first, the order every money
     * path takes (decision 212): a break or exclusion being written is waited for, not read past.
     * `lastLimitHitAt`: the last time a deposit, stake or loss limit refused them.
     */
    async promotionFacts(
      q: Queryable,
      playerId: number,
    ): Promise<{ block: Block['kind']; blockUntil: Date | null; suspended: boolean; closed: boolean; lastLimitHitAt: Date | null }> {
      const controls = await repo.selectControlsShared(q, playerId);
      const lastLimitHitAt = await repo.selectLastRefusalAt(q, playerId, LIMIT_REFUSAL_CODES);
      if (!controls) return { block: 'none', blockUntil: null, suspended: false, closed: false, lastLimitHitAt };
      const block = blockAt(blockStateOf(controls), clock.now());
      // When the block ends by itself (the Activity tab says so): a closed period only once a reopening was asked for.
      const blockUntil = block.kind === 'break' || block.kind === 'exclusion' ? block.until : block.kind === 'closed' ? block.reopensAt : null;
      return { block: block.kind, blockUntil, suspended: controls.suspended_at !== null, closed: controls.closed_at !== null, lastLimitHitAt };
    },

    /** Every change of the player's controls, newest first. */
    async history(playerId: number): Promise<SafetyChange[]> {
      return (await repo.selectChanges(db, playerId, CHANGES_LIMIT)).map((r) => ({ id: Number(r.id), at: r.at.toISOString(), action: r.action, detail: r.detail }));
    },

    ...checks,

    /** An operator's responsible-gambling interaction note (decision 423): append-only. */
    async addInteractionNote(playerId: number, input: AdminRgNoteInput, operatorId: number): Promise<RgNote> {
      return noteOf(await repo.insertInteractionNote(db, { playerId, operatorId, at: clock.now(), observed: input.observed, actionTaken: input.actionTaken }));
    },

    /** The player's interaction notes, newest first. */
    async interactionNotes(playerId: number): Promise<RgNote[]> {
      return (await repo.selectInteractionNotes(db, playerId, CHANGES_LIMIT)).map(noteOf);
    },

    /** The operator's suspension in force, or null (the console's player page). */
    async suspension(playerId: number): Promise<AccountSuspension | null> {
      const [row] = await repo.selectControls(db, [playerId]);
      return suspensionOf(row);
    },

    /**
     * An operator suspends the account (decision 420) under the player's controls lock, the lock
     * every money path takes first, so no deposit, bet or launch of theirs commits after this
     * without seeing it. The player is told through an event recorded in the same transaction.
     */
    async suspend(playerId: number, input: AdminSuspendInput, operatorId: number): Promise<AccountSuspension> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await repo.lockControls(tx, [playerId], now);
        if (row?.suspended_at) throw new AppError('ACCOUNT_SUSPENSION_CONFLICT', 'This account is already suspended');
        await repo.updateControls(tx, playerId, { suspended_at: now, suspension_reason: input.reason, suspension_note: input.note, suspended_by: operatorId }, now);
        await events.record(tx, 'AccountSuspensionChanged', { playerId, suspended: true, reason: input.reason });
        return { since: now.toISOString(), reason: input.reason, note: input.note, operatorId };
      });
    },

    /** Lifts a suspension in force (the console audits who and why); answers the one lifted. */
    async liftSuspension(playerId: number): Promise<AccountSuspension> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await repo.lockControls(tx, [playerId], now);
        const lifted = suspensionOf(row);
        if (!lifted) throw new AppError('ACCOUNT_SUSPENSION_CONFLICT', 'This account is not suspended');
        await repo.updateControls(tx, playerId, { suspended_at: null, suspension_reason: null, suspension_note: null, suspended_by: null }, now);
        await events.record(tx, 'AccountSuspensionChanged', { playerId, suspended: false, reason: null });
        return lifted;
      });
    },

    /** The operator's closure, or null (the console's player page). */
    async closure(playerId: number): Promise<AccountClosure | null> {
      const [row] = await repo.selectControls(db, [playerId]);
      return closureOf(db, row);
    },

    /**
     * An operator closes the account for good (decision 440) under the player's controls lock,
     * the lock every money path takes first. Closing a closed account answers the closure in force
     * and changes nothing (`replayed`), so a retried request is one closure, one message. Money in
     * a transfer-mode vendor purse refuses the closure (decision 442): it must come back first.
     */
    async close(playerId: number, input: AdminCloseInput, operatorId: number): Promise<AccountClosure & { replayed: boolean }> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await repo.lockControls(tx, [playerId], now);
        const existing = await closureOf(tx, row);
        if (existing) return { ...existing, replayed: true };
        const atVendor = (await listAccountsOfOwner(tx, playerId)).filter((a) => a.code.startsWith(accountCodes.playerAtVendor(playerId, '')) && a.balanceMinor !== 0);
        if (atVendor.length > 0) {
          const heldMinor = atVendor.reduce((sum, a) => sum + a.balanceMinor, 0);
          throw new AppError('ACCOUNT_CLOSE_FUNDS_AT_VENDOR', 'Money is still in a game vendor’s wallet: suspend the account and close it once the money is back', undefined, undefined, {
            heldMinor,
          });
        }
        const note = input.note && input.note.length > 0 ? input.note : null;
        await repo.updateControls(tx, playerId, { closed_at: now, closure_reason: input.reason, closure_note: note, closed_by: operatorId }, now);
        const balanceRule = CLOSURE_BALANCE_RULES[input.reason];
        await events.record(tx, 'AccountClosed', { playerId, reason: input.reason, balanceRule });
        const main = await getAccount(tx, accountCodes.playerMain(playerId));
        return { since: now.toISOString(), reason: input.reason, note, operatorId, balanceRule, balanceMinor: main?.balanceMinor ?? 0, replayed: false };
      });
    },

    /** The console's list: players refused by a control at least `minHits` times in `days`. */
    async frequentRefusals(days: number, minHits: number) {
      const rows = await repo.selectFrequentRefusals(db, new Date(clock.now().getTime() - days * DAY_MS), minHits, FREQUENT_REFUSALS_MAX);
      return { days, items: rows.map((r) => ({ playerId: r.player_id, hits: r.hits, lastAt: r.last_at.toISOString(), kinds: r.codes })) };
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;

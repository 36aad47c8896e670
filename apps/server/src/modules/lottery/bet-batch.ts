import { checkBet, type BetLimits } from '@colorplay/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import { accountCodes, ensureAccount, isLedgerError, openTransferBatch, withTransaction, type PostTransferInput, type TransferBatch } from '../ledger';
import { stakeAccountOf, type EngineGame } from './games';
import * as repo from './repo';
import { gameBetOf, type GameBetView } from './views';

/** A bet as the batch answers it; the service adds the round's commitment (chain, final hash, k, beacon round). */
export type BatchBet = GameBetView;
export type BatchBetResult = { bet: BatchBet; balanceMinor: number };

/** What a player sends to place a bet, in any game (Wingo's PlaceWingoBetInput is one). */
export type BetInput = { room: string; period: string; selection: string; amountMinor: number; quantity: number; multiplier: number; idempotencyKey: string };

/**
 * Bet placement as a set-based group commit (decision 200). Bets queue for a few milliseconds
 * and a batch of them becomes a handful of statements whatever its size:
 *
 *   1. the batch's rounds held shared, in id order (the draw takes them exclusive);
 *   2. the pre-check hook (`checkBets`, responsible gambling), same transaction;
 *   3. every account of the batch locked once, in id order (ledger);
 *   4. in one statement: the bets already stored under the batch's idempotency keys, each
 *      (round, player)'s stake so far and the rounds' status;
 *   5. every bet decided in memory, in order, exactly as a lone bet would be: idempotency
 *      (replay or conflict), round state, hook refusal, the per-round limit with the bets
 *      already accepted in this batch, then the funds check against the running balance;
 *   6. transfers, entries and balances (one statement, ledger) and bets (one statement, which
 *      also adds to the round stakes by trigger).
 *
 * A refusal is that bet's answer and changes nothing else. Arrival time decides (decision 201): a
 * bet is queued only when it arrived before its round's lock, and inside the batch it is
 * refused only if its round was drawn meanwhile (never for having queued past the lock).
 */

export type QueuedBet = {
  /** The game of the bet's round: its rule table prices and checks the bet, its house account takes the stake. */
  game: EngineGame;
  betId: string;
  playerId: number;
  roundId: number;
  roomId: string;
  period: string;
  input: BetInput;
  /** The bet as priced by checkBet without the round limit (which needs the stored stakes). */
  bet: { selection: string; amountMinor: number; quantity: number; multiplier: number; totalMinor: number; feeMinor: number; contractMinor: number };
  /** When the request arrived: what decides whether it was in time (and the bet's placed_at). */
  receivedAt: Date;
};

/**
 * A set-based pre-check run inside the batch's transaction after the players' accounts are
 * locked (so a player's concurrent bets are serialised with it): returns, by index into `bets`,
 * the refusal of each bet it refuses. It sees the whole batch in order, so a limit spanning
 * several bets of one player must count the earlier ones of the batch itself. Refused bets
 * change nothing; the others are then judged as usual.
 */
export type CheckBets = (tx: Queryable, bets: readonly QueuedBet[]) => Promise<Map<number, AppError>>;

export type BetOutcome = { ok: true; result: BatchBetResult } | { ok: false; error: AppError };

/**
 * Which of these bonus grants a stake may take money from now (active and not past its expiry),
 * read in the batch's transaction (promotions' `stakeableGrants`, given by app.ts: decision 530).
 */
export type StakeableGrants = (tx: Queryable, grantIds: readonly string[]) => Promise<Set<string>>;

export type BetBatchDeps = {
  limits: BetLimits;
  checkBets?: CheckBets;
  /** Bonus money (decision 530); without it every stake is cash only. */
  stakeableGrants?: StakeableGrants;
  /** Tests only: runs inside a batch's transaction just before it commits. */
  beforeBatchCommit?: (bets: readonly QueuedBet[]) => Promise<void>;
};

// The bets read by key below (after the account locks) answer whether a bet's transfer exists: a
// bet and its transfer commit together, and the transfer's key is derived from the bet id, which
// is derived from the player's key. So the ledger skips its own key lookup (a duplicate would
// still be refused by the keys' unique index).
const LEDGER_OPTIONS = { keysCheckedByCaller: true } as const;

const refusalOf = (code: string, message: string) => new AppError(code === 'UNKNOWN_SELECTION' ? 'VALIDATION_FAILED' : (code as AppError['code']), message);

/** Whether a stored (or earlier queued) bet was placed by the same request as `input`: what an idempotent retry must match. */
export function sameRequest(previous: repo.BetWithRoundRow | QueuedBet, game: EngineGame, input: BetInput): boolean {
  const p =
    'input' in previous
      ? { ...previous.input, game: previous.game.id }
      : { game: previous.game, room: previous.room_id, period: previous.period, selection: previous.selection, amountMinor: previous.amount_minor, quantity: previous.quantity, multiplier: previous.multiplier };
  return p.game === game.id && p.room === input.room && p.period === input.period && p.selection === input.selection && p.amountMinor === input.amountMinor && p.quantity === input.quantity && p.multiplier === input.multiplier;
}

const pendingBet = (q: QueuedBet): BatchBet => ({
  id: q.betId,
  game: q.game.id,
  roomId: q.roomId,
  period: q.period,
  selection: q.bet.selection,
  amountMinor: q.bet.amountMinor,
  quantity: q.bet.quantity,
  multiplier: q.bet.multiplier,
  totalMinor: q.bet.totalMinor,
  feeMinor: q.bet.feeMinor,
  contractMinor: q.bet.contractMinor,
  status: 'pending',
  payoutMinor: 0,
  outcome: null,
  placedAtMs: q.receivedAt.getTime(),
  settledAtMs: null,
});

/**
 * Decides and writes one batch inside `tx`; returns each bet's outcome by index. Throws (and
 * the caller rolls back) only on something that is not a refusal: a lost connection, a
 * deadlock, a bug. Every bet's stake goes to the house shard `shard` of its game.
 */
export async function commitBetBatch(tx: Queryable, deps: BetBatchDeps, bets: readonly QueuedBet[], shard: number): Promise<BetOutcome[]> {
  const roundIds = [...new Set(bets.map((b) => b.roundId))].sort((a, b) => a - b);
  await repo.holdRoundsForBets(tx, roundIds);

  // The pre-check hook (responsible gambling) locks the players' controls rows: it runs before
  // the ledger locks their accounts, the order every money path takes (decision 212).
  const hookRefusals = deps.checkBets ? await deps.checkBets(tx, bets) : new Map<number, AppError>();

  const transfers: PostTransferInput[] = bets.map((b) => ({
    idempotencyKey: `${b.game.id}:bet:${b.betId}`,
    kind: 'lottery_bet',
    reference: b.betId,
    metadata: { game: b.game.id, room: b.roomId, period: b.period },
    entries: [
      { accountCode: accountCodes.playerMain(b.playerId), amountMinor: -b.bet.totalMinor },
      { accountCode: stakeAccountOf(b.game, shard), amountMinor: b.bet.totalMinor },
    ],
  }));
  // With bonus money on, the players' funded bonus accounts are locked by the same statement as
  // the rest (decision 530): a player without one costs nothing more.
  const options = deps.stakeableGrants ? { ...LEDGER_OPTIONS, bonusPursesOf: bets.map((b) => b.playerId) } : LEDGER_OPTIONS;
  let ledger: TransferBatch;
  try {
    ledger = await openTransferBatch(tx, transfers, options);
  } catch (err) {
    if (!isLedgerError(err, 'ACCOUNT_NOT_FOUND')) throw err;
    // Accounts are made lazily: a player who never had money has none yet. Made here, in the
    // batch, only when one is missing, so the bet path never spends a round trip on it.
    for (const playerId of [...new Set(bets.map((b) => b.playerId))].sort((a, b) => a - b)) {
      await ensureAccount(tx, { code: accountCodes.playerMain(playerId), kind: 'player', owner: playerId });
    }
    ledger = await openTransferBatch(tx, transfers, options);
  }
  const bonusPurses = await bonusPursesOf(tx, deps, ledger, bets);
  const context = await repo.selectBatchContext(
    tx,
    { playerIds: bets.map((b) => b.playerId), keys: bets.map((b) => b.input.idempotencyKey) },
    { roundIds: bets.map((b) => b.roundId), playerIds: bets.map((b) => b.playerId) },
  );
  const stored = new Map(context.existing.map((r) => [`${r.player_id}:${r.idempotency_key}`, r]));
  const { staked, statuses } = context;

  const accepted = new Map<string, { bet: QueuedBet; result: BatchBetResult }>();
  const rows: Array<Omit<repo.BetRow, 'seq'>> = [];
  const outcomes: BetOutcome[] = bets.map((b, i) => {
    const playerAccount = accountCodes.playerMain(b.playerId);
    const keyOf = `${b.playerId}:${b.input.idempotencyKey}`;
    // A retry of a bet already stored, or accepted earlier in this very batch.
    const previous = stored.get(keyOf);
    if (previous) {
      if (!sameRequest(previous, b.game, b.input)) return { ok: false, error: new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for another bet') };
      return { ok: true, result: { bet: gameBetOf(previous), balanceMinor: ledger.balanceOf(playerAccount)! } };
    }
    const earlier = accepted.get(keyOf);
    if (earlier) {
      if (!sameRequest(earlier.bet, b.game, b.input)) return { ok: false, error: new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for another bet') };
      return { ok: true, result: earlier.result };
    }
    // Arrival before the lock was checked when the bet was queued; here only a round that is
    // no longer open for its in-time bets (drawn, settled, voided) refuses it.
    const status = statuses.get(b.roundId);
    if (status !== 'open' && status !== 'locked') return { ok: false, error: new AppError('ROUND_CLOSED', 'Betting is closed for this round') };
    const hook = hookRefusals.get(i);
    if (hook) return { ok: false, error: hook };
    const stakeKey = `${b.roundId}:${b.playerId}`;
    const withLimit = checkBet(b.game.rules, b.game.rules.betOptions, deps.limits, b.input, staked.get(stakeKey) ?? 0);
    if (!withLimit.ok) return { ok: false, error: refusalOf(withLimit.code, withLimit.message) };
    const purse = bonusPurses.get(b.playerId);
    const split = purse ? splitStake(b.bet.totalMinor, ledger.balanceOf(playerAccount) ?? 0, ledger.balanceOf(purse.accountCode) ?? 0) : null;
    // Cash alone, or cash and bonus together short: the transfer as it was built (main only), so
    // the refusal is the ledger's own INSUFFICIENT_FUNDS on the main wallet.
    const posted = split && split.bonusMinor > 0 ? ledger.post(i, splitEntries(transfers[i]!, playerAccount, purse!.accountCode, split)) : ledger.post(i);
    if (posted.status === 'refused') return { ok: false, error: posted.error };
    const bonusStakeMinor = posted.status === 'posted' && split ? split.bonusMinor : 0;
    // The ledger key is derived from the bet id, which is derived from the player's key: a
    // committed transfer without its bet row cannot exist (both commit together).
    if (posted.status === 'replayed') throw new Error(`bet transfer ${b.betId} exists without its bet`);
    staked.set(stakeKey, (staked.get(stakeKey) ?? 0) + b.bet.totalMinor);
    rows.push({
      id: b.betId,
      round_id: b.roundId,
      room_id: b.roomId,
      player_id: b.playerId,
      idempotency_key: b.input.idempotencyKey,
      selection: b.bet.selection,
      amount_minor: b.bet.amountMinor,
      quantity: b.bet.quantity,
      multiplier: b.bet.multiplier,
      total_minor: b.bet.totalMinor,
      fee_minor: b.bet.feeMinor,
      contract_minor: b.bet.contractMinor,
      shard,
      placed_at: b.receivedAt,
      game: b.game.id,
      bonus_stake_minor: bonusStakeMinor,
      bonus_grant_id: bonusStakeMinor > 0 ? purse!.grantId : null,
    });
    // A stake all from bonus has no entry on main: its balance is the running one.
    const result = { bet: pendingBet(b), balanceMinor: posted.balancesAfterMinor.get(playerAccount) ?? ledger.balanceOf(playerAccount)! };
    accepted.set(keyOf, { bet: b, result });
    return { ok: true, result };
  });
  await ledger.write();
  await repo.insertBets(tx, rows);
  if (deps.beforeBatchCommit) await deps.beforeBatchCommit(bets);
  return outcomes;
}

/** A stake's split (decision 530): the main wallet first, the rest from the bonus grant; null when both together are short. */
export function splitStake(totalMinor: number, cashMinor: number, bonusMinor: number): { cashMinor: number; bonusMinor: number } | null {
  const fromCash = Math.min(Math.max(cashMinor, 0), totalMinor);
  const fromBonus = totalMinor - fromCash;
  return fromBonus <= Math.max(bonusMinor, 0) ? { cashMinor: fromCash, bonusMinor: fromBonus } : null;
}

/** The bet's transfer with its debit split between main and the bonus account (the house's credit unchanged). */
function splitEntries(transfer: PostTransferInput, mainAccount: string, bonusAccount: string, split: { cashMinor: number; bonusMinor: number }) {
  const credits = transfer.entries.filter((e) => e.accountCode !== mainAccount);
  return [...(split.cashMinor > 0 ? [{ accountCode: mainAccount, amountMinor: -split.cashMinor }] : []), { accountCode: bonusAccount, amountMinor: -split.bonusMinor }, ...credits];
}

/**
 * Each player's bonus purse for this batch: the oldest funded bonus account the ledger locked for
 * them whose grant may still be staked. The grants are read only when some player has one, so a
 * batch of players without bonus money runs no statement for it.
 */
async function bonusPursesOf(tx: Queryable, deps: BetBatchDeps, ledger: TransferBatch, bets: readonly QueuedBet[]): Promise<Map<number, { accountCode: string; grantId: string }>> {
  const purses = new Map<number, { accountCode: string; grantId: string }>();
  if (!deps.stakeableGrants) return purses;
  const candidates: Array<{ playerId: number; accountCode: string; grantId: string }> = [];
  for (const playerId of new Set(bets.map((b) => b.playerId))) {
    for (const accountCode of ledger.bonusAccountsOf(playerId)) candidates.push({ playerId, accountCode, grantId: accountCode.slice(`player:${playerId}:bonus:`.length) });
  }
  if (candidates.length === 0) return purses;
  const stakeable = await deps.stakeableGrants(tx, candidates.map((c) => c.grantId));
  for (const c of candidates) if (stakeable.has(c.grantId) && !purses.has(c.playerId)) purses.set(c.playerId, c);
  return purses;
}

/** What a slip's transaction decided: its bets placed now, or the bets a first request with its key placed. */
export type SlipOutcome = { kind: 'placed'; results: BatchBetResult[] } | { kind: 'stored'; bets: repo.BetWithRoundRow[] };

/** A slip's item refused (its index and its own refusal): the slip's transaction rolls back. */
export class SlipItemRefused extends Error {
  constructor(
    readonly itemIndex: number,
    readonly refusal: AppError,
  ) {
    super(refusal.message);
    this.name = 'SlipItemRefused';
  }
}

export type BetQueueSettings = { betBatchWindowMs: number; betBatchMax: number; betBatchConcurrency: number; stakeShards: number };

type Waiting = { bet: QueuedBet; resolve: (o: BatchBetResult) => void; reject: (err: unknown) => void };

/**
 * The queue in front of commitBetBatch: flushes after betBatchWindowMs or at betBatchMax bets,
 * at most betBatchConcurrency batches at once, each on its own stake shard (so concurrent
 * batches share no house row, and lock players in the same global order). A batch whose
 * transaction fails is retried bet by bet, each as a batch of one. It also counts the bets of
 * each round that are queued or committing, so the draw can wait for them (`drained`).
 */
export function createBetQueue(db: Db, log: FastifyBaseLogger, settings: BetQueueSettings, deps: BetBatchDeps) {
  const queue: Waiting[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing = 0;
  let batchSeq = 0;
  const pendingByRound = new Map<number, number>();
  const drainWaiters = new Map<number, Array<() => void>>();

  const track = (roundId: number) => pendingByRound.set(roundId, (pendingByRound.get(roundId) ?? 0) + 1);
  function untrack(roundId: number): void {
    const left = (pendingByRound.get(roundId) ?? 1) - 1;
    if (left > 0) {
      pendingByRound.set(roundId, left);
      return;
    }
    pendingByRound.delete(roundId);
    for (const wake of drainWaiters.get(roundId) ?? []) wake();
    drainWaiters.delete(roundId);
  }

  async function runBatch(items: Waiting[], shard: number): Promise<void> {
    const outcomes = await withTransaction(db, (tx) => commitBetBatch(tx, deps, items.map((w) => w.bet), shard));
    items.forEach((w, i) => {
      const o = outcomes[i]!;
      if (o.ok) w.resolve(o.result);
      else w.reject(o.error);
    });
  }

  async function flush(): Promise<void> {
    if (queue.length === 0 || flushing >= settings.betBatchConcurrency) return;
    // Player order inside a batch only orders the in-memory decisions of one player's bets by
    // arrival (a stable sort keeps it); the locks are taken in account id order regardless.
    const batch = queue.splice(0, settings.betBatchMax).sort((a, b) => a.bet.playerId - b.bet.playerId);
    flushing += 1;
    const shard = batchSeq++ % settings.stakeShards;
    try {
      await runBatch(batch, shard);
    } catch (err) {
      log.warn({ err, bets: batch.length }, 'bet batch failed; placing its bets one by one');
      for (const w of batch) {
        try {
          await runBatch([w], shard);
        } catch (alone) {
          w.reject(alone);
        }
      }
    } finally {
      for (const w of batch) untrack(w.bet.roundId);
      flushing -= 1;
      scheduleFlush();
    }
  }

  function scheduleFlush(): void {
    if (queue.length === 0 || flushing >= settings.betBatchConcurrency) return;
    if (queue.length >= settings.betBatchMax || settings.betBatchWindowMs <= 0) {
      void flush();
      return;
    }
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, settings.betBatchWindowMs);
  }

  /**
   * A slip (decision 513): its bets decided and written by commitBetBatch in a transaction of
   * their own, all or none. The player's slips are serialised by an advisory lock taken first
   * (only slips take it, so it orders before the round, controls and account locks every bet
   * path takes next); under it, the slip's keys already stored mean a retry, answered with the
   * stored bets and nothing written. The round's bets in flight count the slip's, so the draw
   * waits for it as for a queued bet.
   */
  async function placeSlip(playerId: number, bets: readonly QueuedBet[], storedKeys: readonly string[]): Promise<SlipOutcome> {
    for (const b of bets) track(b.roundId);
    const shard = batchSeq++ % settings.stakeShards;
    try {
      return await withTransaction(db, async (tx) => {
        await repo.lockPlayerSlips(tx, playerId);
        const stored = await repo.selectBetsByKeys(tx, playerId, storedKeys);
        if (stored.length > 0) return { kind: 'stored', bets: stored } as const;
        const outcomes = await commitBetBatch(tx, deps, bets, shard);
        const refused = outcomes.findIndex((o) => !o.ok);
        // Throwing rolls back the bets and the debit of the items accepted before the refused one.
        if (refused >= 0) throw new SlipItemRefused(refused, (outcomes[refused] as { error: AppError }).error);
        return { kind: 'placed', results: outcomes.map((o) => (o as { result: BatchBetResult }).result) } as const;
      });
    } finally {
      for (const b of bets) untrack(b.roundId);
    }
  }

  return {
    placeSlip,
    place(bet: QueuedBet): Promise<BatchBetResult> {
      return new Promise((resolve, reject) => {
        track(bet.roundId);
        queue.push({ bet, resolve, reject });
        scheduleFlush();
      });
    },
    /**
     * Resolves once no bet of the round is queued or committing on this node, or after
     * `maxWaitMs` (the draw's bound, decision 201), returning whether it drained.
     */
    drained(roundId: number, maxWaitMs: number): Promise<boolean> {
      if (!pendingByRound.has(roundId)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), maxWaitMs);
        const list = drainWaiters.get(roundId) ?? [];
        list.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
        drainWaiters.set(roundId, list);
      });
    },
    pending: (roundId: number) => pendingByRound.get(roundId) ?? 0,
  };
}
export type BetQueue = ReturnType<typeof createBetQueue>;

import { createHash } from 'node:crypto';
import { LOTTERY_SLIP_MAX_ITEMS, type LotterySlipItem, type WingoCommitment } from '@colorplay/contract';
import { checkBet, roundAt, roundOfPeriod, roundPhase, type BetLimits, type Room, type Round } from '@colorplay/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { accountCodes, getBalance } from '../ledger';
import type { SafetyService } from '../safety';
import { createBetQueue, sameRequest, SlipItemRefused, type BatchBetResult, type BetInput, type CheckBets, type QueuedBet, type StakeableGrants } from './bet-batch';
import type { RoundEngine } from './engine';
import { roomOfGame, type EngineGame } from './games';
import * as repo from './repo';
import type { LotterySettings } from './rules';
import { commitmentOf, gameBetOf, type GameBetView } from './views';

export type PlacementDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: LotterySettings;
  limits: BetLimits;
  safety: Pick<SafetyService, 'checkStakes'>;
  /** Each game's round engine (its house accounts, and the round a bet needs). */
  engineOf: (game: string) => Pick<RoundEngine, 'ensureHouseAccounts' | 'ensureRound' | 'readyChains'>;
  /** A set-based pre-check of each bet batch, in its transaction (responsible gambling; bet-batch.ts). */
  checkBets?: CheckBets;
  /** Tests only: runs inside a bet batch's transaction just before it commits. */
  beforeBatchCommit?: (bets: readonly QueuedBet[]) => Promise<void>;
  /** Bonus money (decision 530): which grants a stake may take from; without it stakes are cash only. */
  stakeableGrants?: StakeableGrants;
};

/** A bet id fixed by the player and their idempotency key, so a racing retry lands on the same bet and ledger key. */
function betIdOf(playerId: number, key: string): string {
  return `bet_${createHash('sha256').update(`${playerId}:${key}`).digest('base64url').slice(0, 24)}`;
}

/** A placed bet of any game, with the commitment of its round (null for Trx Win: no chain). */
export type PlacedBet = { bet: GameBetView & { commitment: WingoCommitment | null }; balanceMinor: number };

/** A slip of one round: the room, period and key once, each item a single bet's own fields (the contract's PlaceLotterySlipInput). */
export type SlipInput = { room: string; period: string; idempotencyKey: string; items: readonly LotterySlipItem[] };

/** A placed slip: its bets in item order, their summed total, and the balance after. */
export type PlacedSlip = { bets: Array<PlacedBet['bet']>; totalMinor: number; balanceMinor: number };

/**
 * The stored key of a slip's item: ':' is outside the players' key alphabet (IdempotencyKeySchema),
 * so an item's key never meets a key a player sent for a single bet.
 */
const slipItemKey = (key: string, index: number) => `${key}:${index}`;

/** A slip item's refusal as the slip's answer: the item's own code, naming the item. */
function itemRefusal(index: number, refusal: AppError): AppError {
  return new AppError(refusal.code, `Item ${index + 1}: ${refusal.message}`, [{ path: `items.${index}`, message: refusal.message }], refusal.headers, {
    ...refusal.publicDetails,
    itemIndex: index,
  });
}

/**
 * Bet placement: what needs no lock is checked here, then the bet joins the set-based group
 * commit (bet-batch.ts, decision 200); a retry with the same key gets the first bet back.
 */
export function createPlacement(deps: PlacementDeps) {
  const { db, clock, log, settings, limits, engineOf } = deps;
  // Round commitments (chain, final hash, k, beacon round) by round id: bet receipts carry them.
  const commitments = new Map<number, WingoCommitment | null>();
  // Round rows known to exist (room:ordinal -> id): the bet path skips that lookup after the
  // first bet. Bounded: cleared when it grows large. (A missing player account is made by the
  // bet batch itself, bet-batch.ts.)
  const knownRounds = new Map<string, Promise<number>>();

  const betQueue = createBetQueue(db, log, settings, {
    limits,
    checkBets: async (tx, bets) => {
      // Responsible gambling first (breaks, exclusion, stake and loss limits), set-based over
      // the whole batch; then any extra check the caller gave (tests).
      const refusals = new Map<number, AppError>();
      const safety = await deps.safety.checkStakes(tx, bets.map((b) => ({ playerId: b.playerId, stakeMinor: b.bet.totalMinor })));
      safety.forEach((r, i) => r && refusals.set(i, r));
      if (deps.checkBets) for (const [i, r] of await deps.checkBets(tx, bets)) if (!refusals.has(i)) refusals.set(i, r);
      return refusals;
    },
    ...(deps.beforeBatchCommit ? { beforeBatchCommit: deps.beforeBatchCommit } : {}),
    ...(deps.stakeableGrants ? { stakeableGrants: deps.stakeableGrants } : {}),
  });

  /** The commitment a bet on this round is placed under (read once per round, outside the bet transaction). */
  async function roundCommitment(roundId: number): Promise<WingoCommitment | null> {
    let c = commitments.get(roundId);
    if (c === undefined) {
      c = commitmentOf((await repo.selectRoundCommitment(db, roundId))!);
      if (commitments.size > 256) commitments.clear();
      commitments.set(roundId, c);
    }
    return c;
  }

  /** The id of the round row a bet of `round` goes to, made (with its chain) when it is the room's first bet of it. */
  async function roundIdFor(game: EngineGame, room: Room, round: Round, nowMs: number): Promise<number> {
    const engine = engineOf(game.id);
    await engine.ensureHouseAccounts();
    const roundKey = `${game.id}:${room.id}:${round.ordinal}`;
    // One lookup per round and node, shared by the bets that arrive while it runs (a burst's
    // first bets would otherwise each make the same three round trips).
    let roundIdOf = knownRounds.get(roundKey);
    if (roundIdOf === undefined) {
      roundIdOf = (async () => {
        // A room whose chain is not published yet gets it now (decision 380): its round is open,
        // so its beacon value does not exist and the chain can still be chosen fairly.
        let chains = await repo.selectChains(db, game.id, room.id);
        if (!(await engine.ensureRound(room, round.ordinal, chains, nowMs))) {
          chains = await engine.readyChains(room, nowMs);
          if (!(await engine.ensureRound(room, round.ordinal, chains, nowMs))) throw new AppError('ROOM_NOT_READY', 'This room opens with its first published chain');
        }
        return (await repo.selectRoundByOrdinal(db, game.id, room.id, round.ordinal))!.id;
      })();
      if (knownRounds.size > 64) knownRounds.clear();
      knownRounds.set(roundKey, roundIdOf);
      // A failed lookup is not kept: the next bet tries again.
      roundIdOf.catch(() => knownRounds.get(roundKey) === roundIdOf && knownRounds.delete(roundKey));
    }
    return roundIdOf;
  }

  /**
   * What a bet is judged on before any lock: its period is the room's current round, it arrived
   * before the lock, and the rule table takes it (the round limit needs the stored stakes: the batch).
   */
  function precheck(game: EngineGame, room: Room, input: BetInput, nowMs: number): { ok: true; round: Round; bet: QueuedBet['bet'] } | { ok: false; refusal: AppError } {
    const round = roundOfPeriod(room, input.period);
    if (!round || round.ordinal !== roundAt(room, nowMs).ordinal) return { ok: false, refusal: new AppError('ROUND_CLOSED', `Period ${input.period} is not the current round of room ${room.id}`) };
    if (roundPhase(round, nowMs) !== 'open') return { ok: false, refusal: new AppError('ROUND_LOCKED', 'Betting is closed for the last seconds of the round') };
    if (!game.rules.isSelection(input.selection)) return { ok: false, refusal: new AppError('VALIDATION_FAILED', `${game.id} has no selection "${input.selection}"`) };
    const check = checkBet(game.rules, game.rules.betOptions, limits, input);
    if (!check.ok) return { ok: false, refusal: new AppError(check.code === 'UNKNOWN_SELECTION' ? 'VALIDATION_FAILED' : check.code, check.message) };
    return { ok: true, round, bet: check.bet };
  }

  /** A slip's retry: the stored bets when the request is the first one's, item for item; IDEMPOTENCY_CONFLICT otherwise. */
  async function replaySlip(playerId: number, stored: readonly repo.BetWithRoundRow[], game: EngineGame, inputs: readonly BetInput[]): Promise<PlacedSlip> {
    const same = stored.length === inputs.length && inputs.every((input, i) => stored[i]!.idempotency_key === input.idempotencyKey && sameRequest(stored[i]!, game, input));
    if (!same) throw new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for another slip');
    const bets = stored.map((b) => ({ ...gameBetOf(b), commitment: commitmentOf(b) }));
    return { bets, totalMinor: bets.reduce((sum, b) => sum + b.totalMinor, 0), balanceMinor: await getBalance(db, accountCodes.playerMain(playerId)) };
  }

  async function replayBet(playerId: number, previous: repo.BetWithRoundRow, game: EngineGame, input: BetInput): Promise<PlacedBet> {
    if (!sameRequest(previous, game, input)) throw new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for another bet');
    return { bet: { ...gameBetOf(previous), commitment: commitmentOf(previous) }, balanceMinor: await getBalance(db, accountCodes.playerMain(playerId)) };
  }

  return {
    /**
     * Checks what needs no lock (period, arrival before the lock, rules), then queues the bet for
     * the set-based group commit (bet-batch.ts, decision 200). No database round trip before the
     * queue once the round is known: the idempotency lookup is part of the batch. Arrival time
     * decides: `receivedAt` is when the request reached the server (the route stamps it before
     * authentication and parsing); a bet that arrived before the lock is judged on its merits
     * however long it waited, and the draw waits for it (decision 201).
     */
    async placeBet(playerId: number, game: EngineGame, input: BetInput, receivedAt: Date = clock.now()): Promise<PlacedBet> {
      const room = roomOfGame(game, input.room);
      // The routes' schemas only let the game's rooms through; a caller that skips them gets the same code.
      if (!room) throw new AppError('VALIDATION_FAILED', `${game.id} has no room ${input.room}`);
      const betId = betIdOf(playerId, input.idempotencyKey);
      const nowMs = receivedAt.getTime();
      const check = precheck(game, room, input, nowMs);
      if (!check.ok) {
        // A retry of a bet that was placed in time still gets its bet back after the lock.
        const previous = await repo.selectBetByKey(db, playerId, input.idempotencyKey);
        if (previous) return replayBet(playerId, previous, game, input);
        throw check.refusal;
      }
      const { round, bet } = check;

      const roundId = await roundIdFor(game, room, round, nowMs);
      const placed = await betQueue.place({ game, betId, playerId, roundId, roomId: room.id, period: round.period, input, bet, receivedAt });
      // The receipt carries the round's commitment (read once per round, outside the bet transaction).
      return { ...placed, bet: { ...placed.bet, commitment: await roundCommitment(roundId) } };
    },

    /**
     * A slip (decision 513): every item judged as a lone bet would be (the same pre-check, then
     * commitBetBatch with the round limit and responsible gambling summed over the slip and the
     * player's earlier bets, and the funds over its total), in one transaction that places all
     * of them or none. A refusal names the item (`details.itemIndex`, issue path `items.N`).
     */
    async placeSlip(playerId: number, game: EngineGame, input: SlipInput, receivedAt: Date = clock.now()): Promise<PlacedSlip> {
      const room = roomOfGame(game, input.room);
      if (!room) throw new AppError('VALIDATION_FAILED', `${game.id} has no room ${input.room}`);
      if (input.items.length < 1 || input.items.length > LOTTERY_SLIP_MAX_ITEMS) throw new AppError('VALIDATION_FAILED', `A slip has 1 to ${LOTTERY_SLIP_MAX_ITEMS} items`);
      const nowMs = receivedAt.getTime();
      // Every possible item key: a retry with fewer or more items than the first finds them all.
      const keys = Array.from({ length: LOTTERY_SLIP_MAX_ITEMS }, (_, i) => slipItemKey(input.idempotencyKey, i));
      const inputs: BetInput[] = input.items.map((item, i) => ({ room: input.room, period: input.period, ...item, idempotencyKey: keys[i]! }));
      const checks = inputs.map((b) => precheck(game, room, b, nowMs));
      const refused = checks.findIndex((c) => !c.ok);
      if (refused >= 0) {
        // A retry of a slip placed in time still gets its bets back after the lock.
        const stored = await repo.selectBetsByKeys(db, playerId, keys);
        if (stored.length > 0) return replaySlip(playerId, stored, game, inputs);
        throw itemRefusal(refused, (checks[refused] as { refusal: AppError }).refusal);
      }
      const passed = checks as Array<Extract<(typeof checks)[number], { ok: true }>>;
      const round = passed[0]!.round;
      const roundId = await roundIdFor(game, room, round, nowMs);
      const queued: QueuedBet[] = passed.map((c, i) => ({
        game,
        betId: betIdOf(playerId, inputs[i]!.idempotencyKey),
        playerId,
        roundId,
        roomId: room.id,
        period: round.period,
        input: inputs[i]!,
        bet: c.bet,
        receivedAt,
      }));
      let outcome: Awaited<ReturnType<typeof betQueue.placeSlip>>;
      try {
        outcome = await betQueue.placeSlip(playerId, queued, keys);
      } catch (err) {
        if (err instanceof SlipItemRefused) throw itemRefusal(err.itemIndex, err.refusal);
        throw err;
      }
      if (outcome.kind === 'stored') return replaySlip(playerId, outcome.bets, game, inputs);
      const commitment = await roundCommitment(roundId);
      const results: BatchBetResult[] = outcome.results;
      return {
        bets: results.map((r) => ({ ...r.bet, commitment })),
        totalMinor: results.reduce((sum, r) => sum + r.bet.totalMinor, 0),
        balanceMinor: results.at(-1)!.balanceMinor,
      };
    },

    /**
     * Waits (bounded by drawWaitForBetsMs) for this node's bets of the round that arrived before
     * its lock; bets committing on any node hold the round's lock shared, which the draw takes
     * exclusive, so it waits for those in the database itself.
     */
    async waitForInTimeBets(roundId: number): Promise<void> {
      if (await betQueue.drained(roundId, settings.drawWaitForBetsMs)) return;
      log.warn({ roundId, pending: betQueue.pending(roundId) }, 'draw waited its bound for in-time bets; the rest will be refused');
    },
  };
}

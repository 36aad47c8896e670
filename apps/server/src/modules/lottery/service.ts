import { createHash, randomBytes } from 'node:crypto';
import type {
  MyWingoBetsQuery,
  PlaceWingoBetInput,
  PlaceWingoBetResult,
  WingoBet,
  WingoBetsPage,
  WingoChain,
  WingoFairness,
  WingoHistoryPage,
  WingoHistoryQuery,
  WingoResult,
  WingoRoomId,
  WingoRoomState,
  WingoRoundClock,
  WingoTrend,
} from '@colorplay/contract';
import { bytesToHex, hexToBytes } from '@colorplay/fair';
import { chainCheckpointsSync, deriveDigitSync, linkFromCheckpointsSync, type ChainCheckpoints } from '@colorplay/fair/node';
import { createCheckpointSeal, isLegacyPlain } from './checkpoint-seal';
import {
  checkBet,
  roundAt,
  roundByOrdinal,
  roundOfPeriod,
  roundPhase,
  WINGO,
  WINGO_BET_OPTIONS,
  WINGO_DEFAULT_LIMITS,
  WINGO_ROOMS,
  type BetLimits,
  type Room,
  type WingoDigit,
} from '@colorplay/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { SafetyService } from '../safety';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import {
  accountCodes,
  ensureAccount,
  getBalance,
  getBalances,
  HOUSE_ACCOUNTS,
  postTransfer,
  postTransfers,
  withTransaction,
  type PostTransferInput,
} from '../ledger';
import * as repo from './repo';
import {
  decideDraw,
  DEFAULT_LOTTERY_SETTINGS,
  linkIndexOf,
  payoutShardOf,
  payoutTable,
  roomClock,
  shardOf,
  trendStatistics,
  wingoBetOutcome,
  wingoResultFace,
  type LotterySettings,
} from './rules';

const GAME = 'wingo';
const ROOMS: readonly Room[] = Object.values(WINGO_ROOMS);

export type LotteryDeps = {
  db: Db;
  clock: Clock;
  events: EventRecorder;
  log: FastifyBaseLogger;
  /** Seals the chains' checkpoints at rest (LOTTERY_CHAIN_SECRET; decision 171). */
  chainSecret: string;
  /**
   * Responsible gambling (issue 21): breaks, exclusion, stake and loss limits, checked in the
   * bet's transaction. `checkStakes` is the set-based form a batch pre-check calls once for all
   * its bets; today's placement calls `assertStake` per bet.
   */
  safety: Pick<SafetyService, 'assertStake' | 'checkStakes'>;
  settings?: Partial<LotterySettings>;
  limits?: BetLimits;
  /** Tests only: runs inside the settlement transaction just before it commits (a crash there rolls it all back). */
  beforeSettleCommit?: (roundId: number) => Promise<void>;
};

const roomOf = (id: string): Room => {
  const room = (WINGO_ROOMS as Record<string, Room>)[id];
  if (!room) throw new Error(`unknown room ${id}`);
  return room;
};

const stakeAccount = (shard: number) => accountCodes.houseLottery(GAME, shard);

function toResult(r: repo.RoundRow): WingoResult {
  const face = wingoResultFace(r.status === 'voided' ? null : r.digit);
  return {
    roomId: r.room_id as WingoRoomId,
    period: r.period,
    status: r.status as WingoResult['status'],
    digit: r.status === 'voided' ? null : r.digit,
    colours: face.colours,
    size: face.size,
    drawnAtMs: r.drawn_at!.getTime(),
  };
}

function toBet(b: repo.BetWithRoundRow): WingoBet {
  const outcome = wingoBetOutcome(
    { selection: b.selection, contractMinor: b.contract_minor, totalMinor: b.total_minor },
    { status: b.round_status, digit: b.digit },
  );
  return {
    id: b.id,
    roomId: b.room_id as WingoRoomId,
    period: b.period,
    selection: b.selection as WingoBet['selection'],
    amountMinor: b.amount_minor,
    quantity: b.quantity,
    multiplier: b.multiplier,
    totalMinor: b.total_minor,
    feeMinor: b.fee_minor,
    contractMinor: b.contract_minor,
    status: outcome.status,
    payoutMinor: outcome.payoutMinor,
    resultDigit: b.round_status === 'settled' ? b.digit : null,
    placedAtMs: b.placed_at.getTime(),
    settledAtMs: b.round_status === 'settled' ? b.settled_at!.getTime() : b.round_status === 'voided' ? b.drawn_at!.getTime() : null,
  };
}

const toChain = (c: repo.ChainRow): WingoChain => ({
  chainId: c.id,
  roomId: c.room_id as WingoRoomId,
  finalHash: c.final_hash,
  length: c.length,
  firstPeriod: c.first_period,
  publishedAtMs: c.published_at.getTime(),
});

/** A bet id fixed by the player and their idempotency key, so a racing retry lands on the same bet and ledger key. */
function betIdOf(playerId: number, key: string): string {
  return `bet_${createHash('sha256').update(`${playerId}:${key}`).digest('base64url').slice(0, 24)}`;
}

/**
 * The round engine and Wingo's bets (design §7). The engine part (chains, open/lock/draw/settle)
 * takes the game's rule table and knows nothing else of Wingo.
 */
export function createLotteryService(deps: LotteryDeps) {
  const { db, clock, events, log } = deps;
  const settings: LotterySettings = { ...DEFAULT_LOTTERY_SETTINGS, ...deps.settings };
  const limits = deps.limits ?? WINGO_DEFAULT_LIMITS;
  const checkpointCache = new Map<number, ChainCheckpoints>();
  const checkpointSeal = createCheckpointSeal(deps.chainSecret);
  const placeOf = (chain: { room_id: string; first_ordinal: number }, k: number) => ({ game: GAME, roomId: chain.room_id, firstOrdinal: chain.first_ordinal, k });
  let accountsReady: Promise<void> | undefined;
  // Round rows known to exist (room:ordinal -> id) and player accounts known to exist: the bet
  // path skips those lookups after the first bet. Bounded: both are cleared when they grow large.
  const knownRounds = new Map<string, number>();
  const knownPlayerAccounts = new Set<number>();

  /** The house accounts bets and settlement post to; created once per process. */
  function ensureHouseAccounts(): Promise<void> {
    accountsReady ??= (async () => {
      for (let s = 0; s < settings.stakeShards; s++) await ensureAccount(db, { code: stakeAccount(s), kind: 'house' });
      await ensureAccount(db, { code: HOUSE_ACCOUNTS.fees, kind: 'house' });
    })().catch((err) => {
      accountsReady = undefined;
      throw err;
    });
    return accountsReady;
  }

  async function checkpointsOf(q: Queryable, chain: repo.ChainRow): Promise<ChainCheckpoints | null> {
    const cached = checkpointCache.get(chain.id);
    if (cached) return cached;
    const rows = await repo.selectCheckpoints(q, chain.id);
    if (!rows.some((r) => r.k === chain.length)) return null;
    const checkpoints = new Map<number, Uint8Array>();
    try {
      for (const r of rows) checkpoints.set(r.k, hexToBytes(checkpointSeal.open(placeOf(chain, r.k), r.link))!);
    } catch (err) {
      // Another LOTTERY_CHAIN_SECRET than the one that sealed them: no link can be computed, so
      // the chain's rounds are voided (refunded), never drawn from a guess.
      log.error({ err, chainId: chain.id }, 'chain checkpoints do not open with this LOTTERY_CHAIN_SECRET');
      return null;
    }
    // Checkpoints written before sealing existed are sealed now, once; the update only replaces
    // the plain value it read, so two nodes doing this at once write one sealed value each time.
    // It runs on the caller's connection: PGlite has one, and the caller may hold a transaction.
    const legacy = rows.filter((r) => isLegacyPlain(r.link));
    if (legacy.length > 0) {
      await repo.replaceCheckpoints(q, chain.id, legacy.map((r) => ({ k: r.k, from: r.link, to: checkpointSeal.seal(placeOf(chain, r.k), r.link) })));
      log.info({ chainId: chain.id, sealed: legacy.length }, 'legacy chain checkpoints sealed');
    }
    const value: ChainCheckpoints = { finalHash: hexToBytes(chain.final_hash)!, length: chain.length, checkpointEvery: chain.checkpoint_every, checkpoints };
    checkpointCache.set(chain.id, value);
    return value;
  }

  /** L[k] of a chain, or null when its checkpoints are missing (the round can then only be voided). */
  async function linkOf(q: Queryable, chain: repo.ChainRow | undefined, k: number): Promise<string | null> {
    if (!chain) return null;
    const cp = await checkpointsOf(q, chain);
    if (!cp) return null;
    try {
      return bytesToHex(linkFromCheckpointsSync(cp, k));
    } catch (err) {
      log.error({ err, chainId: chain.id, k }, 'chain link cannot be computed');
      return null;
    }
  }

  const chainFor = (chains: repo.ChainRow[], ordinal: number) =>
    chains.find((c) => linkIndexOf(ordinal, { firstOrdinal: c.first_ordinal, length: c.length }) !== null);

  /**
   * Makes sure the room has a published chain for the coming rounds: on first start one whose
   * L[1] is the round after the current one (the current round started before anything was
   * published, so it is not played), later the next chain well before the current one ends.
   */
  async function ensureChains(room: Room, nowMs: number): Promise<repo.ChainRow[]> {
    const chains = await repo.selectChains(db, GAME, room.id);
    const current = roundAt(room, nowMs).ordinal;
    const last = chains[chains.length - 1];
    let firstOrdinal: number | null = null;
    if (!last || last.first_ordinal + last.length - 1 < current) firstOrdinal = current + 1;
    else if (last.first_ordinal + last.length - 1 - current < settings.chainRenewBeforeRounds) firstOrdinal = last.first_ordinal + last.length;
    if (firstOrdinal === null) return chains;
    const seed = randomBytes(32);
    const cp = chainCheckpointsSync(seed, settings.chainLength, settings.checkpointEvery);
    // One transaction: a chain is never visible without its checkpoints.
    const inserted = await withTransaction(db, (tx) => repo.insertChain(
      tx,
      {
        game: GAME,
        roomId: room.id,
        firstOrdinal,
        length: settings.chainLength,
        checkpointEvery: settings.checkpointEvery,
        finalHash: bytesToHex(cp.finalHash),
        firstPeriod: roundByOrdinal(room, firstOrdinal).period,
        publishedAt: clock.now(),
      },
      [...cp.checkpoints].map(([k, link]) => ({ k, link: checkpointSeal.seal({ game: GAME, roomId: room.id, firstOrdinal, k }, bytesToHex(link)) })),
    ));
    if (inserted) log.info({ room: room.id, firstOrdinal }, 'lottery chain published');
    return repo.selectChains(db, GAME, room.id);
  }

  /** The row of a round, created when its chain covers it; null when no chain does (yet). */
  async function ensureRound(room: Room, ordinal: number, chains: repo.ChainRow[], nowMs: number): Promise<boolean> {
    const chain = chainFor(chains, ordinal);
    if (!chain) return false;
    const r = roundByOrdinal(room, ordinal);
    await repo.insertRoundIfAbsent(db, {
      game: GAME,
      roomId: room.id,
      ordinal,
      period: r.period,
      chainId: chain.id,
      roundIndex: linkIndexOf(ordinal, { firstOrdinal: chain.first_ordinal, length: chain.length })!,
      opensAt: new Date(r.opensAtMs),
      locksAt: new Date(r.locksAtMs),
      drawsAt: new Date(r.drawsAtMs),
      status: nowMs < r.locksAtMs ? 'open' : 'locked',
    });
    return true;
  }

  /**
   * Draws one round whose draw time has come: the digit from its link and period, nothing
   * else. Too late, or without its link, the round is voided and refunded instead. The row
   * lock and the status check make it happen once however many nodes try.
   */
  async function drawRound(roundId: number): Promise<'drawn' | 'voided' | 'skipped'> {
    return withTransaction(db, async (tx) => {
      // Waits for the bets in flight on this round to commit (they hold the lock shared).
      await repo.holdRoundForDraw(tx, roundId);
      const round = await repo.selectRoundById(tx, roundId, 'FOR UPDATE');
      if (!round || (round.status !== 'open' && round.status !== 'locked')) return 'skipped';
      const now = clock.now();
      const link = await linkOf(tx, await repo.selectChain(tx, round.chain_id), round.round_index);
      const decision = decideDraw({ drawsAtMs: round.draws_at.getTime() }, now.getTime(), link !== null, settings);
      if (decision.kind === 'void') {
        log.warn({ period: round.period, room: round.room_id, reason: decision.reason }, 'lottery round voided');
        await voidInTx(tx, round, link, now);
        return 'voided';
      }
      await repo.markDrawn(tx, round.id, deriveDigitSync(link!, round.period).digit, link!, now);
      return 'drawn';
    });
  }

  /**
   * A round's credit to one player (a win or a refund) from the player's stake shard, keyed so
   * that a retried settlement or void posts it once.
   */
  function roundCredit(round: repo.RoundRow, playerId: number, kind: 'lottery_payout' | 'lottery_refund', amountMinor: number): PostTransferInput {
    return {
      idempotencyKey: `${GAME}:${kind === 'lottery_payout' ? 'payout' : 'refund'}:${round.id}:${playerId}`,
      kind,
      reference: `round_${round.id}`,
      metadata: { game: GAME, room: round.room_id, period: round.period },
      entries: [
        { accountCode: stakeAccount(payoutShardOf(playerId, settings.stakeShards)), amountMinor: -amountMinor },
        { accountCode: accountCodes.playerMain(playerId), amountMinor },
      ],
    };
  }

  /** Refunds every stake of the round in full (fee included) and marks it voided. */
  async function voidInTx(tx: Queryable, round: repo.RoundRow, link: string | null, now: Date): Promise<void> {
    const perPlayer = await repo.settlementByPlayer(tx, round.id, { selections: [...WINGO.selections], nums: WINGO.selections.map(() => 0), dens: WINGO.selections.map(() => 1) });
    const transfers = perPlayer.map((p) => roundCredit(round, p.player_id, 'lottery_refund', p.total_minor));
    const posted = await postTransfers(tx, transfers);
    await repo.markVoided(tx, round.id, link, now);
    await recordSettlement(tx, round, 'voided', null, now, perPlayer.map((p) => ({ playerId: p.player_id, bets: p.bets, payoutMinor: p.total_minor })), posted.balancesMinor);
  }

  async function recordSettlement(
    tx: Queryable,
    round: repo.RoundRow,
    status: 'settled' | 'voided',
    digit: number | null,
    now: Date,
    players: Array<{ playerId: number; bets: number; payoutMinor: number }>,
    knownBalances: Map<string, number>,
  ): Promise<void> {
    await events.record(tx, 'RoundDrawn', { game: GAME, roomId: round.room_id, period: round.period, status, digit, drawnAtMs: (round.drawn_at ?? now).getTime() });
    const unknown = players.map((p) => accountCodes.playerMain(p.playerId)).filter((c) => !knownBalances.has(c));
    const balances = new Map([...knownBalances, ...(await getBalances(tx, unknown))]);
    await events.recordMany(
      tx,
      'BetsSettled',
      players.map((p) => ({
        game: GAME,
        playerId: p.playerId,
        roomId: round.room_id,
        period: round.period,
        bets: p.bets,
        payoutMinor: p.payoutMinor,
        balanceMinor: balances.get(accountCodes.playerMain(p.playerId)) ?? 0,
      })),
    );
  }

  /**
   * Settles a drawn round in one transaction: winnings per player computed set-based from the
   * rule table, posted as one ledger batch (one transfer per winning player and one for the
   * round's fees), the round marked settled, events recorded. Exactly once: the round row is
   * locked and must still be 'drawn'; a crash anywhere before COMMIT leaves it 'drawn' for the
   * next try, and every transfer's key makes a retry harmless even so.
   */
  async function settleRound(roundId: number): Promise<'settled' | 'skipped'> {
    return withTransaction(db, async (tx) => {
      const round = await repo.selectRoundById(tx, roundId, 'FOR UPDATE');
      if (!round || round.status !== 'drawn') return 'skipped';
      const now = clock.now();
      const digit = round.digit as WingoDigit;
      const perPlayer = await repo.settlementByPlayer(tx, round.id, payoutTable(WINGO, digit));
      const fees = await repo.feesByShard(tx, round.id);
      const transfers: PostTransferInput[] = [];
      const feeTotal = fees.reduce((s, f) => s + f.fee_minor, 0);
      if (feeTotal > 0) {
        transfers.push({
          idempotencyKey: `${GAME}:fees:${round.id}`,
          kind: 'lottery_fee',
          reference: `round_${round.id}`,
          metadata: { game: GAME, room: round.room_id, period: round.period },
          entries: [...fees.map((f) => ({ accountCode: stakeAccount(f.shard), amountMinor: -f.fee_minor })), { accountCode: HOUSE_ACCOUNTS.fees, amountMinor: feeTotal }],
        });
      }
      for (const p of perPlayer) {
        if (p.payout_minor <= 0) continue;
        transfers.push(roundCredit(round, p.player_id, 'lottery_payout', p.payout_minor));
      }
      const posted = await postTransfers(tx, transfers);
      await repo.markSettled(tx, round.id, now);
      await recordSettlement(tx, round, 'settled', digit, now, perPlayer.map((p) => ({ playerId: p.player_id, bets: p.bets, payoutMinor: p.payout_minor })), posted.balancesMinor);
      if (deps.beforeSettleCommit) await deps.beforeSettleCommit(round.id);
      return 'settled';
    });
  }

  /** One pass of the engine for every room; run by the leader job `lottery.rounds`. */
  async function tick(): Promise<void> {
    await ensureHouseAccounts();
    for (const room of ROOMS) {
      try {
        const nowMs = clock.now().getTime();
        const chains = await ensureChains(room, nowMs);
        for (const pending of await repo.selectPendingRoundIds(db, GAME, room.id, new Date(nowMs))) {
          if (pending.status !== 'drawn') await drawRound(pending.id);
          await settleRound(pending.id);
        }
        await repo.lockRounds(db, GAME, room.id, clock.now());
        const now = clock.now().getTime();
        await ensureRound(room, roundAt(room, now).ordinal, chains, now);
      } catch (err) {
        log.error({ err, room: room.id }, 'lottery round engine failed for a room');
      }
    }
  }

  function clockOf(room: Room, nowMs: number): WingoRoundClock {
    return roomClock(room, roundAt(room, nowMs), nowMs) as WingoRoundClock;
  }

  type BetWork = (tx: Queryable, shard: number) => Promise<number | null>;
  type QueuedBet = { betId: string; playerId: number; work: BetWork; resolve: (b: number | null) => void; reject: (err: unknown) => void };
  const queue: QueuedBet[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing = 0;
  let batchSeq = 0;

  /** A bet alone in its own transaction, its stake on the shard of its id. */
  const alone = (betId: string, work: BetWork) => withTransaction(db, (tx) => work(tx, shardOf(betId, settings.stakeShards)));

  /**
   * Group commit (decision 108): bets queue for up to betBatchWindowMs and commit together in
   * one transaction, so one WAL flush serves many bets. Each bet still runs every check, under
   * its own savepoint: a refused bet is rolled back alone and the others commit. A batch puts
   * all its stakes on one shard (a different one per concurrent batch) and takes its bets in
   * player order, so two batches never wait on each other in a cycle. If the shared
   * transaction itself fails, each of its bets is retried alone.
   */
  function runBet(betId: string, currentPlayer: number, work: BetWork): Promise<number | null> {
    if (settings.betBatchWindowMs <= 0) return alone(betId, work);
    return new Promise((resolve, reject) => {
      queue.push({ betId, playerId: currentPlayer, work, resolve, reject });
      scheduleFlush();
    });
  }

  function scheduleFlush(): void {
    if (queue.length === 0 || flushing >= settings.betBatchConcurrency) return;
    if (queue.length >= settings.betBatchMax) {
      void flush();
      return;
    }
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, settings.betBatchWindowMs);
  }

  async function flush(): Promise<void> {
    if (queue.length === 0 || flushing >= settings.betBatchConcurrency) return;
    const batch = queue.splice(0, settings.betBatchMax).sort((a, b) => a.playerId - b.playerId);
    flushing += 1;
    const shard = batchSeq++ % settings.stakeShards;
    const outcomes: Array<{ ok: true; value: number | null } | { ok: false; err: unknown }> = [];
    try {
      await withTransaction(db, async (tx) => {
        for (const item of batch) {
          await tx.query('SAVEPOINT bet');
          try {
            outcomes.push({ ok: true, value: await item.work(tx, shard) });
            await tx.query('RELEASE SAVEPOINT bet');
          } catch (err) {
            // A refusal (closed round, funds, limits) is this bet's answer; anything else fails the batch.
            if (!(err instanceof AppError)) throw err;
            await tx.query('ROLLBACK TO SAVEPOINT bet');
            outcomes.push({ ok: false, err });
          }
        }
      });
      batch.forEach((item, i) => {
        const o = outcomes[i]!;
        if (o.ok) item.resolve(o.value);
        else item.reject(o.err);
      });
    } catch (err) {
      log.warn({ err, bets: batch.length }, 'bet batch failed; placing its bets one by one');
      for (const item of batch) alone(item.betId, item.work).then(item.resolve, item.reject);
    } finally {
      flushing -= 1;
      scheduleFlush();
    }
  }

  async function placeBet(playerId: number, input: PlaceWingoBetInput): Promise<PlaceWingoBetResult> {
    const room = roomOf(input.room);
    const betId = betIdOf(playerId, input.idempotencyKey);
    const previous = await repo.selectBetByKey(db, playerId, input.idempotencyKey);
    if (previous) return replayBet(playerId, previous, input);

    const nowMs = clock.now().getTime();
    const round = roundOfPeriod(room, input.period);
    const current = roundAt(room, nowMs);
    if (!round || round.ordinal !== current.ordinal) throw new AppError('ROUND_CLOSED', `Period ${input.period} is not the current round of room ${room.id}`);
    if (roundPhase(round, nowMs) !== 'open') throw new AppError('ROUND_LOCKED', 'Betting is closed for the last seconds of the round');
    const check = checkBet(WINGO, WINGO_BET_OPTIONS, limits, input);
    if (!check.ok) throw new AppError(check.code === 'UNKNOWN_SELECTION' ? 'VALIDATION_FAILED' : check.code, check.message);
    const bet = check.bet;

    await ensureHouseAccounts();
    const roundKey = `${room.id}:${round.ordinal}`;
    let roundId = knownRounds.get(roundKey);
    if (roundId === undefined) {
      const chains = await repo.selectChains(db, GAME, room.id);
      if (!(await ensureRound(room, round.ordinal, chains, nowMs))) throw new AppError('ROOM_NOT_READY', 'This room opens with its first published chain');
      roundId = (await repo.selectRoundByOrdinal(db, GAME, room.id, round.ordinal))!.id;
      if (knownRounds.size > 64) knownRounds.clear();
      knownRounds.set(roundKey, roundId);
    }
    const playerAccount = accountCodes.playerMain(playerId);
    if (!knownPlayerAccounts.has(playerId)) {
      await ensureAccount(db, { code: playerAccount, kind: 'player', owner: playerId });
      if (knownPlayerAccounts.size > 100_000) knownPlayerAccounts.clear();
      knownPlayerAccounts.add(playerId);
    }
    const placedAt = clock.now();
    const id = roundId;

    const balanceMinor = await runBet(betId, playerId, async (tx, shard) => {
      // Shared with other bets, exclusive for the draw: a bet never commits into a drawn round.
      await repo.holdRoundForBet(tx, id);
      const status = await repo.selectRoundStatus(tx, id);
      if (status !== 'open' || clock.now().getTime() >= round.locksAtMs) {
        throw new AppError(status === 'open' || status === 'locked' ? 'ROUND_LOCKED' : 'ROUND_CLOSED', 'Betting is closed for this round');
      }
      const row = { id };
      // Before the ledger locks the player's account: the controls lock comes first everywhere.
      await deps.safety.assertStake(tx, { playerId, stakeMinor: bet.totalMinor });
      const transfer = await postTransfer(tx, {
        idempotencyKey: `${GAME}:bet:${betId}`,
        kind: 'lottery_bet',
        reference: betId,
        metadata: { game: GAME, room: room.id, period: round.period },
        entries: [
          { accountCode: playerAccount, amountMinor: -bet.totalMinor },
          { accountCode: stakeAccount(shard), amountMinor: bet.totalMinor },
        ],
      });
      // A racing retry of this request committed the same transfer and bet first.
      if (transfer.replayed) return null;
      // The player's account row is locked by the transfer, so their bets in this round are
      // counted one at a time and the round limit cannot be passed by two bets at once.
      const staked = await repo.stakedInRound(tx, row.id, playerId);
      const withLimit = checkBet(WINGO, WINGO_BET_OPTIONS, limits, input, staked);
      if (!withLimit.ok) throw new AppError(withLimit.code === 'UNKNOWN_SELECTION' ? 'VALIDATION_FAILED' : withLimit.code, withLimit.message);
      await repo.insertBet(tx, {
        id: betId,
        round_id: row.id,
        room_id: room.id,
        player_id: playerId,
        idempotency_key: input.idempotencyKey,
        selection: bet.selection,
        amount_minor: bet.amountMinor,
        quantity: bet.quantity,
        multiplier: bet.multiplier,
        total_minor: bet.totalMinor,
        fee_minor: bet.feeMinor,
        contract_minor: bet.contractMinor,
        shard,
        placed_at: placedAt,
      });
      return transfer.entries.find((e) => e.accountCode === playerAccount)!.balanceAfterMinor;
    });
    if (balanceMinor === null) {
      // A racing retry of this very request committed first: answer with its bet.
      const stored = await repo.selectBetByKey(db, playerId, input.idempotencyKey);
      if (!stored) throw new Error(`bet ${betId} vanished after commit`);
      return replayBet(playerId, stored, input);
    }
    return {
      bet: {
        id: betId,
        roomId: room.id as WingoRoomId,
        period: round.period,
        selection: bet.selection,
        amountMinor: bet.amountMinor,
        quantity: bet.quantity,
        multiplier: bet.multiplier,
        totalMinor: bet.totalMinor,
        feeMinor: bet.feeMinor,
        contractMinor: bet.contractMinor,
        status: 'pending',
        payoutMinor: 0,
        resultDigit: null,
        placedAtMs: placedAt.getTime(),
        settledAtMs: null,
      },
      balanceMinor,
    };
  }

  async function replayBet(playerId: number, previous: repo.BetWithRoundRow, input: PlaceWingoBetInput): Promise<PlaceWingoBetResult> {
    const same =
      previous.room_id === input.room &&
      previous.period === input.period &&
      previous.selection === input.selection &&
      previous.amount_minor === input.amountMinor &&
      previous.quantity === input.quantity &&
      previous.multiplier === input.multiplier;
    if (!same) throw new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was already used for another bet');
    return { bet: toBet(previous), balanceMinor: await getBalance(db, accountCodes.playerMain(playerId)) };
  }

  return {
    settings,
    tick,
    drawRound,
    settleRound,
    placeBet,

    /** Every room's clock now (the socket sends it every second). */
    clocks(): { serverTimeMs: number; rounds: WingoRoundClock[] } {
      const nowMs = clock.now().getTime();
      return { serverTimeMs: nowMs, rounds: ROOMS.map((room) => clockOf(room, nowMs)) };
    },

    async state(roomId: WingoRoomId): Promise<WingoRoomState> {
      const room = roomOf(roomId);
      const nowMs = clock.now().getTime();
      const current = roundAt(room, nowMs);
      const [last] = await repo.selectHistory(db, GAME, room.id, null, 1);
      const chains = await repo.selectChains(db, GAME, room.id);
      const chain = chainFor(chains, current.ordinal) ?? chainFor(chains, current.ordinal + 1) ?? null;
      return {
        serverTimeMs: nowMs,
        round: clockOf(room, nowMs),
        lastResult: last ? toResult(last) : null,
        chain: chain ? toChain(chain) : null,
        betting: {
          amountPresetsMinor: [...WINGO_BET_OPTIONS.amountPresetsMinor],
          multipliers: [...WINGO_BET_OPTIONS.multipliers],
          feeBasisPoints: WINGO_BET_OPTIONS.feeBasisPoints,
          limits: { ...limits },
        },
      };
    },

    async chains(roomId: WingoRoomId): Promise<WingoChain[]> {
      return (await repo.selectChains(db, GAME, roomId)).map(toChain);
    },

    async myBets(playerId: number, query: MyWingoBetsQuery): Promise<WingoBetsPage> {
      let beforeSeq: number | null = null;
      if (query.before) {
        const seq = await repo.selectBetSeq(db, playerId, query.before);
        if (seq === undefined) return { items: [], nextCursor: null };
        beforeSeq = seq;
      }
      const rows = await repo.selectPlayerBets(db, playerId, query.room ?? null, beforeSeq, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { items: page.map(toBet), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
    },

    async history(query: WingoHistoryQuery): Promise<WingoHistoryPage> {
      const room = roomOf(query.room);
      let beforeOrdinal: number | null = null;
      if (query.before) {
        const r = roundOfPeriod(room, query.before);
        if (!r) return { items: [], nextCursor: null };
        beforeOrdinal = r.ordinal;
      }
      const rows = await repo.selectHistory(db, GAME, room.id, beforeOrdinal, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { items: page.map(toResult), nextCursor: rows.length > query.limit ? page[page.length - 1]!.period : null };
    },

    async trend(roomId: WingoRoomId, count: number): Promise<WingoTrend> {
      const digits = await repo.selectRecentDigits(db, GAME, roomId, count);
      return { roomId, rounds: digits.length, digits, ...trendStatistics(digits.map((d) => d.digit)) };
    },

    async fairness(period: string): Promise<WingoFairness> {
      const round = await repo.selectRoundByPeriod(db, GAME, period);
      if (!round) throw new AppError('ROUND_NOT_FOUND', `No round ${period}`);
      if (round.status === 'open' || round.status === 'locked' || round.link === null) {
        throw new AppError('ROUND_NOT_DRAWN', 'The link of a round is revealed only after its draw');
      }
      const chain = (await repo.selectChain(db, round.chain_id))!;
      const previousLink = round.round_index > 1 ? await linkOf(db, chain, round.round_index - 1) : null;
      return {
        roomId: round.room_id as WingoRoomId,
        period: round.period,
        status: round.status as WingoFairness['status'],
        chainId: chain.id,
        finalHash: chain.final_hash,
        chainLength: chain.length,
        roundIndex: round.round_index,
        link: round.link,
        previousLink,
        digit: round.status === 'voided' ? null : round.digit,
        drawnAtMs: round.drawn_at!.getTime(),
      };
    },
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

import { createHash } from 'node:crypto';
import type {
  MyWingoBetsQuery,
  PlaceWingoBetInput,
  PlaceWingoBetResult,
  WingoBet,
  WingoBetsPage,
  WingoChain,
  WingoCommitment,
  WingoFairness,
  WingoHistoryPage,
  WingoHistoryQuery,
  WingoResult,
  WingoRoomId,
  WingoRoomState,
  WingoRoundClock,
  WingoTrend,
} from '@colorplay/contract';
import { checkBeaconValue, type BeaconValue } from '@colorplay/fair';
import { deriveDigitSync, deriveDrawDigitSync } from '@colorplay/fair/node';
import type { BeaconSource } from './beacon-source';
import { createChains, LINK_LOST } from './chains';
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
  postTransfers,
  withTransaction,
  type PostTransferInput,
} from '../ledger';
import { createBetQueue, type CheckBets, type QueuedBet } from './bet-batch';
import * as repo from './repo';
import {
  decideDraw,
  DEFAULT_LOTTERY_SETTINGS,
  payoutShardOf,
  payoutTable,
  roomClock,
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
  /** Where beacon values come from (decision 180): the sandbox beacon or drand over HTTP. */
  beacon: BeaconSource;
  /**
   * Responsible gambling (decision 210): breaks, exclusion, stake and loss limits, checked once per
   * bet batch in its transaction (`checkStakes`, before the ledger locks the players' accounts).
   */
  safety: Pick<SafetyService, 'checkStakes'>;
  settings?: Partial<LotterySettings>;
  limits?: BetLimits;
  /** Tests only: runs inside the settlement transaction just before it commits (a crash there rolls it all back). */
  beforeSettleCommit?: (roundId: number) => Promise<void>;
  /** A set-based pre-check of each bet batch, in its transaction (responsible gambling; bet-batch.ts). */
  checkBets?: CheckBets;
  /** Tests only: runs inside a bet batch's transaction just before it commits. */
  beforeBatchCommit?: (bets: readonly QueuedBet[]) => Promise<void>;
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

const commitmentOf = (c: { chain_id: number; final_hash: string; round_index: number; beacon_round: number | null }): WingoCommitment => ({
  chainId: c.chain_id,
  finalHash: c.final_hash,
  roundIndex: c.round_index,
  beaconRound: c.beacon_round,
});

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
    commitment: commitmentOf(b),
  };
}

const toChain = (c: repo.ChainRow): WingoChain => ({
  chainId: c.id,
  roomId: c.room_id as WingoRoomId,
  finalHash: c.final_hash,
  length: c.length,
  firstPeriod: c.first_period,
  publishedAtMs: c.published_at.getTime(),
  scheme: c.scheme,
  beacon: beaconOfChain(c),
  retiredFromPeriod: c.retired_from_ordinal === null ? null : roundByOrdinal(roomOf(c.room_id), c.retired_from_ordinal).period,
});

const beaconOfChain = (c: repo.ChainRow) =>
  c.scheme === 2
    ? { name: c.beacon_name!, publicKey: c.beacon_public_key!, genesisMs: c.beacon_genesis_ms!, periodMs: c.beacon_period_ms!, marginMs: c.beacon_margin_ms! }
    : null;

/** A bet id fixed by the player and their idempotency key, so a racing retry lands on the same bet and ledger key. */
function betIdOf(playerId: number, key: string): string {
  return `bet_${createHash('sha256').update(`${playerId}:${key}`).digest('base64url').slice(0, 24)}`;
}

/**
 * The round engine and Wingo's bets (docs/games.md). The engine part (chains, open/lock/draw/settle)
 * takes the game's rule table and knows nothing else of Wingo.
 */
export function createLotteryService(deps: LotteryDeps) {
  const { db, clock, events, log } = deps;
  const settings: LotterySettings = { ...DEFAULT_LOTTERY_SETTINGS, ...deps.settings };
  const limits = deps.limits ?? WINGO_DEFAULT_LIMITS;
  const chains = createChains({ db, clock, log, chainSecret: deps.chainSecret, settings, beacon: deps.beacon, game: GAME });
  const { chainFor } = chains;
  // Round commitments (chain, final hash, k, beacon round) by round id: bet receipts carry them.
  const commitments = new Map<number, WingoCommitment>();
  let accountsReady: Promise<void> | undefined;
  // Round rows known to exist (room:ordinal -> id): the bet path skips that lookup after the
  // first bet. Bounded: cleared when it grows large. (A missing player account is made by the
  // bet batch itself, bet-batch.ts.)
  const knownRounds = new Map<string, Promise<number>>();

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

  /** The row of a round, created when its chain covers it; null when no chain does (yet). */
  async function ensureRound(room: Room, ordinal: number, roomChains: repo.ChainRow[], nowMs: number): Promise<boolean> {
    const chain = chainFor(roomChains, ordinal);
    if (!chain) return false;
    const r = roundByOrdinal(room, ordinal);
    await repo.insertRoundIfAbsent(db, {
      game: GAME,
      roomId: room.id,
      ordinal,
      period: r.period,
      chainId: chain.id,
      roundIndex: ordinal - chain.first_ordinal + 1,
      opensAt: new Date(r.opensAtMs),
      locksAt: new Date(r.locksAtMs),
      drawsAt: new Date(r.drawsAtMs),
      status: nowMs < r.locksAtMs ? 'open' : 'locked',
      beaconRound: chains.beaconRoundOf(chain, r.locksAtMs),
    });
    return true;
  }

  /**
   * The verified beacon value of a round of a scheme-2 chain: from the table, else from the
   * source, checked against the chain's published key before it is stored. Null when it is not
   * available yet or did not verify: the draw waits (decision 181).
   */
  async function beaconValueOf(chain: repo.ChainRow, round: number): Promise<BeaconValue | null> {
    const publicKey = chain.beacon_public_key!;
    const stored = await repo.selectBeaconValue(db, publicKey, round);
    if (stored) return { round, signature: stored.signature, randomness: stored.randomness };
    if (publicKey !== deps.beacon.params.publicKey) {
      log.error({ chainId: chain.id, round }, 'the chain names another beacon key than the configured source');
      return null;
    }
    const value = await deps.beacon.fetch(round);
    if (!value) return null;
    const checked = await checkBeaconValue(publicKey, value);
    if (!checked.ok) {
      log.error({ chainId: chain.id, round, detail: checked.detail }, 'beacon value refused: the draw waits');
      return null;
    }
    await repo.insertBeaconValue(db, { public_key: publicKey, round, signature: value.signature, randomness: value.randomness, fetched_at: clock.now() });
    return value;
  }

  /** The digit of a round from its link (and beacon value on a scheme-2 chain). */
  const digitOf = (chain: repo.ChainRow, round: repo.RoundRow, link: string, beacon: BeaconValue | null): number =>
    chain.scheme === 2 ? deriveDrawDigitSync(link, GAME, round.period, beacon!.randomness).digit : deriveDigitSync(link, round.period).digit;

  /**
   * Draws one round whose draw time has come, however late (decision 181): the digit from its
   * link, the game tag, its period and its beacon value, nothing else. Without its beacon value
   * it waits; voided only when its link is lost (the chain is then retired) or the beacon value
   * is still missing beaconGiveUpMs after the draw time. The row lock and the status check make
   * it happen once however many nodes try.
   */
  async function drawRound(roundId: number): Promise<'drawn' | 'voided' | 'waiting' | 'skipped'> {
    const before = await repo.selectRoundById(db, roundId);
    if (!before || (before.status !== 'open' && before.status !== 'locked')) return 'skipped';
    const chain = (await repo.selectChain(db, before.chain_id))!;
    // Fetched outside the transaction: a slow beacon must not hold the round's lock.
    const beacon = chain.scheme === 2 && before.beacon_round !== null ? await beaconValueOf(chain, before.beacon_round) : null;
    return withTransaction(db, async (tx) => {
      // Waits for the bets in flight on this round to commit (they hold the lock shared).
      await repo.holdRoundForDraw(tx, roundId);
      const round = await repo.selectRoundById(tx, roundId, 'FOR UPDATE');
      if (!round || (round.status !== 'open' && round.status !== 'locked')) return 'skipped';
      const now = clock.now();
      const link = await chains.linkOf(tx, chain, round.round_index);
      const decision = decideDraw(
        { drawsAtMs: round.draws_at.getTime() },
        now.getTime(),
        { link: link === LINK_LOST ? 'lost' : 'available', beacon: chain.scheme === 1 ? 'not_needed' : beacon ? 'available' : 'missing' },
        settings,
      );
      if (decision.kind === 'wait') return 'waiting';
      if (decision.kind === 'void') {
        log.warn({ period: round.period, room: round.room_id, reason: decision.reason }, 'lottery round voided');
        const known = link === LINK_LOST ? null : link;
        await voidInTx(tx, round, known, now, {
          reason: decision.reason,
          wouldDigit: known !== null && (chain.scheme === 1 || beacon) ? digitOf(chain, round, known, beacon) : null,
        });
        // The rest of a chain whose link is lost can never be drawn: retire it, so the next
        // engine run publishes a new chain for the coming rounds.
        if (decision.reason === 'link_lost') await chains.retire(tx, chain, round.ordinal, 'link lost');
        return 'voided';
      }
      await repo.markDrawn(tx, round.id, digitOf(chain, round, link as string, beacon), link as string, now);
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

  /**
   * Refunds every stake of the round in full (fee included), marks it voided and writes its
   * public audit record: why, what it would have drawn (when known), its stakes and what that
   * digit would have paid, so anyone can check that voids do not fall on the house's losses.
   */
  async function voidInTx(tx: Queryable, round: repo.RoundRow, link: string | null, now: Date, why: { reason: 'link_lost' | 'beacon_unavailable' | 'chain_retired'; wouldDigit: number | null }): Promise<void> {
    const perPlayer = await repo.settlementByPlayer(tx, round.id, { selections: [...WINGO.selections], nums: WINGO.selections.map(() => 0), dens: WINGO.selections.map(() => 1) });
    const transfers = perPlayer.map((p) => roundCredit(round, p.player_id, 'lottery_refund', p.total_minor));
    const posted = await postTransfers(tx, transfers);
    let wouldPayout: number | null = null;
    if (why.wouldDigit !== null) {
      const wouldPay = await repo.settlementByPlayer(tx, round.id, payoutTable(WINGO, why.wouldDigit as WingoDigit));
      wouldPayout = wouldPay.reduce((sum, p) => sum + p.payout_minor, 0);
    }
    await repo.insertVoidAudit(tx, {
      round_id: round.id,
      reason: why.reason,
      would_digit: why.wouldDigit,
      bets: perPlayer.reduce((sum, p) => sum + p.bets, 0),
      stakes_minor: perPlayer.reduce((sum, p) => sum + p.total_minor, 0),
      would_payout_minor: wouldPayout,
      created_at: now,
    });
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
        const roomChains = await chains.ensureChains(room, nowMs);
        let drewAny = false;
        for (const pending of await repo.selectPendingRoundIds(db, GAME, room.id, new Date(nowMs))) {
          // A round waiting for its beacon value holds back the rounds after it, so results
          // are always published in period order. The draw first waits for this node's bets
          // that arrived before the lock (decision 201).
          if (pending.status !== 'drawn') {
            await waitForInTimeBets(pending.id);
            const outcome = await drawRound(pending.id);
            if (outcome === 'waiting') break;
            if (outcome === 'voided') drewAny = true;
          }
          await settleRound(pending.id);
        }
        await repo.lockRounds(db, GAME, room.id, clock.now());
        const now = clock.now().getTime();
        // A void above may have retired a chain: read the chains again before opening a round on one.
        await ensureRound(room, roundAt(room, now).ordinal, drewAny ? await chains.ensureChains(room, now) : roomChains, now);
      } catch (err) {
        log.error({ err, room: room.id }, 'lottery round engine failed for a room');
      }
    }
  }

  function clockOf(room: Room, nowMs: number): WingoRoundClock {
    return roomClock(room, roundAt(room, nowMs), nowMs) as WingoRoundClock;
  }

  const betQueue = createBetQueue(db, log, settings, {
    game: GAME,
    limits,
    stakeAccount,
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
  });

  /**
   * Checks what needs no lock (period, arrival before the lock, rules), then queues the bet for
   * the set-based group commit (bet-batch.ts, decision 200). No database round trip before the
   * queue once the round is known: the idempotency lookup is part of the batch. Arrival time
   * decides: `receivedAt` is when the request reached the server (the route stamps it before
   * authentication and parsing); a bet that arrived before the lock is judged on its merits
   * however long it waited, and the draw waits for it (decision 201).
   */
  async function placeBet(playerId: number, input: PlaceWingoBetInput, receivedAt: Date = clock.now()): Promise<PlaceWingoBetResult> {
    const room = roomOf(input.room);
    const betId = betIdOf(playerId, input.idempotencyKey);
    const nowMs = receivedAt.getTime();
    const round = roundOfPeriod(room, input.period);
    const current = roundAt(room, nowMs);
    let refusal: AppError | null = null;
    let check: ReturnType<typeof checkBet> | null = null;
    if (!round || round.ordinal !== current.ordinal) refusal = new AppError('ROUND_CLOSED', `Period ${input.period} is not the current round of room ${room.id}`);
    else if (roundPhase(round, nowMs) !== 'open') refusal = new AppError('ROUND_LOCKED', 'Betting is closed for the last seconds of the round');
    else {
      check = checkBet(WINGO, WINGO_BET_OPTIONS, limits, input);
      if (!check.ok) refusal = new AppError(check.code === 'UNKNOWN_SELECTION' ? 'VALIDATION_FAILED' : check.code, check.message);
    }
    if (refusal || !round || !check?.ok) {
      // A retry of a bet that was placed in time still gets its bet back after the lock.
      const previous = await repo.selectBetByKey(db, playerId, input.idempotencyKey);
      if (previous) return replayBet(playerId, previous, input);
      throw refusal!;
    }
    const bet = check.bet;

    await ensureHouseAccounts();
    const roundKey = `${room.id}:${round.ordinal}`;
    // One lookup per round and node, shared by the bets that arrive while it runs (a burst's
    // first bets would otherwise each make the same three round trips).
    let roundIdOf = knownRounds.get(roundKey);
    if (roundIdOf === undefined) {
      roundIdOf = (async () => {
        const chains = await repo.selectChains(db, GAME, room.id);
        if (!(await ensureRound(room, round.ordinal, chains, nowMs))) throw new AppError('ROOM_NOT_READY', 'This room opens with its first published chain');
        return (await repo.selectRoundByOrdinal(db, GAME, room.id, round.ordinal))!.id;
      })();
      if (knownRounds.size > 64) knownRounds.clear();
      knownRounds.set(roundKey, roundIdOf);
      // A failed lookup is not kept: the next bet tries again.
      roundIdOf.catch(() => knownRounds.get(roundKey) === roundIdOf && knownRounds.delete(roundKey));
    }
    const roundId = await roundIdOf;
    const placed = await betQueue.place({ betId, playerId, roundId, roomId: room.id, period: round.period, input, bet, receivedAt });
    // The receipt carries the round's commitment (read once per round, outside the bet transaction).
    return { ...placed, bet: { ...placed.bet, commitment: await roundCommitment(roundId) } };
  }

  /** The commitment a bet on this round is placed under (read once per round, outside the bet transaction). */
  async function roundCommitment(roundId: number): Promise<WingoCommitment> {
    let c = commitments.get(roundId);
    if (!c) {
      c = commitmentOf((await repo.selectRoundCommitment(db, roundId))!);
      if (commitments.size > 256) commitments.clear();
      commitments.set(roundId, c);
    }
    return c;
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

  /**
   * Waits (bounded by drawWaitForBetsMs) for this node's bets of the round that arrived before
   * its lock; bets committing on any node hold the round's lock shared, which the draw takes
   * exclusive, so it waits for those in the database itself.
   */
  async function waitForInTimeBets(roundId: number): Promise<void> {
    if (await betQueue.drained(roundId, settings.drawWaitForBetsMs)) return;
    log.warn({ roundId, pending: betQueue.pending(roundId) }, 'draw waited its bound for in-time bets; the rest will be refused');
  }

  return {
    settings,
    tick,
    drawRound,
    settleRound,
    placeBet,
    /** The engine's clock (the bet route stamps each request's arrival with it). */
    now: (): Date => clock.now(),

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
      if (round.status === 'open' || round.status === 'locked') {
        throw new AppError('ROUND_NOT_DRAWN', 'The link of a round is revealed only after its draw');
      }
      const chain = (await repo.selectChain(db, round.chain_id))!;
      let previousLink: string | null = null;
      if (round.round_index > 1 && round.link !== null) {
        const prev = await chains.linkOf(db, chain, round.round_index - 1);
        previousLink = prev === LINK_LOST ? null : prev;
      }
      const chainBeacon = beaconOfChain(chain);
      const value = chainBeacon && round.beacon_round !== null ? await repo.selectBeaconValue(db, chainBeacon.publicKey, round.beacon_round) : undefined;
      const audit = round.status === 'voided' ? await repo.selectVoidAudit(db, round.id) : undefined;
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
        scheme: chain.scheme,
        game: GAME,
        locksAtMs: round.locks_at.getTime(),
        beacon:
          chainBeacon && round.beacon_round !== null
            ? { ...chainBeacon, round: round.beacon_round, signature: value?.signature ?? null, randomness: value?.randomness ?? null }
            : null,
        void: audit
          ? {
              reason: audit.reason as 'link_lost' | 'beacon_unavailable' | 'chain_retired',
              wouldDigit: audit.would_digit,
              bets: audit.bets,
              stakesMinor: audit.stakes_minor,
              wouldPayoutMinor: audit.would_payout_minor,
            }
          : null,
      };
    },

    /** Start check (decision 183): throws ChainSecretMismatch when LOTTERY_CHAIN_SECRET cannot open a chain in use. */
    assertChainsOpen: () => chains.assertChainsOpen(),

    /** The operator's audited retire command (npm run lottery -- retire-chains). */
    retireChains: (reason: string) => chains.retireAll(ROOMS, reason),

    /** The beacon this node draws with (published with each chain). */
    beacon: { name: deps.beacon.name, params: deps.beacon.params },
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

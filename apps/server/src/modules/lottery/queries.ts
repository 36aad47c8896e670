import type {
  LotteryBet,
  LotteryBetsPage,
  LotteryChain,
  LotteryChainFairness,
  LotteryFairness,
  LotteryHistoryPage,
  LotteryHistoryQuery,
  LotteryResult,
  LotteryRoomState,
  LotteryRoundClock,
  LotteryTrend,
  LotteryTrxFairness,
  LotteryVoid,
  LotteryVoidsPage,
  LotteryVoidsQuery,
  MyLotteryBetsQuery,
  MyWingoBetsQuery,
  WingoBetsPage,
  WingoChain,
  WingoFairness,
  WingoHistoryPage,
  WingoHistoryQuery,
  WingoRoomId,
  WingoRoomState,
  WingoRoundClock,
  WingoTrend,
} from '@colorplay/contract';
import { trxReadOfId } from '@colorplay/fair';
import { roundAt, roundOfPeriod, WINGO_BET_OPTIONS, type BetLimits, type Room, type Round } from '@colorplay/lottery';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Chains } from './chains';
import * as repo from './repo';
import { roomClock, trendStatistics } from './rules';
import type { VoidReason } from './settle';
import { engineGame, hasChains, roomOfGame, type EngineGame } from './games';
import { beaconOfChain, commitmentOf, gameBetOf, summaryOf, toBet, toChain, toLotteryResult, toResult } from './views';
import { GAME, roomOf, ROOMS } from './wingo';

export type QueriesDeps = {
  db: Db;
  /** Where results and trends are read (the replicas, decision 428): they may lag a moment. */
  readDb?: Db;
  clock: Clock;
  limits: BetLimits;
  chains: Chains;
  chainsOf: (game: string) => Chains;
  /** Trx Win's published network: 'sandbox' (the local sandbox chain) or 'tron'; null when it does not run. */
  tronNetwork: 'sandbox' | 'tron' | null;
};

/** A game's room, or VALIDATION_FAILED (the routes' schemas let only the game's rooms through). */
function gameRoom(game: EngineGame, roomId: string): Room {
  const room = roomOfGame(game, roomId);
  if (!room) throw new AppError('VALIDATION_FAILED', `${game.id} has no room ${roomId}`);
  return room;
}

const drawSpecs = new WeakMap<EngineGame, { count: number; min: number; max: number }>();

/**
 * What the fair stream gives a game: count values in min..max (docs/fairness.md "Reading K3 and
 * 5D"), read off its rule table's outcomes once per game.
 */
export function drawSpecOf(game: EngineGame): { count: number; min: number; max: number } {
  let spec = drawSpecs.get(game);
  if (!spec) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let count = 0;
    for (const o of game.rules.outcomes()) {
      const values = game.rules.encode(o);
      count = values.length;
      for (const v of values) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    spec = { count, min, max };
    drawSpecs.set(game, spec);
  }
  return spec;
}

/**
 * What players and the verifier read: room clocks and state, chains, a player's bets, results
 * history, the trend, and a drawn round's fairness record. Nothing here writes.
 */
export function createQueries({ db, readDb = db, clock, limits, chains, chainsOf, tronNetwork }: QueriesDeps) {
  /** Rounds as the generic routes show them, each Trx Win round with its deciding block. */
  async function lotteryResults(game: EngineGame, rows: repo.RoundRow[]): Promise<LotteryResult[]> {
    const blocks = hasChains(game) ? new Map() : await repo.selectTrxBlockFacts(db, rows.map((r) => r.id));
    return rows.map((r) => toLotteryResult(r, blocks.get(r.id) ?? null));
  }

  /**
   * A Trx Win round's fairness record (docs/fairness.md "Trx Win"): its lock time (the commitment,
   * published from the round's opening), and once drawn its deciding block and parent as a node
   * printed them, where the digit was read, and for a void its audit.
   */
  async function trxFairness(game: EngineGame, period: string): Promise<LotteryTrxFairness> {
    const round = await repo.selectRoundByPeriod(db, game.id, period);
    if (!round) throw new AppError('ROUND_NOT_FOUND', `No round ${period}`);
    const blocks = round.status === 'drawn' || round.status === 'settled' ? await repo.selectTrxBlocks(db, round.id) : undefined;
    const audit = round.status === 'voided' ? await repo.selectVoidAudit(db, round.id) : undefined;
    const outcome = round.status === 'drawn' || round.status === 'settled' ? round.outcome : null;
    const read = blocks ? trxReadOfId(blocks.block_id) : null;
    return {
      source: 'tron',
      game: 'trx',
      roomId: round.room_id as LotteryTrxFairness['roomId'],
      period: round.period,
      status: round.status,
      network: tronNetwork ?? 'tron',
      locksAtMs: round.locks_at.getTime(),
      drawsAtMs: round.draws_at.getTime(),
      drawnAtMs: round.drawn_at ? round.drawn_at.getTime() : null,
      block: blocks ? (blocks.block_header as LotteryTrxFairness['block']) : null,
      parent: blocks ? (blocks.parent_header as LotteryTrxFairness['parent']) : null,
      read: read ? { hashHex: read.hashHex, charIndex: read.charIndex, fallback: read.fallback } : null,
      outcome,
      summary: summaryOf(game, outcome),
      // The would-be fields are always null here: the deciding block was never had (anyone can name it from the lock time).
      void: audit ? { reason: 'tron_unavailable', wouldOutcome: audit.would_outcome, bets: audit.bets, stakesMinor: audit.stakes_minor, wouldPayoutMinor: audit.would_payout_minor } : null,
    };
  }

  /**
   * A room's chains, with the current round served while it is open: a room is shown open only
   * when a bet on it can be taken (decision 380), so a room whose chain the engine has not
   * published yet gets it here (idempotent; the engine would publish the same at its next run).
   */
  async function servingChains(roomChains: Chains, room: Room, current: Round, nowMs: number): Promise<repo.ChainRow[]> {
    const rows = await repo.selectChains(db, roomChains.game, room.id);
    if (nowMs >= current.locksAtMs || roomChains.chainFor(rows, current.ordinal)) return rows;
    return roomChains.ensureChains(room, nowMs);
  }

  /**
   * What every chain round's record shares (docs/fairness.md "What is published when"): nothing
   * while betting is open; from the lock on its link (stored since its creation, decision 380),
   * the link the slot before published (L[k-1], from that round's row: no secret is needed, so a
   * changed LOTTERY_CHAIN_SECRET drops nothing), its beacon round and, once at hand, its value;
   * then its result or its void.
   */
  async function chainRecord(round: repo.RoundRow) {
    if (clock.now().getTime() < round.locks_at.getTime()) {
      throw new AppError('ROUND_NOT_DRAWN', 'The link of a round is published when its betting closes');
    }
    const chain = (await repo.selectChain(db, round.chain_id!))!;
    const previousLink = round.round_index! > 1 && round.link !== null ? await repo.selectLinkByOrdinal(db, round.game, round.room_id, round.ordinal - 1, chain.id) : null;
    const chainBeacon = beaconOfChain(chain);
    const value = chainBeacon && round.beacon_round !== null ? await repo.selectBeaconValue(db, chainBeacon.publicKey, round.beacon_round) : undefined;
    const audit = round.status === 'voided' ? await repo.selectVoidAudit(db, round.id) : undefined;
    return {
      chain,
      // A round past its lock whose row the engine has not moved yet is locked all the same.
      status: (round.status === 'open' ? 'locked' : round.status) as 'locked' | 'drawn' | 'settled' | 'voided',
      drawn: round.status === 'drawn' || round.status === 'settled',
      drawnAtMs: round.drawn_at ? round.drawn_at.getTime() : null,
      previousLink,
      beacon:
        chainBeacon && round.beacon_round !== null
          ? { ...chainBeacon, round: round.beacon_round, signature: value?.signature ?? null, randomness: value?.randomness ?? null }
          : null,
      audit,
    };
  }

  /** What a chain round's fairness record shows in every game: its place in the chain, its link and the one before, when it locked and drew, its beacon. */
  const chainFacts = (round: repo.RoundRow, c: Awaited<ReturnType<typeof chainRecord>>) => ({
    period: round.period,
    status: c.status,
    chainId: c.chain.id,
    finalHash: c.chain.final_hash,
    chainLength: c.chain.length,
    roundIndex: round.round_index!,
    link: round.link,
    previousLink: c.previousLink,
    drawnAtMs: c.drawnAtMs,
    scheme: c.chain.scheme,
    locksAtMs: round.locks_at.getTime(),
    beacon: c.beacon,
  });

  /**
   * A page of a room's rounds, newest first, by period cursor (the history, the voids): one row
   * more than the page is read to know whether a next page exists.
   */
  async function roundsPage(
    gameId: string,
    query: { room: string; before?: string | undefined; limit: number },
    select: (q: Db, game: string, roomId: string, beforeOrdinal: number | null, limit: number) => Promise<repo.RoundRow[]>,
  ): Promise<{ game: EngineGame; page: repo.RoundRow[]; nextCursor: string | null }> {
    const game = engineGame(gameId);
    const room = gameRoom(game, query.room);
    let beforeOrdinal: number | null = null;
    if (query.before) {
      const r = roundOfPeriod(room, query.before);
      if (!r) return { game, page: [], nextCursor: null };
      beforeOrdinal = r.ordinal;
    }
    // Paged history (results, voids) tolerates a replica's small lag (DATABASE_REPLICA_URL, decision 428).
    const rows = await select(readDb, game.id, room.id, beforeOrdinal, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { game, page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.period : null };
  }

  function clockOf(room: Room, nowMs: number): WingoRoundClock {
    return roomClock(room, roundAt(room, nowMs), nowMs) as WingoRoundClock;
  }

  return {
    /** Every room's clock now (the socket sends it every second). */
    /** Rounds settled in [from, to) over every game, and their bets (home's figures, decision 518). */
    settledCounts(from: Date, to: Date): Promise<{ rounds: number; bets: number }> {
      return repo.selectSettledCounts(readDb, from, to);
    },

    clocks(): { serverTimeMs: number; rounds: WingoRoundClock[] } {
      const nowMs = clock.now().getTime();
      return { serverTimeMs: nowMs, rounds: ROOMS.map((room) => clockOf(room, nowMs)) };
    },

    async state(roomId: WingoRoomId): Promise<WingoRoomState> {
      const room = roomOf(roomId);
      const nowMs = clock.now().getTime();
      const current = roundAt(room, nowMs);
      const [last] = await repo.selectHistory(db, GAME, room.id, null, 1);
      const roomChains = await servingChains(chains, room, current, nowMs);
      const chain = chains.chainFor(roomChains, current.ordinal) ?? chains.chainFor(roomChains, current.ordinal + 1) ?? null;
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
      const rows = await repo.selectPlayerBets(db, playerId, GAME, query.room ?? null, beforeSeq, query.limit + 1);
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
      const rows = await repo.selectHistory(readDb, GAME, room.id, beforeOrdinal, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { items: page.map(toResult), nextCursor: rows.length > query.limit ? page[page.length - 1]!.period : null };
    },

    async trend(roomId: WingoRoomId, count: number): Promise<WingoTrend> {
      const digits = await repo.selectRecentDigits(readDb, GAME, roomId, count);
      return { roomId, rounds: digits.length, digits, ...trendStatistics(digits.map((d) => d.digit)) };
    },

    /** A round's fairness record from its lock on: its link, the one before, its beacon value, its result or its void. */
    async fairness(period: string): Promise<WingoFairness> {
      const round = await repo.selectRoundByPeriod(db, GAME, period);
      if (!round) throw new AppError('ROUND_NOT_FOUND', `No round ${period}`);
      const c = await chainRecord(round);
      return {
        ...chainFacts(round, c),
        roomId: round.room_id as WingoRoomId,
        digit: c.drawn ? round.digit : null,
        game: GAME,
        void: c.audit
          ? { reason: c.audit.reason as Exclude<VoidReason, 'tron_unavailable'>, wouldDigit: c.audit.would_digit, bets: c.audit.bets, stakesMinor: c.audit.stakes_minor, wouldPayoutMinor: c.audit.would_payout_minor }
          : null,
      };
    },

    /**
     * A room's voided rounds, newest first (decision 384): why, the stakes refunded and, whenever
     * the link was public, what the round would have drawn and paid. Any game, Wingo included.
     */
    async voids(gameId: string, query: LotteryVoidsQuery): Promise<LotteryVoidsPage> {
      const { game, page, nextCursor } = await roundsPage(gameId, query, repo.selectVoids);
      const audits = await repo.selectVoidAudits(db, page.map((r) => r.id));
      return {
        items: page.map((r) => {
          const a = audits.get(r.id)!;
          return {
            game: game.id as LotteryVoid['game'],
            roomId: r.room_id,
            period: r.period,
            reason: a.reason as LotteryVoid['reason'],
            locksAtMs: r.locks_at.getTime(),
            voidedAtMs: r.drawn_at!.getTime(),
            link: r.link,
            wouldOutcome: a.would_outcome,
            bets: a.bets,
            stakesMinor: a.stakes_minor,
            wouldPayoutMinor: a.would_payout_minor,
          };
        }),
        nextCursor,
      };
    },

    // -------------------------------------------------------------------------------------------
    // Any game on the generic routes (K3, 5D): the same reads in the game's shapes.

    async gameState(gameId: string, roomId: string): Promise<LotteryRoomState> {
      const game = engineGame(gameId);
      const room = gameRoom(game, roomId);
      const nowMs = clock.now().getTime();
      const current = roundAt(room, nowMs);
      const [last] = await repo.selectHistory(db, game.id, room.id, null, 1);
      // Trx Win has no chain: its rounds are decided by TRON blocks.
      const roomChains = hasChains(game) ? await servingChains(chainsOf(game.id), room, current, nowMs) : [];
      const chain = hasChains(game) ? (chainsOf(game.id).chainFor(roomChains, current.ordinal) ?? chainsOf(game.id).chainFor(roomChains, current.ordinal + 1) ?? null) : null;
      const options = game.rules.betOptions;
      return {
        game: game.id as LotteryRoomState['game'],
        serverTimeMs: nowMs,
        round: roomClock(room, current, nowMs) as LotteryRoundClock,
        lastResult: last ? (await lotteryResults(game, [last]))[0]! : null,
        source: hasChains(game) ? 'chain' : 'tron',
        chain: chain ? (toChain(chain) as LotteryChain) : null,
        betting: {
          selections: [...game.rules.selections],
          amountPresetsMinor: [...options.amountPresetsMinor],
          multipliers: [...options.multipliers],
          feeBasisPoints: options.feeBasisPoints,
          limits: { ...limits },
        },
      };
    },

    async gameChains(gameId: string, roomId: string): Promise<LotteryChain[]> {
      const game = engineGame(gameId);
      const room = gameRoom(game, roomId);
      // Trx Win publishes no chains (its commitment is each round's lock time).
      if (!hasChains(game)) return [];
      return (await repo.selectChains(db, game.id, room.id)).map((c) => toChain(c) as LotteryChain);
    },

    async gameHistory(gameId: string, query: LotteryHistoryQuery): Promise<LotteryHistoryPage> {
      const { game, page, nextCursor } = await roundsPage(gameId, query, repo.selectHistory);
      return { items: await lotteryResults(game, page), nextCursor };
    },

    async gameTrend(gameId: string, roomId: string, count: number): Promise<LotteryTrend> {
      const game = engineGame(gameId);
      const room = gameRoom(game, roomId);
      const rows = await repo.selectRecentOutcomes(readDb, game.id, room.id, count);
      const results = rows.map((r) => ({ period: r.period, outcome: r.outcome, summary: summaryOf(game, r.outcome)! }));
      // Every value of the game's faces (K3 1-6, 5D 0-9), per position.
      const { count: positions, min, max } = drawSpecOf(game);
      const positionFrequency = Array.from({ length: positions }, () => Array<number>(max - min + 1).fill(0));
      for (const r of results) r.outcome.forEach((v, i) => (positionFrequency[i]![v - min]! += 1));
      return {
        game: game.id as LotteryTrend['game'],
        roomId: room.id as LotteryTrend['roomId'],
        rounds: results.length,
        results,
        positionFrequency,
        big: results.filter((r) => r.summary.size === 'big').length,
        small: results.filter((r) => r.summary.size === 'small').length,
        odd: results.filter((r) => r.summary.parity === 'odd').length,
        even: results.filter((r) => r.summary.parity === 'even').length,
      };
    },

    async myGameBets(gameId: string, playerId: number, query: MyLotteryBetsQuery): Promise<LotteryBetsPage> {
      const game = engineGame(gameId);
      let beforeSeq: number | null = null;
      if (query.before) {
        const seq = await repo.selectBetSeq(db, playerId, query.before);
        if (seq === undefined) return { items: [], nextCursor: null };
        beforeSeq = seq;
      }
      const rows = await repo.selectPlayerBets(db, playerId, game.id, query.room ?? null, beforeSeq, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((b) => ({ ...gameBetOf(b), commitment: commitmentOf(b), locksAtMs: b.locks_at.getTime() }) as LotteryBet),
        nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
      };
    },

    /**
     * A round's fairness record: what `npm run fair -- verify` and the verify screen take. K3 and
     * 5D once drawn; Trx Win from its opening (its lock time is its commitment).
     */
    async gameFairness(gameId: string, period: string): Promise<LotteryFairness> {
      const game = engineGame(gameId);
      if (!hasChains(game)) return trxFairness(game, period);
      const round = await repo.selectRoundByPeriod(db, game.id, period);
      if (!round) throw new AppError('ROUND_NOT_FOUND', `No round ${period}`);
      const c = await chainRecord(round);
      const outcome = c.drawn ? round.outcome : null;
      return {
        source: 'chain',
        game: game.id as LotteryChainFairness['game'],
        ...chainFacts(round, c),
        roomId: round.room_id as LotteryChainFairness['roomId'],
        outcome,
        summary: summaryOf(game, outcome),
        draw: drawSpecOf(game),
        void: c.audit
          ? {
              reason: c.audit.reason as Exclude<VoidReason, 'tron_unavailable'>,
              wouldOutcome: c.audit.would_outcome,
              bets: c.audit.bets,
              stakesMinor: c.audit.stakes_minor,
              wouldPayoutMinor: c.audit.would_payout_minor,
            }
          : null,
      };
    },
  };
}

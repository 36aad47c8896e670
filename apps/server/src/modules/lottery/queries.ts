import type {
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
import { roundAt, roundOfPeriod, WINGO_BET_OPTIONS, type BetLimits, type Room } from '@colorplay/lottery';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { knownLink, type Chains } from './chains';
import * as repo from './repo';
import { roomClock, trendStatistics } from './rules';
import { beaconOfChain, toBet, toChain, toResult } from './views';
import { GAME, roomOf, ROOMS } from './wingo';

export type QueriesDeps = { db: Db; clock: Clock; limits: BetLimits; chains: Chains };

/**
 * What players and the verifier read: room clocks and state, chains, a player's bets, results
 * history, the trend, and a drawn round's fairness record. Nothing here writes.
 */
export function createQueries({ db, clock, limits, chains }: QueriesDeps) {
  function clockOf(room: Room, nowMs: number): WingoRoundClock {
    return roomClock(room, roundAt(room, nowMs), nowMs) as WingoRoundClock;
  }

  return {
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
      const roomChains = await repo.selectChains(db, GAME, room.id);
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

    /** A drawn round's fairness record: its link, the one before, its beacon value and, for a void, its audit. */
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
        previousLink = knownLink(prev);
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
  };
}

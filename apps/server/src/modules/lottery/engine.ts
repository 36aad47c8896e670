import { roundAt, roundByOrdinal, type Room } from '@colorplay/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { ensureAccount, HOUSE_ACCOUNTS } from '../ledger';
import { knownLink, type Chains } from './chains';
import * as repo from './repo';
import { stakeAccountOf, type EngineGame } from './games';
import type { LotterySettings } from './rules';

export type RoundEngineDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: LotterySettings;
  /** The game this engine runs, and its chains (null for a game whose outcome is a TRON block: no chains). */
  game: EngineGame;
  chains: Chains | null;
  drawRound: (roundId: number) => Promise<'drawn' | 'voided' | 'waiting' | 'skipped'>;
  settleRound: (roundId: number) => Promise<'settled' | 'skipped'>;
  /** Waits (bounded) for this node's bets that arrived before the round's lock (placement.ts). */
  waitForInTimeBets: (roundId: number) => Promise<void>;
};

/**
 * The round engine of one game: rounds opened on their chain, locked, drawn (draw.ts) and settled
 * (settle.ts) in period order, room by room, by the leader job `lottery.rounds` (which ticks every
 * game's engine in turn).
 */
export function createRoundEngine({ db, clock, log, settings, game, chains, drawRound, settleRound, waitForInTimeBets }: RoundEngineDeps) {
  const GAME = game.id;
  const ROOMS = game.rooms;
  let accountsReady: Promise<void> | undefined;

  /** The house accounts bets and settlement post to; created once per process. */
  function ensureHouseAccounts(): Promise<void> {
    accountsReady ??= (async () => {
      for (let s = 0; s < settings.stakeShards; s++) await ensureAccount(db, { code: stakeAccountOf(game, s), kind: 'house' });
      await ensureAccount(db, { code: HOUSE_ACCOUNTS.fees, kind: 'house' });
    })().catch((err) => {
      accountsReady = undefined;
      throw err;
    });
    return accountsReady;
  }

  /**
   * The row of a round, created when its chain covers it; false when no chain does (yet). A game
   * without chains (Trx Win: its lock time names its TRON block) creates its rounds without one.
   */
  async function ensureRound(room: Room, ordinal: number, roomChains: repo.ChainRow[], nowMs: number): Promise<boolean> {
    const r = roundByOrdinal(room, ordinal);
    if (!chains) {
      // A round first seen after its lock (the server was down, or starts, in the lock window)
      // is not created: it can have no bets, and its deciding block may predate the block
      // source (a sandbox chain starting now), which would hold the room's results behind it
      // for the give-up time. Its period is skipped, as every period is while the server is down.
      if (nowMs >= r.locksAtMs) return false;
      await repo.insertRoundIfAbsent(db, {
        game: GAME,
        roomId: room.id,
        ordinal,
        period: r.period,
        chainId: null,
        roundIndex: null,
        opensAt: new Date(r.opensAtMs),
        locksAt: new Date(r.locksAtMs),
        drawsAt: new Date(r.drawsAtMs),
        status: 'open',
        beaconRound: null,
        link: null,
      });
      return true;
    }
    const chain = chains.chainFor(roomChains, ordinal);
    if (!chain) return false;
    const k = ordinal - chain.first_ordinal + 1;
    // The link is stored with the row (decision 380): from then on the round needs no secret, so
    // neither a lost LOTTERY_CHAIN_SECRET nor the retire command can void it. It is published
    // from the lock on; knowing it earlier tells nothing (the beacon value comes after the lock).
    const link = knownLink(await chains.linkOf(db, chain, k));
    if (link === null) {
      // The chain's checkpoints are gone: it serves no more rounds, and the next engine run
      // publishes a new one (no row, so no bet, exists for this round).
      await chains.retire(db, chain, ordinal, 'link lost');
      return false;
    }
    await repo.insertRoundIfAbsent(db, {
      game: GAME,
      roomId: room.id,
      ordinal,
      period: r.period,
      chainId: chain.id,
      roundIndex: k,
      opensAt: new Date(r.opensAtMs),
      locksAt: new Date(r.locksAtMs),
      drawsAt: new Date(r.drawsAtMs),
      status: nowMs < r.locksAtMs ? 'open' : 'locked',
      beaconRound: chains.beaconRoundOf(chain, r.locksAtMs),
      link,
    });
    return true;
  }

  /** One pass of the engine for every room; run by the leader job `lottery.rounds`. */
  async function tick(): Promise<void> {
    await ensureHouseAccounts();
    for (const room of ROOMS) {
      try {
        const nowMs = clock.now().getTime();
        const roomChains = chains ? await chains.ensureChains(room, nowMs) : [];
        // Rows from before 024 get their link now, before any draw: from here on they too are
        // decided by public data alone (a stalled engine reveals them when it comes back).
        if (chains) await chains.storeMissingLinks(GAME, room.id);
        let drewAny = false;
        for (const pending of await repo.selectPendingRoundIds(db, GAME, room.id, new Date(nowMs))) {
          // A round waiting for its beacon value (or TRON block) holds back the rounds after it, so results
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
        await ensureRound(room, roundAt(room, now).ordinal, drewAny && chains ? await chains.ensureChains(room, now) : roomChains, now);
      } catch (err) {
        log.error({ err, game: GAME, room: room.id }, 'lottery round engine failed for a room');
      }
    }
  }

  /**
   * The chains of a room that serve the round a player sees now: published here when none does
   * (a bet or a read on a room whose chain the engine has not published yet, decision 380).
   */
  async function readyChains(room: Room, nowMs: number): Promise<repo.ChainRow[]> {
    return chains ? chains.ensureChains(room, nowMs) : [];
  }

  /** Every room's chain and current round, before the server takes its first request. */
  async function prepareRooms(): Promise<void> {
    await ensureHouseAccounts();
    for (const room of ROOMS) {
      const nowMs = clock.now().getTime();
      await ensureRound(room, roundAt(room, nowMs).ordinal, await readyChains(room, nowMs), nowMs);
    }
  }

  return { ensureHouseAccounts, ensureRound, readyChains, prepareRooms, tick };
}

export type RoundEngine = ReturnType<typeof createRoundEngine>;

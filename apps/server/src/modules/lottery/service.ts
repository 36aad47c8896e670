import type { FastifyBaseLogger } from 'fastify';
import { WINGO_DEFAULT_LIMITS, type BetLimits } from '@colorplay/lottery';
import type { Db } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import type { SafetyService } from '../safety';
import type { BeaconSource } from './beacon-source';
import type { CheckBets, QueuedBet } from './bet-batch';
import { createChains } from './chains';
import { createDraw } from './draw';
import { createRoundEngine } from './engine';
import { createPlacement } from './placement';
import { createQueries } from './queries';
import { DEFAULT_LOTTERY_SETTINGS, type LotterySettings } from './rules';
import { createSettlement } from './settle';
import { GAME, ROOMS } from './wingo';

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

/**
 * The lottery (docs/architecture.md), put together from parts that each do one job: the chains
 * (chains.ts), the round engine (engine.ts) with the fair draw (draw.ts) and settlement
 * (settle.ts), bet placement (placement.ts) over the group commit (bet-batch.ts), and the
 * reads (queries.ts). What is Wingo's is in wingo.ts (and the contract shapes in views.ts).
 */
export function createLotteryService(deps: LotteryDeps) {
  const { db, clock, events, log } = deps;
  const settings: LotterySettings = { ...DEFAULT_LOTTERY_SETTINGS, ...deps.settings };
  const limits = deps.limits ?? WINGO_DEFAULT_LIMITS;
  const chains = createChains({ db, clock, log, chainSecret: deps.chainSecret, settings, beacon: deps.beacon, game: GAME });
  const settlement = createSettlement({ db, clock, events, settings, ...(deps.beforeSettleCommit ? { beforeSettleCommit: deps.beforeSettleCommit } : {}) });
  const { drawRound } = createDraw({ db, clock, log, settings, chains, beacon: deps.beacon, voidRound: settlement.voidRound });
  const { settleRound } = settlement;
  const engine = createRoundEngine({ db, clock, log, settings, chains, drawRound, settleRound, waitForInTimeBets: (roundId) => placement.waitForInTimeBets(roundId) });
  const placement = createPlacement({
    db,
    clock,
    log,
    settings,
    limits,
    safety: deps.safety,
    engine,
    ...(deps.checkBets ? { checkBets: deps.checkBets } : {}),
    ...(deps.beforeBatchCommit ? { beforeBatchCommit: deps.beforeBatchCommit } : {}),
  });

  return {
    settings,
    tick: engine.tick,
    drawRound,
    settleRound,
    placeBet: placement.placeBet,
    /** The engine's clock (the bet route stamps each request's arrival with it). */
    now: (): Date => clock.now(),
    ...createQueries({ db, clock, limits, chains }),

    /** Start check (decision 183): throws ChainSecretMismatch when LOTTERY_CHAIN_SECRET cannot open a chain in use. */
    assertChainsOpen: () => chains.assertChainsOpen(),

    /** The operator's audited retire command (npm run lottery -- retire-chains). */
    retireChains: (reason: string) => chains.retireAll(ROOMS, reason),

    /** The beacon this node draws with (published with each chain). */
    beacon: { name: deps.beacon.name, params: deps.beacon.params },
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

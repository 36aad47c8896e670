import type { FastifyBaseLogger } from 'fastify';
import type { PlaceLotteryBetInput, PlaceLotteryBetResult, PlaceLotterySlipInput, PlaceLotterySlipResult, PlaceWingoBetInput, PlaceWingoBetResult } from '@colorplay/contract';
import { roundAt, roundOfPeriod, WINGO_DEFAULT_LIMITS, type BetLimits } from '@colorplay/lottery';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import type { SafetyService } from '../safety';
import type { BeaconSource } from './beacon-source';
import type { CheckBets, QueuedBet, StakeableGrants } from './bet-batch';
import { ChainSecretMismatch, createChains, type Chains } from './chains';
import { createDraw, type TrxBlockSource } from './draw';
import { createRoundEngine, type RoundEngine } from './engine';
import { ENGINE_GAMES, engineGame, hasChains, roomOfGame, WINGO_ENGINE_GAME } from './games';
import { createPlacement } from './placement';
import { createPlayerBets } from './player-bets';
import { createQueries } from './queries';
import { countOverdueRounds } from './repo-rounds';
import { DEFAULT_LOTTERY_SETTINGS, roomClock, type LotterySettings } from './rules';
import { createSettlement, type LockGrantStatuses } from './settle';
import { wingoBetOfView } from './views';
import { GAME } from './wingo';

export type LotteryDeps = {
  db: Db;
  /** The replicas, for the results and trends (decision 428); absent: `db`. */
  readDb?: Db;
  /** Where `lottery_rounds_overdue` is exported (the app's /metrics). */
  registry?: Registry;
  clock: Clock;
  events: EventRecorder;
  log: FastifyBaseLogger;
  /** Seals the chains' checkpoints at rest (LOTTERY_CHAIN_SECRET; decision 171). */
  chainSecret: string;
  /** Where beacon values come from (decision 180): the sandbox beacon or drand over HTTP. */
  beacon: BeaconSource;
  /**
   * Trx Win's TRON blocks (modules/tron, decision 340). Without it Trx Win does not run here (a
   * service built for one game's tests); the app always passes it.
   */
  tron?: TrxBlockSource;
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
  /**
   * Bonus money (decisions 530-531), from the promotions module (app.ts): which grants a stake may
   * take from, and where a grant stands when its money comes back. Without it stakes are cash only.
   */
  bonus?: { stakeableGrants: StakeableGrants; lockGrantStatuses: LockGrantStatuses };
};

/**
 * The lottery (docs/architecture.md), put together from parts that each do one job: the chains
 * (chains.ts), the round engine (engine.ts) with the fair draw (draw.ts) and settlement
 * (settle.ts), bet placement (placement.ts) over the group commit (bet-batch.ts), and the
 * reads (queries.ts). The games it runs are in games.ts (Wingo, K3, 5D, Trx Win); Wingo's own shapes are in
 * wingo.ts and views.ts.
 */
export function createLotteryService(deps: LotteryDeps) {
  const { db, clock, events, log } = deps;
  const settings: LotterySettings = { ...DEFAULT_LOTTERY_SETTINGS, ...deps.settings };
  const limits = deps.limits ?? WINGO_DEFAULT_LIMITS;
  // Rounds whose draw is late by more than 30 s: waiting for a beacon value or a TRON block (the
  // alert in ops/prometheus/rules.yml). Every game has a series, 0 when none waits.
  new Gauge({
    name: 'lottery_rounds_overdue',
    help: 'Rounds more than 30 s past their draw time and not drawn (waiting for a beacon or a block), by game (read at scrape time)',
    labelNames: ['game'] as const,
    registers: deps.registry ? [deps.registry] : [],
    async collect() {
      try {
        const counts = await countOverdueRounds(db, clock.now(), 30_000);
        for (const g of games) this.set({ game: g.id }, counts.find((c) => c.game === g.id)?.n ?? 0);
      } catch {
        // An unreachable database shows as the last values, not a failed scrape.
      }
    },
  });
  // Every game's chains and round engine (games.ts); the draw, settlement and bet placement are
  // shared and take the game from the round or the route.
  // The games this service runs: every one, except a TRON-sourced game (Trx Win) when no TRON
  // source was given. Only chain-sourced games have chains.
  const games = [...ENGINE_GAMES.values()].filter((g) => g.source.kind !== 'tron' || deps.tron);
  const chainsByGame = new Map<string, Chains>(
    games.filter(hasChains).map((g) => [g.id, createChains({ db, clock, log, chainSecret: deps.chainSecret, settings, beacon: deps.beacon, game: g.id })]),
  );
  const chainsOf = (game: string): Chains => {
    const chains = chainsByGame.get(engineGame(game).id);
    if (!chains) throw new Error(`${game} has no chains`);
    return chains;
  };
  const chains = chainsOf(GAME);
  const settlement = createSettlement({
    db,
    clock,
    events,
    settings,
    ...(deps.bonus ? { lockGrantStatuses: deps.bonus.lockGrantStatuses } : {}),
    ...(deps.beforeSettleCommit ? { beforeSettleCommit: deps.beforeSettleCommit } : {}),
  });
  const { drawRound } = createDraw({ db, clock, log, settings, chainsOf, beacon: deps.beacon, voidRound: settlement.voidRound, announceDraw: settlement.announceDraw, tron: deps.tron });
  const { settleRound } = settlement;
  const engines = new Map<string, RoundEngine>(
    games.map((game) => [
      game.id,
      createRoundEngine({ db, clock, log, settings, game, chains: hasChains(game) ? chainsOf(game.id) : null, drawRound, settleRound, waitForInTimeBets: (roundId) => placement.waitForInTimeBets(roundId) }),
    ]),
  );
  const placement = createPlacement({
    db,
    clock,
    log,
    settings,
    limits,
    safety: deps.safety,
    engineOf: (game) => {
      const engine = engines.get(engineGame(game).id);
      if (!engine) throw new Error(`${game} does not run here (no TRON source)`);
      return engine;
    },
    ...(deps.checkBets ? { checkBets: deps.checkBets } : {}),
    ...(deps.beforeBatchCommit ? { beforeBatchCommit: deps.beforeBatchCommit } : {}),
    ...(deps.bonus ? { stakeableGrants: deps.bonus.stakeableGrants } : {}),
  });

  return {
    settings,
    /** One pass of every game's engine, game after game (the leader job `lottery.rounds`). */
    async tick(): Promise<void> {
      for (const engine of engines.values()) await engine.tick();
    },
    drawRound,
    settleRound,
    /** A Wingo bet, in Wingo's shapes. */
    async placeBet(playerId: number, input: PlaceWingoBetInput, receivedAt?: Date): Promise<PlaceWingoBetResult> {
      const placed = await placement.placeBet(playerId, WINGO_ENGINE_GAME, input, receivedAt);
      // Wingo's rounds always have a chain.
      return { bet: { ...wingoBetOfView(placed.bet), commitment: placed.bet.commitment! }, balanceMinor: placed.balanceMinor };
    },
    /** A bet in any game of the generic routes (K3, 5D, Trx Win). */
    async placeGameBet(playerId: number, game: string, input: PlaceLotteryBetInput, receivedAt?: Date): Promise<PlaceLotteryBetResult> {
      const engineG = engineGame(game);
      const placed = await placement.placeBet(playerId, engineG, input, receivedAt);
      // The period was checked against the room by placement, so its round exists.
      const locksAtMs = roundOfPeriod(roomOfGame(engineG, input.room)!, input.period)!.locksAtMs;
      return { ...placed, bet: { ...placed.bet, locksAtMs } } as PlaceLotteryBetResult;
    },
    /** A slip of several bets on one round of a generic game, all or none (decision 513). */
    async placeGameSlip(playerId: number, game: string, input: PlaceLotterySlipInput, receivedAt?: Date): Promise<PlaceLotterySlipResult> {
      const engineG = engineGame(game);
      const placed = await placement.placeSlip(playerId, engineG, input, receivedAt);
      const locksAtMs = roundOfPeriod(roomOfGame(engineG, input.room)!, input.period)!.locksAtMs;
      return { ...placed, bets: placed.bets.map((b) => ({ ...b, locksAtMs })) } as PlaceLotterySlipResult;
    },
    /** The engine's clock (the bet route stamps each request's arrival with it). */
    now: (): Date => clock.now(),
    /**
     * Every room's current round of a game (`wingo`, `k3`, `5d`, `trx`) and the server time: the
     * schedule's public facts, the same for every player. The live socket's clock message of the
     * generic games, and the clock the lottery pages' HTML carries (decision 560).
     */
    clocksOf(game: string): { serverTimeMs: number; rounds: Array<ReturnType<typeof roomClock>> } {
      const nowMs = clock.now().getTime();
      return { serverTimeMs: nowMs, rounds: engineGame(game).rooms.map((room) => roomClock(room, roundAt(room, nowMs), nowMs)) };
    },
    ...createQueries({ db, readDb: deps.readDb ?? db, clock, limits, chains, chainsOf, tronNetwork: deps.tron ? (deps.tron.kind === 'sandbox' ? 'sandbox' : 'tron') : null }),
    /** A player's bets of every game (the full game history, the operator's lookup). */
    ...createPlayerBets({ db }),

    /**
     * Start check (decision 183): throws ChainSecretMismatch when LOTTERY_CHAIN_SECRET cannot open
     * a chain in use, naming every such chain of every game (decision 384).
     */
    async assertChainsOpen(): Promise<void> {
      const bad: Array<{ game: string; id: number }> = [];
      for (const [game, c] of chainsByGame) for (const id of await c.chainsNotOpening()) bad.push({ game, id });
      if (bad.length > 0) throw new ChainSecretMismatch(bad.map((b) => b.id), bad.map((b) => b.game));
    },

    /**
     * Before the server listens (decision 380): every room of every chain game has a chain for
     * the round a player sees first, and that round's row, so the first bet is taken at once.
     */
    async prepareRooms(): Promise<void> {
      for (const engine of engines.values()) await engine.prepareRooms();
    },

    /**
     * The operator's audited retire command (npm run lottery -- retire-chains): every game's
     * chains. Each entry names its game, except Wingo's, which keep the shape they always had.
     */
    async retireChains(reason: string) {
      const out: Array<{ chainId: number; roomId: string; fromPeriod: string; game?: string }> = [];
      for (const game of games.filter(hasChains)) {
        const retired = await chainsOf(game.id).retireAll(game.rooms, reason);
        out.push(...(game.id === GAME ? retired : retired.map((r) => ({ ...r, game: game.id }))));
      }
      return out;
    },

    /** The beacon this node draws with (published with each chain). */
    beacon: { name: deps.beacon.name, params: deps.beacon.params },
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;

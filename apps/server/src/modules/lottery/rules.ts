import { createHash } from 'node:crypto';
import { WINGO, wingoOutcome, type GameRules, type Room, type Round, type WingoDigit, type WingoSelection } from '@colorplay/lottery';

/**
 * Pure rules of the round engine and of settlement. Nothing here knows Wingo except the
 * functions whose name says so; the engine takes a game's rule table.
 */

/** Operator settings of the engine (defaults in DEFAULT_LOTTERY_SETTINGS). */
export type LotterySettings = {
  /**
   * Lateness never voids a round (decision 181, superseding 101): a round whose link and beacon
   * value exist is drawn however late. Only a beacon value still missing this long after the
   * draw time refunds the round (drand would have to stop for that long; docs/fairness.md).
   */
  beaconGiveUpMs: number;
  /** The beacon round of a period is the first one strictly after its lock time + this margin. */
  beaconMarginMs: number;
  /** Links per chain, and how often a checkpoint is stored (decision 100). */
  chainLength: number;
  checkpointEvery: number;
  /** A new chain is published when fewer rounds than this remain in the current one. */
  chainRenewBeforeRounds: number;
  /** House stake account shards (decision 102). */
  stakeShards: number;
  /** Group commit (decision 108): how long a bet waits for others (0 = one transaction per bet), */
  betBatchWindowMs: number;
  /** the most bets in one transaction, and how many such transactions run at once. */
  betBatchMax: number;
  betBatchConcurrency: number;
  /**
   * How long the draw of a round waits for this node's bets of the round that arrived before its
   * lock and are still queued or committing (decision 201). The draw is at lock + the room's lock
   * time (5 s) at the earliest, so an in-time bet has that long, plus this, to reach the database.
   */
  drawWaitForBetsMs: number;
};

export const DEFAULT_LOTTERY_SETTINGS: LotterySettings = {
  beaconGiveUpMs: 24 * 3_600_000,
  beaconMarginMs: 1_000,
  chainLength: 100_000,
  checkpointEvery: 1_000,
  chainRenewBeforeRounds: 3_000,
  stakeShards: 16,
  betBatchWindowMs: 2,
  betBatchMax: 64,
  // Two, not four (decision 371): while both run, the bets that arrive wait and go together in
  // the next batch, so a batch's fixed round trips are shared by more bets when it matters.
  betBatchConcurrency: 2,
  drawWaitForBetsMs: 2_000,
};

/** What to do with a round whose draw time has passed. */
export type DrawDecision = { kind: 'draw' } | { kind: 'wait' } | { kind: 'void'; reason: 'link_lost' | 'beacon_unavailable' };

/**
 * The draw rule (decisions 181, 383). How late the engine is plays no part: a round whose link
 * exists and whose beacon value is at hand is drawn. Without its beacon value it waits, and is
 * refunded only when the value is still missing beaconGiveUpMs after the draw time. A round whose
 * link is lost (only a row from before 024 can be: every later row stores its link at creation)
 * waits for its beacon value too, so its void publishes the signature that decided it, then is
 * voided.
 */
export function decideDraw(
  round: Pick<Round, 'drawsAtMs'>,
  nowMs: number,
  state: { link: 'available' | 'lost'; beacon: 'available' | 'missing' | 'not_needed' },
  settings: Pick<LotterySettings, 'beaconGiveUpMs'>,
): DrawDecision {
  const givenUp = nowMs - round.drawsAtMs > settings.beaconGiveUpMs;
  if (state.beacon === 'missing' && !givenUp) return { kind: 'wait' };
  if (state.link === 'lost') return { kind: 'void', reason: 'link_lost' };
  if (state.beacon === 'missing') return { kind: 'void', reason: 'beacon_unavailable' };
  return { kind: 'draw' };
}

/** k, the chain link a round uses: round ordinals map one to one onto links. */
export function linkIndexOf(ordinal: number, chain: { firstOrdinal: number; length: number }): number | null {
  const k = ordinal - chain.firstOrdinal + 1;
  return k >= 1 && k <= chain.length ? k : null;
}

/** The stake shard of a bet id: spreads the house side over several account rows. */
export function shardOf(id: string, shards: number): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % shards;
}

/** The shard a player's payouts and refunds are paid from (any shard would do: the house total is what counts). */
export function payoutShardOf(playerId: number, shards: number): number {
  return playerId % shards;
}

/**
 * The payout multiple of every selection against a result, as parallel arrays for SQL
 * (num 0 means the selection lost): settlement computes floor(contract x num / den) per bet.
 */
export function payoutTable<S extends string, R>(rules: GameRules<S, R>, result: R): { selections: S[]; nums: number[]; dens: number[] } {
  const selections = [...rules.selections];
  const ratios = selections.map((s) => rules.payoutRatio(s, result));
  return { selections, nums: ratios.map((r) => r?.num ?? 0), dens: ratios.map((r) => r?.den ?? 1) };
}

export type BetOutcome = { status: 'pending' | 'won' | 'lost' | 'refunded'; payoutMinor: number };

/** A bet's outcome from its round: bets are never updated, their status follows from the round. */
export function wingoBetOutcome(
  bet: { selection: string; contractMinor: number; totalMinor: number },
  round: { status: string; digit: number | null },
): BetOutcome {
  if (round.status === 'voided') return { status: 'refunded', payoutMinor: bet.totalMinor };
  if (round.status !== 'settled' || round.digit === null) return { status: 'pending', payoutMinor: 0 };
  const r = WINGO.payoutRatio(bet.selection as WingoSelection, round.digit as WingoDigit);
  if (!r) return { status: 'lost', payoutMinor: 0 };
  return { status: 'won', payoutMinor: Math.floor((bet.contractMinor * r.num) / r.den) };
}

/** Colours and size for the history (empty for a voided round). */
export function wingoResultFace(digit: number | null) {
  if (digit === null) return { colours: [] as Array<'green' | 'violet' | 'red'>, size: null };
  const o = wingoOutcome(digit as WingoDigit);
  return { colours: o.colours, size: o.size };
}

/** Chart statistics over drawn digits, oldest first. */
export function trendStatistics(digits: readonly number[]) {
  const frequency = Array<number>(10).fill(0);
  const missing = Array<number>(10).fill(digits.length);
  const maxMissing = Array<number>(10).fill(0);
  const maxConsecutive = Array<number>(10).fill(0);
  const gap = Array<number>(10).fill(0);
  let run = 0;
  let big = 0;
  let small = 0;
  const colours = { green: 0, red: 0, violet: 0 };
  digits.forEach((d, i) => {
    frequency[d]! += 1;
    run = i > 0 && digits[i - 1] === d ? run + 1 : 1;
    maxConsecutive[d] = Math.max(maxConsecutive[d]!, run);
    for (let x = 0; x < 10; x++) {
      gap[x] = x === d ? 0 : gap[x]! + 1;
      maxMissing[x] = Math.max(maxMissing[x]!, gap[x]!);
    }
    if (d >= 5) big += 1;
    else small += 1;
    for (const c of wingoOutcome(d as WingoDigit).colours) colours[c] += 1;
  });
  for (let x = 0; x < 10; x++) if (frequency[x]! > 0) missing[x] = gap[x]!;
  return { frequency, missing, maxMissing, maxConsecutive, big, small, colours };
}

export const roomClock = (room: Room, round: Round, nowMs: number) => ({
  roomId: room.id,
  period: round.period,
  phase: nowMs < round.locksAtMs ? ('open' as const) : ('locked' as const),
  opensAtMs: round.opensAtMs,
  locksAtMs: round.locksAtMs,
  drawsAtMs: round.drawsAtMs,
});

import type { LotteryResult, LotterySummary, WingoBet, WingoChain, WingoCommitment, WingoResult, WingoRoomId } from '@colorplay/contract';
import { fivedSummary, k3Summary, roundByOrdinal, type FivedDigits, type K3Dice } from '@colorplay/lottery';
import { engineGame, roomOfGame, type EngineGame } from './games';
import type * as repo from './repo';
import { wingoBetOutcome, wingoResultFace, type BetOutcome } from './rules';

/** The lottery's rows as the contract shows them: results, bets, chains, commitments. */

export function toResult(r: repo.RoundRow): WingoResult {
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

/** A round's chain commitment; null for a Trx Win round (no chain: its lock time names its block). */
export const commitmentOf = (c: { chain_id: number | null; final_hash: string | null; round_index: number | null; beacon_round: number | null }): WingoCommitment | null =>
  c.chain_id === null || c.final_hash === null || c.round_index === null
    ? null
    : { chainId: c.chain_id, finalHash: c.final_hash, roundIndex: c.round_index, beaconRound: c.beacon_round };

/** What every game's bet view shows alike: the stake, its outcome, and when it was placed and settled (or voided). */
function betFields(b: repo.BetWithRoundRow, outcome: { status: WingoBet['status']; payoutMinor: number }) {
  return {
    id: b.id,
    period: b.period,
    amountMinor: b.amount_minor,
    quantity: b.quantity,
    multiplier: b.multiplier,
    totalMinor: b.total_minor,
    feeMinor: b.fee_minor,
    contractMinor: b.contract_minor,
    status: outcome.status,
    payoutMinor: outcome.payoutMinor,
    placedAtMs: b.placed_at.getTime(),
    settledAtMs: b.round_status === 'settled' ? b.settled_at!.getTime() : b.round_status === 'voided' ? b.drawn_at!.getTime() : null,
  };
}

/** A stored bet as the contract shows it, without its commitment (a bet batch's answer). */
export function betOf(b: repo.BetWithRoundRow): Omit<WingoBet, 'commitment'> {
  const outcome = wingoBetOutcome(
    { selection: b.selection, contractMinor: b.contract_minor, totalMinor: b.total_minor },
    { status: b.round_status, digit: b.digit },
  );
  return {
    ...betFields(b, outcome),
    roomId: b.room_id as WingoRoomId,
    selection: b.selection as WingoBet['selection'],
    resultDigit: b.round_status === 'settled' ? b.digit : null,
  };
}

export function toBet(b: repo.BetWithRoundRow): WingoBet {
  // Wingo's rounds always have a chain.
  return { ...betOf(b), commitment: commitmentOf(b)! };
}

export const beaconOfChain = (c: repo.ChainRow) =>
  c.scheme === 2
    ? { name: c.beacon_name!, publicKey: c.beacon_public_key!, genesisMs: c.beacon_genesis_ms!, periodMs: c.beacon_period_ms!, marginMs: c.beacon_margin_ms! }
    : null;

export const toChain = (c: repo.ChainRow): WingoChain => ({
  chainId: c.id,
  roomId: c.room_id as WingoRoomId,
  finalHash: c.final_hash,
  length: c.length,
  firstPeriod: c.first_period,
  publishedAtMs: c.published_at.getTime(),
  scheme: c.scheme,
  beacon: beaconOfChain(c),
  retiredFromPeriod: c.retired_from_ordinal === null ? null : roundByOrdinal(roomOfGame(engineGame(c.game), c.room_id)!, c.retired_from_ordinal).period,
});

// ---------------------------------------------------------------------------------------------
// Any game (K3, 5D; Wingo's bets go through these too before Wingo's own shape above).

/** A bet of any game as the engine answers it, without its commitment. */
export type GameBetView = {
  id: string;
  game: string;
  roomId: string;
  period: string;
  selection: string;
  amountMinor: number;
  quantity: number;
  multiplier: number;
  totalMinor: number;
  feeMinor: number;
  contractMinor: number;
  status: 'pending' | 'won' | 'lost' | 'refunded';
  payoutMinor: number;
  outcome: number[] | null;
  placedAtMs: number;
  settledAtMs: number | null;
};

/** A bet's outcome from its round and its game's rule table (bets are never updated). */
export function gameBetOutcome(game: EngineGame, bet: { selection: string; contractMinor: number; totalMinor: number }, round: { status: string; outcome: readonly number[] | null }): BetOutcome {
  if (round.status === 'voided') return { status: 'refunded', payoutMinor: bet.totalMinor };
  const decoded = round.status === 'settled' && round.outcome !== null ? game.rules.decode(round.outcome) : null;
  if (decoded === null) return { status: 'pending', payoutMinor: 0 };
  const r = game.rules.isSelection(bet.selection) ? game.rules.payoutRatio(bet.selection, decoded) : null;
  if (!r) return { status: 'lost', payoutMinor: 0 };
  return { status: 'won', payoutMinor: Math.floor((bet.contractMinor * r.num) / r.den) };
}

export function gameBetOf(b: repo.BetWithRoundRow): GameBetView {
  const game = engineGame(b.game);
  const outcome = gameBetOutcome(game, { selection: b.selection, contractMinor: b.contract_minor, totalMinor: b.total_minor }, { status: b.round_status, outcome: b.outcome });
  return {
    ...betFields(b, outcome),
    game: b.game,
    roomId: b.room_id,
    selection: b.selection,
    outcome: b.round_status === 'settled' ? b.outcome : null,
  };
}

/** Wingo's shape of a bet of any path (its one outcome value is the digit). */
export const wingoBetOfView = (v: GameBetView): Omit<WingoBet, 'commitment'> => ({
  id: v.id,
  roomId: v.roomId as WingoRoomId,
  period: v.period,
  selection: v.selection as WingoBet['selection'],
  amountMinor: v.amountMinor,
  quantity: v.quantity,
  multiplier: v.multiplier,
  totalMinor: v.totalMinor,
  feeMinor: v.feeMinor,
  contractMinor: v.contractMinor,
  status: v.status,
  payoutMinor: v.payoutMinor,
  resultDigit: v.outcome === null ? null : v.outcome[0]!,
  placedAtMs: v.placedAtMs,
  settledAtMs: v.settledAtMs,
});

/** The derived summary of an outcome: its sum, and the sum's size and parity (the game's split). */
export function summaryOf(game: EngineGame, outcome: readonly number[] | null): LotterySummary | null {
  if (outcome === null) return null;
  const decoded = game.rules.decode(outcome);
  if (decoded === null) return null;
  if (game.id === 'k3') {
    const s = k3Summary(decoded as K3Dice);
    return { sum: s.sum, size: s.size, parity: s.parity };
  }
  if (game.id === '5d') {
    const s = fivedSummary(decoded as FivedDigits);
    return { sum: s.sum, size: s.sumSize, parity: s.sumParity };
  }
  if (game.id === 'trx') {
    // Wingo's split of its one digit: 5-9 big, 0-4 small (the sum is the digit).
    const digit = decoded as number;
    return { sum: digit, size: digit >= 5 ? 'big' : 'small', parity: digit % 2 === 1 ? 'odd' : 'even' };
  }
  return null;
}

/** A round as the generic routes show it; `block` is its deciding TRON block (Trx Win, once drawn). */
export function toLotteryResult(r: repo.RoundRow, block: LotteryResult['block'] = null): LotteryResult {
  const game = engineGame(r.game);
  const outcome = r.status === 'voided' ? null : r.outcome;
  return {
    game: r.game as LotteryResult['game'],
    roomId: r.room_id as LotteryResult['roomId'],
    period: r.period,
    status: r.status as LotteryResult['status'],
    outcome,
    summary: summaryOf(game, outcome),
    drawnAtMs: r.drawn_at!.getTime(),
    block: r.status === 'voided' ? null : block,
  };
}

import type { WingoBet, WingoChain, WingoCommitment, WingoResult, WingoRoomId } from '@colorplay/contract';
import { roundByOrdinal } from '@colorplay/lottery';
import type * as repo from './repo';
import { wingoBetOutcome, wingoResultFace } from './rules';
import { roomOf } from './wingo';

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

export const commitmentOf = (c: { chain_id: number; final_hash: string; round_index: number; beacon_round: number | null }): WingoCommitment => ({
  chainId: c.chain_id,
  finalHash: c.final_hash,
  roundIndex: c.round_index,
  beaconRound: c.beacon_round,
});

/** A stored bet as the contract shows it, without its commitment (a bet batch's answer). */
export function betOf(b: repo.BetWithRoundRow): Omit<WingoBet, 'commitment'> {
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

export function toBet(b: repo.BetWithRoundRow): WingoBet {
  return { ...betOf(b), commitment: commitmentOf(b) };
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
  retiredFromPeriod: c.retired_from_ordinal === null ? null : roundByOrdinal(roomOf(c.room_id), c.retired_from_ordinal).period,
});

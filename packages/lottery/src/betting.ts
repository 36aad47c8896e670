import { mulDivFloor, type Ratio } from './ratio';

/**
 * Game-independent bet arithmetic and validation: every lottery game (Wingo, K3, 5D, Trx Win)
 * prices a bet the same way and differs only in its selections and payout table.
 *
 *   total    = amount x quantity x multiplier
 *   fee      = floor(total x feeBasisPoints / 10,000)        (2 % = 200 basis points)
 *   contract = total - fee                                   (what plays)
 *   payout   = floor(contract x num / den) when the selection wins, else 0
 *
 * Both roundings are down to the paisa, so the fee is never more than the stated 2 % and the
 * house never pays a fraction of a paisa or more than the stated multiple. With the standard
 * amount presets (whole rupees) nothing is ever rounded: a 100-paise unit has a fee of exactly
 * 2 paise and a contract of 98, and 98 x 1.5 and 98 x 4.5 are whole numbers (decision 072).
 */

/** A game's rule table: its selections and what each pays against a result. */
export interface GameRules<Selection extends string, Result> {
  readonly game: string;
  /** Every selection a player can bet on, in display order. */
  readonly selections: readonly Selection[];
  /** The payout multiple of the contract amount when the selection wins, or null when it loses. */
  payoutRatio(selection: Selection, result: Result): Ratio | null;
}

/** The parts of a game's betting that are rules (docs/games.md), not operator configuration. */
export interface BetOptions {
  /** The amounts a unit may have, in minor units (1/10/100/1000 rupees for Wingo). */
  readonly amountPresetsMinor: readonly number[];
  /** The allowed multipliers (x1 x5 x10 x20 x50 x100 for Wingo). */
  readonly multipliers: readonly number[];
  /** The service fee in basis points of the total (200 = 2 %). */
  readonly feeBasisPoints: number;
}

/** Operator configuration: limits per bet and per round. */
export interface BetLimits {
  readonly minQuantity: number;
  readonly maxQuantity: number;
  /** Smallest and largest total of one bet, in minor units. */
  readonly minBetMinor: number;
  readonly maxBetMinor: number;
  /** Largest sum of one player's bet totals in one round (this bet included), in minor units. */
  readonly maxRoundMinor: number;
}

export interface BetRequest {
  selection: string;
  amountMinor: number;
  quantity: number;
  multiplier: number;
}

export interface PricedBet<Selection extends string> {
  selection: Selection;
  amountMinor: number;
  quantity: number;
  multiplier: number;
  totalMinor: number;
  feeMinor: number;
  contractMinor: number;
}

/** Why a bet is refused by the rules, before any money moves. */
export type BetRefusal =
  | 'UNKNOWN_SELECTION'
  | 'AMOUNT_NOT_ALLOWED'
  | 'MULTIPLIER_NOT_ALLOWED'
  | 'QUANTITY_OUT_OF_RANGE'
  | 'BET_BELOW_MINIMUM'
  | 'BET_ABOVE_MAXIMUM'
  | 'ROUND_LIMIT_EXCEEDED';

export type BetCheck<Selection extends string> =
  | { ok: true; bet: PricedBet<Selection> }
  | { ok: false; code: BetRefusal; message: string };

/** Total, fee and contract amount of a bet, in minor units (see the file comment for rounding). */
export function priceBet(
  amountMinor: number,
  quantity: number,
  multiplier: number,
  feeBasisPoints: number,
): { totalMinor: number; feeMinor: number; contractMinor: number } {
  const totalMinor = amountMinor * quantity * multiplier;
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`bet total ${totalMinor} is not a safe non-negative integer`);
  const feeMinor = mulDivFloor(totalMinor, feeBasisPoints, 10_000);
  return { totalMinor, feeMinor, contractMinor: totalMinor - feeMinor };
}

/** The payout of a bet's contract amount at a multiple, floored to the minor unit. */
export function payoutMinor(contractMinor: number, r: Ratio): number {
  return mulDivFloor(contractMinor, r.num, r.den);
}

/**
 * Checks a bet against the game's rules and the operator's limits and prices it. Pure: the
 * caller passes what the player has already staked in this round (from its own records).
 */
export function checkBet<Selection extends string, Result>(
  rules: GameRules<Selection, Result>,
  options: BetOptions,
  limits: BetLimits,
  request: BetRequest,
  stakedInRoundMinor = 0,
): BetCheck<Selection> {
  const selection = rules.selections.find((s) => s === request.selection);
  if (selection === undefined) return { ok: false, code: 'UNKNOWN_SELECTION', message: `${rules.game} has no selection "${request.selection}"` };
  if (!options.amountPresetsMinor.includes(request.amountMinor)) {
    return { ok: false, code: 'AMOUNT_NOT_ALLOWED', message: `amount must be one of ${options.amountPresetsMinor.join(', ')} (minor units)` };
  }
  if (!options.multipliers.includes(request.multiplier)) {
    return { ok: false, code: 'MULTIPLIER_NOT_ALLOWED', message: `multiplier must be one of ${options.multipliers.join(', ')}` };
  }
  if (!Number.isSafeInteger(request.quantity) || request.quantity < limits.minQuantity || request.quantity > limits.maxQuantity) {
    return { ok: false, code: 'QUANTITY_OUT_OF_RANGE', message: `quantity must be a whole number from ${limits.minQuantity} to ${limits.maxQuantity}` };
  }
  const priced = priceBet(request.amountMinor, request.quantity, request.multiplier, options.feeBasisPoints);
  if (priced.totalMinor < limits.minBetMinor) return { ok: false, code: 'BET_BELOW_MINIMUM', message: `a bet must total at least ${limits.minBetMinor} (minor units)` };
  if (priced.totalMinor > limits.maxBetMinor) return { ok: false, code: 'BET_ABOVE_MAXIMUM', message: `a bet may total at most ${limits.maxBetMinor} (minor units)` };
  if (stakedInRoundMinor + priced.totalMinor > limits.maxRoundMinor) {
    return { ok: false, code: 'ROUND_LIMIT_EXCEEDED', message: `bets in one round may total at most ${limits.maxRoundMinor} (minor units)` };
  }
  return {
    ok: true,
    bet: { selection, amountMinor: request.amountMinor, quantity: request.quantity, multiplier: request.multiplier, ...priced },
  };
}

/** What a priced bet wins against a result: 0 when it loses. */
export function settleBet<Selection extends string, Result>(
  rules: GameRules<Selection, Result>,
  bet: Pick<PricedBet<Selection>, 'selection' | 'contractMinor'>,
  result: Result,
): { won: boolean; payoutMinor: number; ratio: Ratio | null } {
  const r = rules.payoutRatio(bet.selection, result);
  return r ? { won: true, payoutMinor: payoutMinor(bet.contractMinor, r), ratio: r } : { won: false, payoutMinor: 0, ratio: null };
}

/**
 * Rate and amount conversion in integers only. A token amount is a bigint count of base units
 * (10^-decimals of a token), INR is a count of paise, and the rate is paise per whole token.
 * No float ever touches money here: decimals are parsed and printed as strings.
 */

/** "83.25" (INR per token, at most two decimals) as paise per token (8325); null when malformed. */
export function parseRateMinor(rate: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** Paise per token as the decimal string the contract shows ("83.25"). */
export function formatRate(rateMinorPerToken: number): string {
  return `${Math.trunc(rateMinorPerToken / 100)}.${String(rateMinorPerToken % 100).padStart(2, '0')}`;
}

/**
 * What the player must send for an INR amount: rounded UP to the next base unit, so that paying
 * exactly the amount shown always credits at least the amount ordered.
 */
export function inrToBaseUnits(amountMinor: number, rateMinorPerToken: number, decimals: number): bigint {
  const numerator = BigInt(amountMinor) * 10n ** BigInt(decimals);
  const rate = BigInt(rateMinorPerToken);
  return (numerator + rate - 1n) / rate;
}

/**
 * Decimals of the amount a player is asked to send. Wallets and exchanges let a player type two
 * decimals of USDT (cents) everywhere; 18 decimals ("1.204819277108433735") cannot be sent.
 */
export const PAYABLE_DECIMALS = 2;

/**
 * The amount a player is asked to send for an INR order: the exact conversion rounded UP to
 * PAYABLE_DECIMALS (0.01 USDT), so it has at most two decimals and paying it is never an
 * underpayment. Rounding up costs the player at most 0.01 USDT (under ₹1 at today's rates); the
 * credit for that payment is still exactly the amount ordered (creditForPayment).
 */
export function inrToPayableBaseUnits(amountMinor: number, rateMinorPerToken: number, decimals: number): bigint {
  const exact = inrToBaseUnits(amountMinor, rateMinorPerToken, decimals);
  if (decimals <= PAYABLE_DECIMALS) return exact;
  const step = 10n ** BigInt(decimals - PAYABLE_DECIMALS);
  return ((exact + step - 1n) / step) * step;
}

/**
 * The INR credit for one payment to an order that asked for `tokenAmount` for `amountMinor`:
 * - exactly the amount asked: exactly the amount ordered (the rounding up is not an overpayment);
 * - less: the value of what arrived, never more than the amount ordered;
 * - more: the amount ordered plus the value of the excess.
 * So a larger payment never credits less than a smaller one, and the credit is never more than
 * what arrived is worth at the locked rate.
 */
export function creditForPayment(
  arrived: bigint,
  order: { tokenAmount: bigint; amountMinor: number; rateMinorPerToken: number; decimals: number },
): bigint {
  const ordered = BigInt(order.amountMinor);
  if (arrived === order.tokenAmount) return ordered;
  if (arrived < order.tokenAmount) {
    const value = baseUnitsToMinor(arrived, order.rateMinorPerToken, order.decimals);
    return value < ordered ? value : ordered;
  }
  return ordered + baseUnitsToMinor(arrived - order.tokenAmount, order.rateMinorPerToken, order.decimals);
}

/** The INR value of what arrived, at the locked rate, rounded DOWN to whole paise. */
export function baseUnitsToMinor(baseUnits: bigint, rateMinorPerToken: number, decimals: number): bigint {
  return (baseUnits * BigInt(rateMinorPerToken)) / 10n ** BigInt(decimals);
}

/** Base units as a decimal token amount without trailing zeros ("6.006007", "12"). */
export function formatTokenAmount(baseUnits: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = baseUnits / scale;
  const fraction = (baseUnits % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

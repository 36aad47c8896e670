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

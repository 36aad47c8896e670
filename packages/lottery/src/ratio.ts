/**
 * Exact arithmetic on integer minor units. Payout multiples such as x1.5 and x4.5 are kept as
 * integer ratios so no float ever touches money.
 */

/** A payout multiple num/den of the contract amount (x1.5 is { num: 3, den: 2 }). */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

export const ratio = (num: number, den = 1): Ratio => ({ num, den });

/** Its value as a decimal string for display ("1.5"); never used for money. */
export function ratioText(r: Ratio): string {
  return String(r.num / r.den);
}

/**
 * floor(amountMinor x num / den) computed exactly. Throws when an intermediate product would not
 * be a safe integer, rather than lose precision on money.
 */
export function mulDivFloor(amountMinor: number, num: number, den: number): number {
  const product = amountMinor * num;
  if (!Number.isSafeInteger(amountMinor) || !Number.isSafeInteger(product) || !Number.isSafeInteger(den) || den <= 0) {
    throw new RangeError(`cannot compute ${amountMinor} x ${num} / ${den} exactly`);
  }
  // Integer division through the remainder, so exactness does not rest on an argument about
  // how floating-point division rounds.
  const rem = ((product % den) + den) % den;
  return (product - rem) / den;
}

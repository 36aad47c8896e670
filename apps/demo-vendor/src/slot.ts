/**
 * The demo vendor's slot machine: three reels, one line, a published paytable. The outcome is a
 * weighted draw over a table of lines (the "virtual reel" of real machines), so the return to
 * player is exact by construction: RTP = sum(weight x multiplier) / TOTAL_WEIGHT. Every line but
 * the lemons is fixed; the lemons' weight is what tunes a game to its catalog RTP.
 */
export const TOTAL_WEIGHT = 1_000_000;

export type Symbol = 'seven' | 'bar' | 'bell' | 'plum' | 'cherry' | 'lemon';
export const SYMBOLS: readonly Symbol[] = ['seven', 'bar', 'bell', 'plum', 'cherry', 'lemon'];

/** Three of a kind pays `multiplier` x bet; `weight` of TOTAL_WEIGHT draws land on it. */
const FIXED_LINES: ReadonlyArray<{ symbol: Symbol; multiplier: number; weight: number }> = [
  { symbol: 'seven', multiplier: 50, weight: 1_000 },
  { symbol: 'bar', multiplier: 20, weight: 2_500 },
  { symbol: 'bell', multiplier: 10, weight: 10_000 },
  { symbol: 'plum', multiplier: 5, weight: 30_000 },
  { symbol: 'cherry', multiplier: 2, weight: 100_000 },
];

export type PaytableLine = { symbol: Symbol; multiplier: number; weight: number };
export type Paytable = { rtpBasisPoints: number; lines: PaytableLine[]; losingWeight: number };

/** The paytable of a game with this RTP (basis points, 9000 to 9900). */
export function paytableFor(rtpBasisPoints: number): Paytable {
  if (!Number.isInteger(rtpBasisPoints) || rtpBasisPoints < 9000 || rtpBasisPoints > 9900) throw new RangeError(`RTP ${rtpBasisPoints} bp is out of range`);
  const fixed = FIXED_LINES.reduce((s, l) => s + l.weight * l.multiplier, 0);
  // sum(weight x multiplier) must equal RTP x TOTAL_WEIGHT; lemons pay 1x, so their weight closes the gap.
  const lemonWeight = (rtpBasisPoints * TOTAL_WEIGHT) / 10_000 - fixed;
  const lines = [...FIXED_LINES, { symbol: 'lemon' as const, multiplier: 1, weight: lemonWeight }];
  const losingWeight = TOTAL_WEIGHT - lines.reduce((s, l) => s + l.weight, 0);
  return { rtpBasisPoints, lines, losingWeight };
}

/** The exact return to player of a paytable, as a fraction (0.9637). */
export function exactRtp(p: Paytable): number {
  return p.lines.reduce((s, l) => s + l.weight * l.multiplier, 0) / TOTAL_WEIGHT;
}

export type SpinResult = { reels: [Symbol, Symbol, Symbol]; multiplier: number };

/**
 * One spin from a uniform draw `u` in [0, TOTAL_WEIGHT) and a second draw used only to pick how a
 * losing line looks (it never changes what is paid).
 */
export function spin(p: Paytable, u: number, look: number): SpinResult {
  let acc = 0;
  for (const line of p.lines) {
    acc += line.weight;
    if (u < acc) return { reels: [line.symbol, line.symbol, line.symbol], multiplier: line.multiplier };
  }
  // A losing line: any three symbols that are not all the same.
  const a = SYMBOLS[look % 6]!;
  const b = SYMBOLS[Math.floor(look / 6) % 6]!;
  let c = SYMBOLS[Math.floor(look / 36) % 6]!;
  if (a === b && b === c) c = SYMBOLS[(SYMBOLS.indexOf(c) + 1) % 6]!;
  return { reels: [a, b, c], multiplier: 0 };
}

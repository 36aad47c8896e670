import type { WingoBet } from '@colorplay/contract';

/** A settled round of the player's, for the result popup. */
export interface SettledRound {
  period: string;
  digit: number | null;
  stakeMinor: number;
  payoutMinor: number;
  outcome: 'won' | 'lost' | 'refunded';
}

/** The result of the player's bets in one period, once none of them is pending any more. */
export function settledRound(period: string, bets: readonly WingoBet[]): SettledRound | null {
  const mine = bets.filter((b) => b.period === period);
  if (mine.length === 0 || mine.some((b) => b.status === 'pending')) return null;
  const payoutMinor = mine.reduce((sum, b) => sum + b.payoutMinor, 0);
  const outcome = mine.every((b) => b.status === 'refunded') ? 'refunded' : mine.some((b) => b.status === 'won') ? 'won' : 'lost';
  return { period, digit: mine[0]!.resultDigit, stakeMinor: mine.reduce((sum, b) => sum + b.totalMinor, 0), payoutMinor, outcome };
}

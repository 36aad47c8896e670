import type { AnyLotteryGame } from './game';
import { FIVED_POSITIONS, fivedPayoutRatio, type FivedDigits } from './fived';

/**
 * The hedge rule of K3 and 5D (decision 192, 335), one definition for the server and the web: a
 * round's bets are hedged when every outcome pays some of them back, and the part of the stake
 * no result could lose is min(stake, least payout). The server keeps hedged stakes out of the
 * play that unlocks a deposit for withdrawal (modules/lottery/wagering.ts); the bet sheet says so
 * when a pick would hedge what the player already holds (decision 515).
 */

/** A bet as the hedge rule reads it: its selection and the part of its stake that plays (contract = total - fee). */
export type HedgeBet = { selection: string; contractMinor: number };

/**
 * The smallest total a set of bets of one round can pay back over every outcome of the game:
 * K3's 216 outcomes are enumerated; 5D's 100,000 are not, its bets depend on one position's
 * digit or on the sum, so the least total is a small dynamic programme over positions and sums.
 */
export function leastPayoutMinor(rules: AnyLotteryGame, bets: readonly HedgeBet[]): number {
  const pay = (selection: string, contract: number, outcome: unknown) => {
    const r = rules.isSelection(selection) ? rules.payoutRatio(selection, outcome) : null;
    return r ? Math.floor((contract * r.num) / r.den) : 0;
  };
  if (rules.game !== '5d') {
    let least = Number.POSITIVE_INFINITY;
    for (const o of rules.outcomes()) least = Math.min(least, bets.reduce((sum, b) => sum + pay(b.selection, b.contractMinor, o), 0));
    return least;
  }
  // 5D: position p's bets pay by its digit alone (other positions 0); sum bets by the sum alone.
  const withDigit = (p: number, d: number) => FIVED_POSITIONS.map((_, i) => (i === p ? d : 0)) as unknown as FivedDigits;
  const withSum = (s: number) => FIVED_POSITIONS.map((_, i) => Math.max(0, Math.min(9, s - 9 * i))) as unknown as FivedDigits;
  const fivedPay = (b: HedgeBet, digits: FivedDigits) => {
    const r = fivedPayoutRatio(b.selection, digits);
    return r ? Math.floor((b.contractMinor * r.num) / r.den) : 0;
  };
  const sumBets = bets.filter((b) => b.selection.startsWith('sum:'));
  let best = new Map<number, number>([[0, 0]]);
  FIVED_POSITIONS.forEach((position, p) => {
    const mine = bets.filter((b) => b.selection.startsWith(`${position}:`));
    const next = new Map<number, number>();
    for (const [s, paid] of best) {
      for (let d = 0; d <= 9; d++) {
        const total = paid + mine.reduce((sum, b) => sum + fivedPay(b, withDigit(p, d)), 0);
        if (total < (next.get(s + d) ?? Number.POSITIVE_INFINITY)) next.set(s + d, total);
      }
    }
    best = next;
  });
  let least = Number.POSITIVE_INFINITY;
  for (const [s, paid] of best) least = Math.min(least, paid + sumBets.reduce((sum, b) => sum + fivedPay(b, withSum(s)), 0));
  return least;
}

/** True when these bets of one round pay something back whatever the outcome (Big and Small, Odd and Even, ...). */
export const isHedged = (rules: AnyLotteryGame, bets: readonly HedgeBet[]): boolean => bets.length > 1 && leastPayoutMinor(rules, bets) > 0;

import type { TodayFigures } from '@colorplay/contract';
import type { Clock } from '../../lib/clock';
import { isFresh, istToday, TODAY_CACHE_MS } from './rules';

export type TodayDeps = {
  clock: Clock;
  currency: string;
  /** Rounds settled in [from, to) over every game, and their bets (the lottery module). */
  settledCounts: (from: Date, to: Date) => Promise<{ rounds: number; bets: number }>;
  /** What the lottery games paid players on an India day, from the ledger (the reports module). */
  lotteryPayoutsOn: (day: string) => Promise<number>;
  cacheMs?: number;
};

/**
 * Home's figures of the day (decision 518): every player's play together, never one player's,
 * read at most once a minute per node however many players open home, with one read in flight
 * shared by the requests that arrive while it runs.
 */
export function createTodayService({ clock, currency, settledCounts, lotteryPayoutsOn, cacheMs = TODAY_CACHE_MS }: TodayDeps) {
  let cached: TodayFigures | null = null;
  let reading: Promise<TodayFigures> | null = null;

  async function read(): Promise<TodayFigures> {
    const now = clock.now();
    const { day, from, to } = istToday(now);
    const [counts, paidOutMinor] = await Promise.all([settledCounts(from, to), lotteryPayoutsOn(day)]);
    cached = { day, roundsDrawn: counts.rounds, betsSettled: counts.bets, paidOutMinor, currency, asOfMs: now.getTime() };
    return cached;
  }

  return {
    /** Today's figures, from the cache while fresh. */
    async figures(): Promise<TodayFigures> {
      if (cached && isFresh(cached, clock.now(), cacheMs)) return cached;
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}

export type TodayService = ReturnType<typeof createTodayService>;

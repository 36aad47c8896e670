import type { StatisticsPeriod } from '@colorplay/contract';

/** India Standard Time is UTC+5:30 all year: an India day starts at 18:30 UTC the day before. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3600_000;

/** The start of the India day `now` falls in. */
export function istDayStart(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

/**
 * The statistics' windows at `now` (decision 459), each [from, to): today so far, yesterday, the
 * last 7 and the last 30 India days with today counted as one of them.
 */
export function statisticsWindows(now: Date): { period: StatisticsPeriod; from: Date; to: Date }[] {
  const today = istDayStart(now).getTime();
  const daysBack = (n: number) => new Date(today - n * DAY_MS);
  return [
    { period: 'today', from: new Date(today), to: now },
    { period: 'yesterday', from: daysBack(1), to: new Date(today) },
    { period: 'last7Days', from: daysBack(6), to: now },
    { period: 'last30Days', from: daysBack(29), to: now },
  ];
}

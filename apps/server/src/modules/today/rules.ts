import type { TodayFigures } from '@colorplay/contract';
import { addDays, istDayOf, istDayStart } from '../reports';

/** How long a node serves the figures it read before reading them again (decision 518). */
export const TODAY_CACHE_MS = 60_000;

/** The India day `now` falls in: its name and its [from, to) instants. */
export function istToday(now: Date): { day: string; from: Date; to: Date } {
  const day = istDayOf(now);
  return { day, from: istDayStart(day), to: istDayStart(addDays(day, 1)) };
}

/**
 * Cached figures serve until `cacheMs` old, and never past their India day: at midnight IST
 * yesterday's totals are not today's. A clock that moved back (a figure from the future) reads again.
 */
export function isFresh(figures: Pick<TodayFigures, 'day' | 'asOfMs'>, now: Date, cacheMs: number): boolean {
  const ageMs = now.getTime() - figures.asOfMs;
  return figures.day === istDayOf(now) && ageMs >= 0 && ageMs < cacheMs;
}

import { z } from 'zod';

/**
 * Home's figures of the day (decision 518): what the four lottery games did today (an India day,
 * from midnight IST), summed over every player and never per player. A public read the server
 * caches about a minute, so the figures may be that old (`asOfMs`).
 * - roundsDrawn: rounds drawn and settled today, every game and room (voided rounds are not);
 * - betsSettled: the bets those rounds settled;
 * - paidOutMinor: what the lottery games paid players today (wins), from the ledger.
 */
export const TodayFiguresSchema = z.object({
  day: z.string().describe('The India day (YYYY-MM-DD)'),
  roundsDrawn: z.number().int().nonnegative(),
  betsSettled: z.number().int().nonnegative(),
  paidOutMinor: z.number().int().nonnegative(),
  currency: z.string(),
  asOfMs: z.number().int(),
});
export type TodayFigures = z.infer<typeof TodayFiguresSchema>;

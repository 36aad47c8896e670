import { z } from 'zod';

/**
 * Account › Statistics (decision 459): the player's play by period and by game, from the ledger.
 * Periods are India days: today, yesterday, the last 7 days and the last 30 days (today included).
 * - bets: stakes placed; stakedMinor: money staked minus stakes handed back (a voided round, a
 *   vendor's rollback); paidOutMinor: what games paid (wins, free-round wins);
 * - netMinor: paidOutMinor - stakedMinor, the player's result (negative: lost).
 */
export const STATISTICS_PERIODS = ['today', 'yesterday', 'last7Days', 'last30Days'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

const figures = {
  bets: z.number().int(),
  stakedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  netMinor: z.number().int(),
};

export const GameStatisticsSchema = z.object({
  /** A lottery game id (wingo, k3, 5d, trx) or a vendor game's id; null: play the ledger cannot tie to a game. */
  game: z.string().nullable(),
  kind: z.enum(['lottery', 'vendor', 'unknown']),
  /** A vendor game's catalog title; lottery games are named by the app. */
  title: z.string().nullable(),
  ...figures,
});
export type GameStatistics = z.infer<typeof GameStatisticsSchema>;

export const PeriodStatisticsSchema = z.object({
  period: z.enum(STATISTICS_PERIODS),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  total: z.object(figures),
  games: z.array(GameStatisticsSchema),
});
export type PeriodStatistics = z.infer<typeof PeriodStatisticsSchema>;

export const PlayerStatisticsSchema = z.object({ currency: z.string(), periods: z.array(PeriodStatisticsSchema) }).meta({ id: 'PlayerStatistics' });
export type PlayerStatistics = z.infer<typeof PlayerStatisticsSchema>;

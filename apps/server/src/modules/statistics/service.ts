import type { PlayerStatistics } from '@colorplay/contract';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { sumPlayerEntriesByGame } from '../ledger';
import { foldStatistics, PLAY_KINDS } from './figures';
import { statisticsWindows } from './periods';

export type StatisticsDeps = {
  db: Db;
  clock: Clock;
  currency: string;
  /** Vendor games' catalog titles by game id (the games module). */
  titlesOf: (gameUids: string[]) => Promise<Map<string, string>>;
};

/**
 * Account › Statistics (decision 459): the player's play in four India-day windows, per game and
 * in total, read from the ledger in one query, so the figures are the ledger's by construction.
 */
export function createStatisticsService({ db, clock, currency, titlesOf }: StatisticsDeps) {
  return {
    async forPlayer(playerId: number): Promise<PlayerStatistics> {
      const windows = statisticsWindows(clock.now());
      const rows = await sumPlayerEntriesByGame(db, playerId, PLAY_KINDS, windows);
      const vendorGames = [...new Set(rows.filter((r) => r.game !== null && !r.kind.startsWith('lottery_')).map((r) => r.game!))];
      const titles = vendorGames.length > 0 ? await titlesOf(vendorGames) : new Map<string, string>();
      return { currency, periods: foldStatistics(windows, rows, titles) };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;

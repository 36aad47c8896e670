/**
 * modules/statistics: Account › Statistics (decision 459), the player's play by India-day period
 * and by game, read from the ledger through its index. Its only public face.
 */
export { createStatisticsService, type StatisticsDeps, type StatisticsService } from './service';
export { statisticsRoutes, type StatisticsRoutesOptions } from './routes';
export { OWNED_TABLES } from './tables';

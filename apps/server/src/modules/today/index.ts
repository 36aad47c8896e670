/**
 * modules/today: home's figures of the day (decision 518), a public aggregate of the lottery
 * games' rounds, settled bets and payouts, cached per node. Its only public face.
 */
export { createTodayService, type TodayDeps, type TodayService } from './service';
export { todayRoutes, type TodayRoutesOptions } from './routes';
export { OWNED_TABLES } from './tables';

/**
 * modules/lottery: the round engine (chains, open/lock/draw/settle under one leader), Wingo's
 * bets and reads, and the live socket. Its only public face.
 */
export { createLotteryService, type LotteryDeps, type LotteryService } from './service';
export { lotteryRoutes, type LotteryRoutesOptions } from './routes';
export { DEFAULT_LOTTERY_SETTINGS, type LotterySettings } from './rules';
export { OWNED_TABLES } from './tables';
export { lotteryLive, type LotteryLiveOptions } from './live';
export { EVERY_SELECTION_CAN_LOSE, hedgedWingoStakeMinor } from './wagering';
export { createDrandHttpBeacon, createSandboxBeacon, sandboxBeaconKey, type BeaconSource } from './beacon-source';
export { ChainSecretMismatch } from './chains';

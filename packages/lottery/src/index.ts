/**
 * @colorplay/lottery: lottery game rules as pure functions (no I/O, no clock, no randomness).
 * The round engine is game-independent (betting.ts, rounds.ts); each game is a rule table
 * fitting LotteryGame (game.ts): Wingo, K3, 5D and Trx Win (games.ts lists them; docs/games.md).
 */
export * from './betting';
export * from './ratio';
export * from './rounds';
export * from './wingo';
export * from './game';
export * from './wingo-game';
export * from './k3';
export * from './fived';
export * from './trx';
export * from './games';
export * from './hedge';

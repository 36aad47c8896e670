/**
 * @colorplay/lottery: lottery game rules as pure functions (no I/O, no clock, no randomness).
 * The round engine is game-independent (betting.ts, rounds.ts); each game adds a rule table
 * (wingo.ts today; K3, 5D and Trx Win later).
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

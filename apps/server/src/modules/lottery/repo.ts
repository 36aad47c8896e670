/**
 * The SQL of modules/lottery's own tables (OWNED_TABLES) and nothing else, one file per table
 * group: chains (with checkpoints), rounds (with the round locks), bets, and the fairness
 * evidence (beacon values, void audits). Callers import this file as `repo`.
 */
export * from './repo-chains';
export * from './repo-rounds';
export * from './repo-bets';
export * from './repo-fairness';

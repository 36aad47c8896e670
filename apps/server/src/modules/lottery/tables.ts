/** The tables modules/lottery owns (migration 008); no other module reads or writes them. */
export const OWNED_TABLES = ['lottery_chains', 'lottery_chain_checkpoints', 'lottery_rounds', 'lottery_bets'] as const;

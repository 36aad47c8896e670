/** The tables modules/lottery owns (migrations 008 and the beacon draws); no other module reads or writes them. */
export const OWNED_TABLES = ['lottery_chains', 'lottery_chain_checkpoints', 'lottery_rounds', 'lottery_bets', 'lottery_beacon_values', 'lottery_void_audits'] as const;

/** The tables modules/lottery owns (migrations 008, the beacon draws and Trx Win's blocks); no other module reads or writes them. */
export const OWNED_TABLES = ['lottery_chains', 'lottery_chain_checkpoints', 'lottery_rounds', 'lottery_bets', 'lottery_beacon_values', 'lottery_void_audits', 'lottery_trx_blocks', 'lottery_round_stakes', 'lottery_sandbox_beacon'] as const;

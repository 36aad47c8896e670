/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['report_fold_state', 'report_daily', 'report_player_daily', 'report_active_daily', 'report_player_month'] as const;

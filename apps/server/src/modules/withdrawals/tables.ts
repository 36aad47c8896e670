/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['payout_methods', 'withdrawals', 'withdrawal_approvals', 'withdrawal_events', 'payout_callback_events'] as const;

/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['ledger_accounts', 'ledger_transfers', 'ledger_entries'] as const;

/** The wallet keeps no table: balances are read from the ledger, through its index. */
export const OWNED_TABLES = [] as const;

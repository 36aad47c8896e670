/** The statistics own no tables: they read the ledger through its index (decision 459). */
export const OWNED_TABLES = [] as const;

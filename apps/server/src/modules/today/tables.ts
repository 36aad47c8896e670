/** Home's figures own no tables: they read the lottery's rounds and the reports' sums through their indexes (decision 518). */
export const OWNED_TABLES = [] as const;

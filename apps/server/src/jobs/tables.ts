/** Jobs keep no table: leadership is a PostgreSQL advisory lock, and run figures live in /metrics. */
export const OWNED_TABLES = [] as const;

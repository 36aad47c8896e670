/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['usdt_orders', 'usdt_transfers', 'usdt_watch_cursor'] as const;

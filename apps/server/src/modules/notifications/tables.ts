/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['notifications', 'announcements', 'announcement_reads'] as const;

/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['recon_imports', 'recon_items', 'recon_runs'] as const;

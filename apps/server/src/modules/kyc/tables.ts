/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['kyc_submissions'] as const;

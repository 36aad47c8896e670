/** The tables this module owns; no other module reads or writes them (conventions.md, Boundaries). */
export const OWNED_TABLES = ['vendor_wallet_calls'] as const;

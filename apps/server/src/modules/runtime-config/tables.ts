/** Runtime configuration comes from the validated config, not from a table. */
export const OWNED_TABLES = [] as const;

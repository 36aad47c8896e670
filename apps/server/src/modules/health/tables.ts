/** Health reads no table of its own; readiness asks the db platform folder (src/db). */
export const OWNED_TABLES = [] as const;

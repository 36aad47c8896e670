/** Key/value facts about this installation (migration 001), kept by the database platform folder. */
export const OWNED_TABLES = ['app_meta'] as const;

/** The tables this module owns; no other module reads or writes them (conventions.md, Boundaries). */
export const OWNED_TABLES = [
  'game_vendors',
  'games',
  'game_categories',
  'game_category_tiles',
  'game_catalog_state',
  'game_launch_tickets',
  'vendor_sessions',
] as const;

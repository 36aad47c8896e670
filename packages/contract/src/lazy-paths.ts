/**
 * Paths the player app and the console call only from their lazy chunks (decision 360): in a
 * module of their own, so the bundle of `/` (which holds API_PATHS) does not carry them. The
 * server registers them like API_PATHS; apps/server/test/routes.test.ts knows all three lists.
 */
export const LAZY_API_PATHS = {
  /** WebSocket of a generic game: its rooms' clock, the subscribed room's results, the player's settlements (decision 360). */
  lottery_live: '/api/lottery/:game/live',
  /** The player's bets of every lottery game (Wingo included), by game, room and status (decision 362). */
  lottery_all_my_bets: '/api/lottery/my-bets',
  /** A room's voided rounds of any game (Wingo included), newest first, each with its would-be result (decision 384). */
  lottery_voids: '/api/lottery/:game/voids',
  /** The console: a player's bets of every lottery game (the lookup's bets tab; decision 363). */
  admin_player_lottery_bets: '/api/admin/players/:playerId/lottery-bets',
  /** The console's reports (decision 410): the day figures of a range, player P&L, liabilities, CSV. */
  admin_reports: '/api/admin/reports',
  admin_reports_players: '/api/admin/reports/players',
  admin_reports_liabilities: '/api/admin/reports/liabilities',
  admin_reports_csv: '/api/admin/reports.csv',
  /** Another admin vouches for an admin or finance operator made in the console (decision 395). */
  admin_operator_countersign: '/api/admin/operators/:operatorId/countersign',
  // Reconciliation (docs/payments.md): settlement file imports, their work items, the daily checks.
  admin_recon_imports: '/api/admin/reconciliation/imports',
  admin_recon_items: '/api/admin/reconciliation/items',
  admin_recon_resolve: '/api/admin/reconciliation/items/:itemId/resolve',
  admin_recon_runs: '/api/admin/reconciliation/runs',
  /** The console: suspend an account, and lift the suspension (decision 420). */
  admin_player_suspend: '/api/admin/players/:playerId/suspend',
  admin_player_suspension_lift: '/api/admin/players/:playerId/suspension/lift',
  /** The console: a player's balance adjustments, a new one, and a second approval (decision 421). */
  admin_player_adjustments: '/api/admin/players/:playerId/adjustments',
  admin_adjustment_approve: '/api/admin/adjustments/:adjustmentId/approve',
  /** The console: a player's responsible-gambling interaction notes, and a new one (decision 423). */
  admin_player_rg_notes: '/api/admin/players/:playerId/rg-notes',
  /** The console: what a review card shows of its player without another click. */
  admin_player_review_context: '/api/admin/players/:playerId/review-context',
} as const;

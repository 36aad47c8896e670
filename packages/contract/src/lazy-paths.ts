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
  /** Several selections of one K3 or 5D round placed as one slip, accepted or refused whole (decision 513). */
  lottery_place_slip: '/api/lottery/:game/slips',
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
  /** Account › Statistics (decision 459): the player's bets, stakes and payouts by period and game. */
  player_statistics: '/api/account/statistics',
  /** Home's figures of the day (decision 518): today's rounds, bets settled and paid out, every player together; public. */
  today_figures: '/api/lottery/today',
  /** The console's announcements (decision 458): list and create, pause and resume. */
  admin_announcements: '/api/admin/announcements',
  admin_announcement_pause: '/api/admin/announcements/:id/pause',
  admin_announcement_resume: '/api/admin/announcements/:id/resume',
  admin_recon_imports: '/api/admin/reconciliation/imports',
  admin_recon_items: '/api/admin/reconciliation/items',
  admin_recon_resolve: '/api/admin/reconciliation/items/:itemId/resolve',
  admin_recon_runs: '/api/admin/reconciliation/runs',
  /** The console: suspend an account, and lift the suspension (decision 420). */
  admin_player_suspend: '/api/admin/players/:playerId/suspend',
  admin_player_suspension_lift: '/api/admin/players/:playerId/suspension/lift',
  /** The console: close an account for good (decision 440). */
  admin_player_close: '/api/admin/players/:playerId/close',
  /** The console: a player's balance adjustments, a new one, and a second approval (decision 421). */
  admin_player_adjustments: '/api/admin/players/:playerId/adjustments',
  admin_adjustment_approve: '/api/admin/adjustments/:adjustmentId/approve',
  /** The console: a player's responsible-gambling interaction notes, and a new one (decision 423). */
  admin_player_rg_notes: '/api/admin/players/:playerId/rg-notes',
  /** The console: what a review card shows of its player without another click. */
  admin_player_review_context: '/api/admin/players/:playerId/review-context',
  /** The console: a player's linked accounts with the reasons, and a decision on one link (decisions 430, 431). */
  admin_player_links: '/api/admin/players/:playerId/links',
  admin_player_link_decide: '/api/admin/players/:playerId/links/:otherPlayerId/decision',
  /** Promotions (docs/promotions.md): marketing consent, and the player's bonuses with their progress. */
  player_marketing_consent: '/api/account/marketing-consent',
  player_bonuses: '/api/promotions/bonuses',
  promotions_redeem: '/api/promotions/gift-codes/redeem',
  /** Invite a friend (docs/promotions.md): the player's code, link, friends and the cap. */
  player_invites: '/api/promotions/invites',
  /** Today's check-in and checking in; the player's VIP level with the published table (decisions 545, 546). */
  promotions_check_in: '/api/promotions/check-in',
  promotions_vip: '/api/promotions/vip',
  /** Whether offers are paused for the player and why, and the terms version they accepted (the Activity tab). */
  promotions_status: '/api/promotions/status',
  /** The console's gift codes (docs/promotions.md): list, create (admin), pause (admin). */
  admin_gift_codes: '/api/admin/gift-codes',
  admin_gift_code_pause: '/api/admin/gift-codes/:id/pause',
  /** The console's cost report of the offers over a range of IST days (docs/promotions.md, "Console and cost"). */
  admin_promotions_cost: '/api/admin/promotions/cost',
  admin_promotions_cost_csv: '/api/admin/promotions/cost/csv',
  /** The console: a player's bonuses with status, source and progress (read only). */
  admin_player_bonuses: '/api/admin/players/:playerId/bonuses',
  /** The first-deposit bonus (docs/promotions.md): the player's offer and claim; the console's offers, create and pause (admin). */
  player_first_deposit: '/api/promotions/first-deposit',
  admin_first_deposit_offers: '/api/admin/first-deposit-offers',
  admin_first_deposit_offer_pause: '/api/admin/first-deposit-offers/:id/pause',
  /** The daily check-in's settings the console reads (every operator) and sets (admin). */
  admin_check_in_settings: '/api/admin/check-in-settings',
  /** Support tickets (docs/support.md): the player's Help pages (a lazy route) call these. */
  support_tickets: '/api/support/tickets',
  support_ticket: '/api/support/tickets/:ticketId',
  support_ticket_messages: '/api/support/tickets/:ticketId/messages',
  support_ticket_resolve: '/api/support/tickets/:ticketId/resolve',
  support_ticket_reopen: '/api/support/tickets/:ticketId/reopen',
  support_attachment: '/api/support/tickets/:ticketId/attachments/:attachmentId',
  /** The console's support queue and ticket page (docs/admin.md, "Support"). */
  admin_support_tickets: '/api/admin/support/tickets',
  admin_support_ticket: '/api/admin/support/tickets/:ticketId',
  admin_support_messages: '/api/admin/support/tickets/:ticketId/messages',
  admin_support_assign: '/api/admin/support/tickets/:ticketId/assign',
  admin_support_resolve: '/api/admin/support/tickets/:ticketId/resolve',
  admin_support_complaint: '/api/admin/support/tickets/:ticketId/complaint',
  admin_support_attachment: '/api/admin/support/tickets/:ticketId/attachments/:attachmentId',
  admin_support_canned: '/api/admin/support/canned-replies',
  // The operator console's routes: only its lazy chunk calls them.
  // Operator console (docs/admin.md): cookie session scoped to /api/admin, never a player token.
  admin_login: '/api/admin/login',
  admin_logout: '/api/admin/logout',
  admin_me: '/api/admin/me',
  admin_password: '/api/admin/password',
  admin_deposits_review: '/api/admin/deposits/review',
  admin_deposit_decide: '/api/admin/deposits/:orderId/review',
  admin_usdt_review: '/api/admin/usdt/review',
  admin_usdt_approve: '/api/admin/usdt/:transferId/approve',
  admin_usdt_reject: '/api/admin/usdt/:transferId/reject',
  admin_player_lookup: '/api/admin/players',
  admin_player: '/api/admin/players/:playerId',
  admin_player_ledger: '/api/admin/players/:playerId/ledger',
  admin_player_deposits: '/api/admin/players/:playerId/deposits',
  admin_player_usdt_deposits: '/api/admin/players/:playerId/usdt-deposits',
  admin_player_bets: '/api/admin/players/:playerId/bets',
  admin_player_withdrawals: '/api/admin/players/:playerId/withdrawals',
  admin_player_kyc: '/api/admin/players/:playerId/kyc',
  admin_withdrawals_review: '/api/admin/withdrawals/review',
  admin_withdrawal_approve: '/api/admin/withdrawals/:withdrawalId/approve',
  admin_withdrawal_reject: '/api/admin/withdrawals/:withdrawalId/reject',
  admin_kyc_pending: '/api/admin/kyc/pending',
  admin_kyc_verify: '/api/admin/kyc/:submissionId/verify',
  admin_kyc_reject: '/api/admin/kyc/:submissionId/reject',
  /** The document image: operators only, never public. */
  admin_kyc_document: '/api/admin/kyc/:submissionId/document',
  admin_audit: '/api/admin/audit',
  admin_audit_csv: '/api/admin/audit.csv',
  admin_operators: '/api/admin/operators',
  admin_operator_disable: '/api/admin/operators/:operatorId/disable',
  /** The new operator opens their enrolment link (no session; the token is the credential). */
  admin_enrolment_start: '/api/admin/enrolment/start',
  admin_enrolment_complete: '/api/admin/enrolment/complete',
  admin_alerts: '/api/admin/alerts',
  admin_player_safety: '/api/admin/players/:playerId/safety',
  admin_limit_hits: '/api/admin/safety/limit-hits',
} as const;

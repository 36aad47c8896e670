/**
 * Every path the server registers (the spec's and ours), in one place so the server
 * registers and the client calls exactly the same strings. apps/server/test/routes.test.ts fails
 * when the server registers a path that is listed in neither API_PATHS nor SERVER_PATHS.
 *
 * API_PATHS holds what the player app and the console call; SERVER_PATHS what only other
 * machines call (gateways' webhooks, vendors' wallet calls, sandboxes' own pages, health and
 * metrics, the API docs). The split keeps the second list out of the player app's bundle
 * (decision 313). LAZY_API_PATHS (lazy-paths.ts) holds what the apps call only from lazy chunks,
 * so `/` does not carry those strings either (decision 360).
 */
export const API_PATHS = {
  login: '/api/login',
  register: '/api/register',
  refresh_token: '/api/refresh-token',
  get_user_info: '/api/get-user-info',
  update_user_info: '/api/update-user-info',
  notifications: '/api/notifications',
  mark_all_as_read: '/api/notifications/mark-all-as-read',
  /** The operator announcements the player may see now (decision 458): the inbox and the home page's line. */
  announcements: '/api/announcements',
  announcement_read: '/api/announcements/:id/read',
  get_payment_url: '/api/wallet/get-recharge-url',
  get_payment_url_usdt: '/api/wallet/get-recharge-url-usdt',
  get_balance: '/api/wallet/balance',
  get_wallet: '/api/wallet/get',
  get_deposit_info: '/api/wallet/get-deposit-info',
  get_usdt_deposit_status_pooling: '/api/wallet/get-usdt-deposit-status-pooling',
  cancel_deposit: '/api/wallet/cancel-deposit',
  /** The player's USDT orders (history); get-deposits lists the UPI orders. */
  get_usdt_deposits: '/api/wallet/get-usdt-deposits',
  get_deposits: '/api/wallet/get-deposits',
  transfer_to_main_wallet: '/api/wallet/transfer-to-main-wallet',
  open_game_url: '/api/games/open-game-url',
  submit_utr: '/api/wallet/submit-utr',
  get_runtime_config: '/api/config',
  register_request_code: '/api/register/request-code',
  logout: '/api/logout',
  forgot_password_request_code: '/api/forgot-password/request-code',
  forgot_password_reset: '/api/forgot-password/reset',
  /** Signed in: a new password for the current one; other sessions end (decision 404). */
  change_password: '/api/change-password',
  /** Sandbox channels: these exist only while their channel is on (never in production by default). */
  sandbox_sms_outbox: '/api/sandbox/sms-outbox',
  /** Sends test USDT on the local dev chain to an order's address (sandbox chain only). */
  sandbox_usdt_faucet: '/api/sandbox/usdt/faucet',
  // game lobby and launcher (not in the spec's table; ours)
  game_categories: '/api/games/categories',
  game_vendors: '/api/games/vendors',
  games: '/api/games',
  game_launch_ticket: '/api/games/launch-ticket',
  // Wingo (decisions 100-106): public reads take ?room= or ?period=; bets need the access token.
  wingo_state: '/api/lottery/wingo/state',
  wingo_place_bet: '/api/lottery/wingo/bets',
  wingo_my_bets: '/api/lottery/wingo/my-bets',
  wingo_history: '/api/lottery/wingo/history',
  wingo_trend: '/api/lottery/wingo/trend',
  wingo_fairness: '/api/lottery/wingo/fairness',
  wingo_chains: '/api/lottery/wingo/chains',
  /** WebSocket: room clock, results, the player's balance (auth by first message). */
  wingo_live: '/api/lottery/wingo/live',
  // The other lottery games (K3, 5D; decision 332): the same reads and bets, `:game` = k3 | 5d.
  lottery_state: '/api/lottery/:game/state',
  lottery_place_bet: '/api/lottery/:game/bets',
  lottery_my_bets: '/api/lottery/:game/my-bets',
  lottery_history: '/api/lottery/:game/history',
  lottery_trend: '/api/lottery/:game/trend',
  lottery_fairness: '/api/lottery/:game/fairness',
  lottery_chains: '/api/lottery/:game/chains',
  // Withdrawals and KYC (docs/payments.md); the player's access token is required.
  withdraw_info: '/api/wallet/withdraw/info',
  /** GET lists the player's payout methods; POST adds one. */
  payout_methods: '/api/wallet/withdraw/methods',
  remove_payout_method: '/api/wallet/withdraw/methods/remove',
  request_withdrawal: '/api/wallet/withdraw/request',
  cancel_withdrawal: '/api/wallet/withdraw/cancel',
  get_withdrawals: '/api/wallet/withdraw/list',
  /** One withdrawal: `?withdrawalId=wd_...`. */
  get_withdrawal: '/api/wallet/withdraw/get',
  kyc_status: '/api/kyc/status',
  kyc_submit: '/api/kyc/submit',
  // Responsible gambling (decision 210): the player's controls; the console reads them only.
  safety: '/api/safety',
  safety_limit: '/api/safety/limits',
  safety_limit_confirm: '/api/safety/limits/confirm',
  safety_break: '/api/safety/break',
  safety_exclusion: '/api/safety/exclusion',
  safety_reopen: '/api/safety/reopen',
  safety_reality_check: '/api/safety/reality-check',
  safety_deposit_prompt_skip: '/api/safety/deposit-prompt/skip',
  safety_session: '/api/safety/session',
  safety_history: '/api/safety/history',
} as const;

/** Paths only other machines call (see above); the server registers them like the rest. */
export const SERVER_PATHS = {
  /** The payment gateway's signed webhook (server to server). */
  upi_webhook: '/api/payments/upi/webhook',
  sandbox_upi_pay: '/sandbox/upi/pay/:ref',
  sandbox_upi_css: '/sandbox/upi/page.css',
  /** The sandbox gateway's settlement file of one IST day: `?date=YYYY-MM-DD` (CSV, docs/payments.md). */
  sandbox_upi_settlement: '/sandbox/upi/settlement.csv',
  /** The OpenAPI document; the interactive docs the docs plugin serves live under `/api/docs/`. */
  api_docs: '/api/docs',
  openapi_json: '/api/docs/openapi.json',
  /** Operations, outside /api: liveness, readiness, Prometheus metrics. */
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
  // seamless wallet API called by vendors; `:provider` is the integration that signs the call
  vendor_wallet_session: '/api/vendor-wallet/:provider/session',
  vendor_wallet_balance: '/api/vendor-wallet/:provider/balance',
  vendor_wallet_debit: '/api/vendor-wallet/:provider/debit',
  vendor_wallet_credit: '/api/vendor-wallet/:provider/credit',
  vendor_wallet_rollback: '/api/vendor-wallet/:provider/rollback',
  /** The payout gateway's signed callback (server to server). */
  payout_callback: '/api/payouts/callback',
  /** The payout sandbox (exists only while the payouts sandbox channel is on). */
  sandbox_payout_page: '/sandbox/payouts/:ref',
  sandbox_payouts_css: '/sandbox/payouts/page.css',
  /**
   * The sandbox TRON chain (exists only while TRON_SOURCE=sandbox): a full node's HTTP API paths
   * (`/wallet/...` latest, `/walletsolidity/...` final), so the production adapter reads it unchanged.
   */
  sandbox_tron_getnowblock: '/sandbox/tron/wallet/getnowblock',
  sandbox_tron_getblockbynum: '/sandbox/tron/wallet/getblockbynum',
  sandbox_tron_solidity_getnowblock: '/sandbox/tron/walletsolidity/getnowblock',
  sandbox_tron_solidity_getblockbynum: '/sandbox/tron/walletsolidity/getblockbynum',
  sandbox_tron_listwitnesses: '/sandbox/tron/wallet/listwitnesses',
  sandbox_tron_solidity_listwitnesses: '/sandbox/tron/walletsolidity/listwitnesses',
  sandbox_tron_getaccount: '/sandbox/tron/wallet/getaccount',
  sandbox_tron_solidity_getaccount: '/sandbox/tron/walletsolidity/getaccount',
} as const;

export type ApiPathName = keyof typeof API_PATHS;

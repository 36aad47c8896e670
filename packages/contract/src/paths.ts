/**
 * The API paths of product-spec section 7, in one place so the server registers and the client
 * calls exactly the same strings.
 */
export const API_PATHS = {
  login: '/api/login',
  register: '/api/register',
  refresh_token: '/api/refresh-token',
  get_user_info: '/api/get-user-info',
  update_user_info: '/api/update-user-info',
  notifications: '/api/notifications',
  mark_all_as_read: '/api/notifications/mark-all-as-read',
  get_payment_url: '/api/wallet/get-recharge-url',
  get_payment_url_usdt: '/api/wallet/get-recharge-url-usdt',
  get_balance: '/api/wallet/balance',
  get_wallet: '/api/wallet/get',
  get_deposit_info: '/api/wallet/get-deposit-info',
  get_usdt_deposit_status_pooling: '/api/wallet/get-usdt-deposit-status-pooling',
  cancel_deposit: '/api/wallet/cancel-deposit',
  get_deposits: '/api/wallet/get-deposits',
  transfer_to_main_wallet: '/api/wallet/transfer-to-main-wallet',
  open_game_url: '/api/games/open-game-url',
  submit_utr: '/api/wallet/submit-utr',
  get_runtime_config: '/api/config',
  // Wingo (issue 10): public reads take ?room= or ?period=; bets need the access token.
  wingo_state: '/api/lottery/wingo/state',
  wingo_place_bet: '/api/lottery/wingo/bets',
  wingo_my_bets: '/api/lottery/wingo/my-bets',
  wingo_history: '/api/lottery/wingo/history',
  wingo_trend: '/api/lottery/wingo/trend',
  wingo_fairness: '/api/lottery/wingo/fairness',
  wingo_chains: '/api/lottery/wingo/chains',
  /** WebSocket: room clock, results, the player's balance (auth by first message). */
  wingo_live: '/api/lottery/wingo/live',
} as const;

export type ApiPathName = keyof typeof API_PATHS;

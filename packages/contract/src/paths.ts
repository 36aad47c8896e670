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
  // game lobby and launcher (not in the spec's table; ours)
  game_categories: '/api/games/categories',
  game_vendors: '/api/games/vendors',
  games: '/api/games',
  game_launch_ticket: '/api/games/launch-ticket',
  // seamless wallet API called by vendors; `:provider` is the integration that signs the call
  vendor_wallet_session: '/api/vendor-wallet/:provider/session',
  vendor_wallet_balance: '/api/vendor-wallet/:provider/balance',
  vendor_wallet_debit: '/api/vendor-wallet/:provider/debit',
  vendor_wallet_credit: '/api/vendor-wallet/:provider/credit',
  vendor_wallet_rollback: '/api/vendor-wallet/:provider/rollback',
} as const;

export type ApiPathName = keyof typeof API_PATHS;

/** Every player screen behind the login (apps/web/src/config/paths.ts), for the per-route checks. */
export const PLAYER_ROUTES = [
  '/main',
  '/main/Avatar',
  '/home/Messages',
  '/home/AllGames',
  '/home/AllOnlineGames',
  '/home/AllCasinoGames',
  '/wallet',
  '/wallet/Recharge',
  '/wallet/RechargeHistory',
  '/wallet/Payment',
  '/wallet/Withdraw',
  '/wallet/Kyc',
  '/wallet/WithdrawHistory',
  '/home/AllLotteryGames/Wingo',
  '/home/AllLotteryGames/BettingRecordWin',
  '/home/AllLotteryGames/Verify',
  '/home/AllLotteryGames/K3',
  '/home/AllLotteryGames/5D',
  '/home/AllLotteryGames/VerifyGame',
] as const;

/** The screens a guest sees. */
export const GUEST_ROUTES = ['/', '/login', '/register', '/rpwd', '/no/such/page'] as const;

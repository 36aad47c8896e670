import { expect, type Page } from '@playwright/test';

/** Every player screen behind the login (apps/web/src/config/paths.ts), for the per-route checks. */
export const PLAYER_ROUTES = [
  '/main',
  '/activity',
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
  '/home/AllLotteryGames/TrxWin',
  '/home/AllLotteryGames/VerifyGame',
  // Activity › VIP levels (decision 546).
  '/activity/vip',
] as const;

/**
 * Trx Win's verify screen of a real round of the 1-minute room: the last drawn one (the checks, both
 * block headers and their long hashes), or the open one while none is drawn yet (its lock time).
 */
export async function trxVerifyRoute(page: Page): Promise<string> {
  let period = '';
  await expect(async () => {
    const res = await page.request.get('/api/lottery/trx/state?room=1m');
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { round: { period: string }; lastResult: { period: string } | null } };
    period = data.lastResult?.period ?? data.round.period;
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  return `/home/AllLotteryGames/VerifyGame?game=trx&period=${period}`;
}

/** The screens a guest sees. */
export const GUEST_ROUTES = ['/', '/login', '/register', '/rpwd', '/no/such/page'] as const;

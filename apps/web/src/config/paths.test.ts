import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('holds the 16 routes of the spec, the Wingo verify screen, the withdrawal screens, Safety, Help, Statistics, Activity and VIP, and the K3/5D pattern', () => {
    expect(Object.values(paths).map((route) => route.path)).toEqual([
      '/',
      '/main',
      '/main/Avatar',
      '/login',
      '/register',
      '/rpwd',
      '/home/Messages',
      '/activity',
      '/wallet',
      '/wallet/Payment',
      '/wallet/Recharge',
      '/wallet/RechargeHistory',
      '/wallet/Withdraw',
      '/wallet/Kyc',
      '/wallet/WithdrawHistory',
      '/main/Safety',
      '/main/Help',
      '/main/Statistics',
      '/activity/vip',
      '/home/AllGames',
      '/home/AllOnlineGames',
      '/home/AllCasinoGames',
      '/home/AllLotteryGames/Wingo',
      '/home/AllLotteryGames/BettingRecordWin',
      '/home/AllLotteryGames/:game',
      '/home/AllLotteryGames/Verify',
    ]);
  });

  it('builds links with query parameters', () => {
    expect(paths.allGames.getHref()).toBe('/home/AllGames');
    expect(paths.allGames.getHref(3)).toBe('/home/AllGames?tab=3');
    expect(paths.allOnlineGames.getHref({ type: 'slot', tab: 8 })).toBe('/home/AllOnlineGames?type=slot&tab=8');
    expect(paths.wallet.getHref()).toBe('/wallet');
    expect(paths.wingoVerify.getHref({ room: '30s', period: '202611230300001' })).toBe('/home/AllLotteryGames/Verify?room=30s&period=202611230300001');
  });
});

import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('holds exactly the 16 routes of the spec', () => {
    expect(Object.values(paths).map((route) => route.path)).toEqual([
      '/',
      '/main',
      '/main/Avatar',
      '/login',
      '/register',
      '/rpwd',
      '/home/Messages',
      '/wallet',
      '/wallet/Payment',
      '/wallet/Recharge',
      '/wallet/RechargeHistory',
      '/home/AllGames',
      '/home/AllOnlineGames',
      '/home/AllCasinoGames',
      '/home/AllLotteryGames/Wingo',
      '/home/AllLotteryGames/BettingRecordWin',
    ]);
  });

  it('builds links with query parameters', () => {
    expect(paths.allGames.getHref()).toBe('/home/AllGames');
    expect(paths.allGames.getHref(3)).toBe('/home/AllGames?tab=3');
    expect(paths.allOnlineGames.getHref({ type: 'slot', tab: 8 })).toBe('/home/AllOnlineGames?type=slot&tab=8');
    expect(paths.wallet.getHref()).toBe('/wallet');
  });
});

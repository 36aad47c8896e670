/**
 * Every route of the player app, built from this one typed object, so no page spells a
 * path by hand (bulletproof-react's `paths` config). `path` is the route pattern, `getHref`
 * builds a link to it, including any query parameters.
 */

/** Index of a lobby category in the All Games tab strip (spec: tab 0..7). */
export type AllGamesTab = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Which vendor list All online games shows (spec: type=casino or type=slot, with a tab). */
export interface AllOnlineGamesQuery {
  type: 'casino' | 'slot';
  tab: number;
}

function route<const P extends string>(path: P) {
  return { path, getHref: (): P => path };
}

function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  return `${path}?${search.toString()}`;
}

/** All routes of the player app. */
export const paths = {
  home: route('/'),
  account: route('/main'),
  avatar: route('/main/Avatar'),
  login: route('/login'),
  register: route('/register'),
  resetPassword: route('/rpwd'),
  messages: route('/home/Messages'),
  /** The Activity tab (docs/promotions.md): the player's bonuses, offers and gift codes. */
  activity: route('/activity'),
  wallet: route('/wallet'),
  payment: route('/wallet/Payment'),
  recharge: route('/wallet/Recharge'),
  rechargeHistory: route('/wallet/RechargeHistory'),
  /** Withdraw to a saved payout method (decision 161). */
  withdraw: route('/wallet/Withdraw'),
  /** Identity check (KYC) that a withdrawal needs (decision 161). */
  kyc: route('/wallet/Kyc'),
  /** The player's withdrawals with live status (decision 161). */
  withdrawHistory: route('/wallet/WithdrawHistory'),
  /** Responsible gambling (decision 210): limits, breaks, self-exclusion, reality checks. */
  safety: route('/main/Safety'),
  /** Help and support tickets (docs/support.md): `report` (kind:id) opens a ticket about a record, `ticket` shows one. */
  help: {
    path: '/main/Help',
    getHref: (query?: { report?: string; ticket?: string }): string => (query === undefined ? '/main/Help' : withQuery('/main/Help', query)),
  },
  /** Account › Statistics (decision 459): the player's bets, stakes and payouts by period and game. */
  statistics: route('/main/Statistics'),
  /** Activity › VIP levels (decision 546): the player's level and the published table. */
  vip: route('/activity/vip'),
  allGames: {
    path: '/home/AllGames',
    getHref: (tab?: AllGamesTab): string =>
      tab === undefined ? '/home/AllGames' : withQuery('/home/AllGames', { tab }),
  },
  allOnlineGames: {
    path: '/home/AllOnlineGames',
    getHref: (query?: AllOnlineGamesQuery): string =>
      query === undefined ? '/home/AllOnlineGames' : withQuery('/home/AllOnlineGames', { ...query }),
  },
  allCasinoGames: route('/home/AllCasinoGames'),
  wingo: route('/home/AllLotteryGames/Wingo'),
  bettingRecordWin: route('/home/AllLotteryGames/BettingRecordWin'),
  /**
   * K3 (/K3), 5D (/5D) and their verify screen (/VerifyGame?game=&period=) in one pattern, which
   * `/`'s route table carries instead of three (decision 345); features/lottery/games/links.ts
   * builds the addresses.
   */
  lotteryGame: route('/home/AllLotteryGames/:game'),
  /** Verify one Wingo round in the browser (decision 123): which round is in the query. */
  wingoVerify: {
    path: '/home/AllLotteryGames/Verify',
    /** final and k: the commitment on the player's bet receipt, checked instead of the server's copy. */
    getHref: (query?: { room: string; period: string; final?: string; k?: string }): string =>
      query === undefined ? '/home/AllLotteryGames/Verify' : withQuery('/home/AllLotteryGames/Verify', { ...query }),
  },
} as const;


import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './root-layout';
import { RequireSession } from './session-guard';
import { TabLayout } from './tab-layout';

/**
 * The route table (paths in config/paths.ts): one lazily loaded module per route under routes/.
 * Declarative React Router (useRoutes) rather than the data router keeps ~16 KB gzip off `/`
 * (docs/decisions/010-react-router.md). A function, not a constant, so each test gets fresh lazy
 * components and sees the loading state again. Routes a logged-out player may not open sit under
 * RequireSession (decision 015).
 */
let lotteryCode: ReturnType<typeof loadLottery> | undefined;
const loadLottery = () => import('./routes/wingo');
/**
 * The lottery pages' module, one promise for every caller. main.tsx fetches it before the first
 * render on a cold load of a lottery page; that render (a transition) then finds the promise
 * resolved and shows the page instead of "Loading…" (decision 370).
 */
export const lottery = () => (lotteryCode ??= loadLottery());

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <TabLayout />,
          children: [
            { path: paths.home.path, element: lazyRoute('home', () => import('./routes/home')) },
            {
              element: <RequireSession />,
              children: [
                { path: paths.activity.path, element: lazyRoute('activity', () => import('./routes/activity')) },
                { path: paths.wallet.path, element: lazyRoute('wallet', () => import('./routes/wallet')) },
                { path: paths.account.path, element: lazyRoute('account', () => import('./routes/account')) },
              ],
            },
          ],
        },
        { path: paths.login.path, element: lazyRoute('login', () => import('./routes/login')) },
        { path: paths.register.path, element: lazyRoute('register', () => import('./routes/register')) },
        { path: paths.resetPassword.path, element: lazyRoute('reset-password', () => import('./routes/reset-password')) },
        {
          element: <RequireSession />,
          children: [
            { path: paths.avatar.path, element: lazyRoute('avatar', () => import('./routes/avatar')) },
            { path: paths.safety.path, element: lazyRoute('safety', () => import('./routes/account').then((m) => ({ default: m.SafetyRoute }))) },
            { path: paths.help.path, element: lazyRoute('help', () => import('./routes/account').then((m) => ({ default: m.HelpRoute }))) },
            { path: paths.messages.path, element: lazyRoute('messages', () => import('./routes/messages')) },
            { path: paths.statistics.path, element: lazyRoute('statistics', () => import('./routes/statistics')) },
            { path: paths.vip.path, element: lazyRoute('vip', () => import('./routes/vip')) },
            { path: paths.payment.path, element: lazyRoute('payment', () => import('./routes/payment')) },
            { path: paths.recharge.path, element: lazyRoute('recharge', () => import('./routes/recharge')) },
            { path: paths.rechargeHistory.path, element: lazyRoute('recharge-history', () => import('./routes/recharge-history')) },
            {
              // The three withdrawal screens share one lazy module, which picks the page by path.
              element: lazyRoute('withdrawals', () => import('./routes/wallet').then((m) => ({ default: m.WithdrawalsRoute }))),
              // `element: null`: the parent draws the page; an undefined element made React Router
              // warn "Matched leaf route ... does not have an element" on every visit.
              children: [paths.withdraw.path, paths.kyc.path, paths.withdrawHistory.path].map((path) => ({ path, element: null })),
            },
            { path: paths.allGames.path, element: lazyRoute('all-games', () => import('./routes/all-games')) },
            { path: paths.allOnlineGames.path, element: lazyRoute('all-online-games', () => import('./routes/all-online-games')) },
            { path: paths.allCasinoGames.path, element: lazyRoute('all-casino-games', () => import('./routes/all-casino-games')) },
            {
              // One layout over /home/AllLotteryGames/* shares the Wingo context (decision 122).
              // Its first render also starts the pages' data (a small chunk of its own), so the
              // reads do not wait for the page code (decision 305).
              element: lazyRoute('lottery', () => {
                void import('./lottery-preload-start');
                return lottery().then((m) => ({ default: m.LotteryLayout }));
              }),
              children: [
                // Win Go, K3, 5D and the K3/5D verify screen: one pattern, the segment picks the page
                // (routes/wingo.tsx; decision 345). The static paths below rank first.
                { path: paths.lotteryGame.path, element: lazyRoute('wingo', lottery) },
                { path: paths.bettingRecordWin.path, element: lazyRoute('betting-record-win', () => import('./routes/betting-record-win')) },
                { path: paths.wingoVerify.path, element: lazyRoute('wingo-verify', () => import('./routes/wingo-verify')) },
              ],
            },
          ],
        },
        { path: '*', element: lazyRoute('not-found', () => import('./routes/not-found')) },
      ],
    },
  ];
}

/** Renders the page for the current location from a route table. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

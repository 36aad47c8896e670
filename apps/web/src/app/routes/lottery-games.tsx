import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { RouteLoading } from '../../components/ui/route-loading';
import { LotteryPage } from '../../features/lottery/lottery-page';
import { lotteryScreenOf } from '../../features/lottery/games/links';
import { LotteryVerifyPage } from '../../features/lottery/games/verify-page';

// Loaded on demand from its own chunk: importing it here would split it out of that chunk into a
// new one whose name `/` has to list, over its JS budget (decision 345).
const NotFoundRoute = lazy(() => import('./not-found'));
/** The fairness checker, from the Wingo verify screen's chunk (see routes/wingo-verify.tsx). */
const loadChecker = () => import('./wingo-verify').then((m) => m.verifyGameRound);
const loadTrxChecker = () => import('./wingo-verify').then((m) => m.verifyTrxRound);
const loadLinkChecker = () => import('./wingo-verify').then((m) => m.verifyLockedLink);

/**
 * /home/AllLotteryGames/:game (decisions 345, 355): K3 (/K3), 5D (/5D), Trx Win (/TrxWin) or their verify screen
 * (/VerifyGame?game=&period=), under the lottery layout's shared context; any other segment is
 * the not-found page, as it was before this route existed.
 */
export default function LotteryGamesRoute() {
  const screen = lotteryScreenOf(useParams().game);
  // The key gives each game a fresh page (room, sheet and popup state are per game).
  if (screen === 'k3' || screen === '5d' || screen === 'trx') return <LotteryPage key={screen} game={screen} />;
  if (screen === 'verify') return <LotteryVerifyPage loadChecker={loadChecker} loadLinkChecker={loadLinkChecker} loadTrxChecker={loadTrxChecker} />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <NotFoundRoute />
    </Suspense>
  );
}

import { Outlet, useParams } from 'react-router';
import LotteryGamesRoute from './lottery-games';
import { LotteryPage } from '../../features/lottery/lottery-page';
import { WingoProvider } from '../../features/lottery/wingo-context';
import { RealityCheck } from '../../features/safety/reality-check';

/**
 * /home/AllLotteryGames/:game, under the lottery layout's shared context: Wingo (/Wingo), or K3,
 * 5D and their verify screen (routes/lottery-games.tsx). One route entry for all of them keeps
 * `/`'s route table within its JS budget, and K3 and 5D in this chunk, which holds the code they
 * share with Wingo (decision 345).
 */
export default function WingoRoute() {
  const game = useParams().game ?? '';
  return game.toLowerCase() === 'wingo' ? <LotteryPage game="wingo" /> : <LotteryGamesRoute />;
}

/**
 * The layout over /home/AllLotteryGames/* (decision 122): one shared Wingo context (the two
 * refresh counters and the voice setting) for Wingo, the full game history and the verify
 * screen, so a bump on one page is seen by the others while the player moves between them.
 * It lives in the Wingo route's module rather than its own: a chunk of its own would import
 * react-router without i18n and the page heading, and the bundler would then split those shared
 * chunks apart, adding about 1 KB gzip to what `/` loads (decision 120).
 */
export function LotteryLayout() {
  return (
    <WingoProvider>
      {/* The session clock and the reality check (decision 210) over every lottery page. */}
      <RealityCheck />
      <Outlet />
    </WingoProvider>
  );
}

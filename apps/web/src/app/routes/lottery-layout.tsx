import { Outlet } from 'react-router';
import { WingoProvider } from '../../features/wingo/wingo-context';

/**
 * The layout over /home/AllLotteryGames/* (spec section 2): one shared Wingo context (the two
 * refresh counters and the voice setting) for Wingo, the full game history and the verify
 * screen, so a bump on one page is seen by the others while the player moves between them.
 */
export default function LotteryLayout() {
  return (
    <WingoProvider>
      <Outlet />
    </WingoProvider>
  );
}

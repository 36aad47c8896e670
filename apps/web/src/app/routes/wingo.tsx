import { WingoPage } from '../../features/wingo/wingo-page';

/** Wingo (/home/AllLotteryGames/Wingo), under the lottery layout's shared context. */
export default function WingoRoute() {
  return <WingoPage />;
}

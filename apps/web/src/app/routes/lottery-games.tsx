import { LotteryGamePage } from '../../features/lottery-games/game-page';
import { LotteryVerifyPage } from '../../features/lottery-games/verify-page';

/** K3 (/home/AllLotteryGames/K3), under the lottery layout's shared context (decision 345). */
export default function K3Route() {
  return <LotteryGamePage game="k3" />;
}

/** 5D (/home/AllLotteryGames/5D). */
export function FivedRoute() {
  return <LotteryGamePage game="5d" />;
}

/** Verify a K3 or 5D round (/home/AllLotteryGames/VerifyGame?game=&period=). */
export function LotteryVerifyRoute() {
  return <LotteryVerifyPage />;
}

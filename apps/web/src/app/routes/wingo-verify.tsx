import { VerifyPage } from '../../features/wingo/verify-page';

/** Verify a Wingo round in the browser (/home/AllLotteryGames/Verify?room=..&period=..). */
export default function WingoVerifyRoute() {
  return <VerifyPage />;
}

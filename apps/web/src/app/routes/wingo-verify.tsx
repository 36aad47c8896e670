import { VerifyPage } from '../../features/lottery/verify-page';

/** Verify a Wingo round in the browser (/home/AllLotteryGames/Verify?room=..&period=..). */
export default function WingoVerifyRoute() {
  return <VerifyPage />;
}


// K3's and 5D's verify screen loads the game checker from this chunk, where the fairness code
// already is, rather than split it into a chunk of its own (decision 345), and checks a locked
// round's link with Wingo's own function (decision 436).
export { verifyGameRound, verifyTrxRound } from '@colorplay/fair';
export { verifyLockedLink } from '../../features/lottery/verify-page';

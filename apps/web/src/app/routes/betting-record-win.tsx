import { BettingRecordPage } from '../../features/lottery/betting-record';

/** Full game history (/home/AllLotteryGames/BettingRecordWin), under the lottery layout. */
export default function BettingRecordWinRoute() {
  return <BettingRecordPage />;
}

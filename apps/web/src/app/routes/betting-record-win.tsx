import { BettingRecordPage } from '../../features/wingo/betting-record';

/** Full game history (/home/AllLotteryGames/BettingRecordWin), under the lottery layout. */
export default function BettingRecordWinRoute() {
  return <BettingRecordPage />;
}

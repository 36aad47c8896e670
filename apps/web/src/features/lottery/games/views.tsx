import type { LotteryGameId } from '@colorplay/contract';
import { FIVED_VIEW } from './fived';
import { K3_VIEW } from './k3';
import { TRX_VIEW } from './trx';
import type { LotteryGameView } from './view-parts';

export type { GameBoardProps, HistoryColumn, LatestResultProps, LotteryGameView } from './view-parts';

/** The view table (decision 356): one row per game, each in its own file; read by the lottery page, its records, result popup and rules. */
export const LOTTERY_GAME_VIEWS: Record<LotteryGameId, LotteryGameView> = { k3: K3_VIEW, '5d': FIVED_VIEW, trx: TRX_VIEW };

export const lotteryGameView = (game: LotteryGameId): LotteryGameView => LOTTERY_GAME_VIEWS[game];

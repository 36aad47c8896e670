import type {
  LotteryBetsPage,
  LotteryFairness,
  LotteryGameId,
  LotteryHistoryPage,
  LotteryRoomId,
  LotteryRoomState,
  LotteryTrend,
  PlaceLotteryBetResult,
} from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from '../../../lib/api-client';
import type { InfiniteSpec } from '../../../lib/infinite-resource';
import type { ResourceSpec } from '../../../lib/resource';
import { noteServerTime } from '../../../lib/server-clock';
import { authedApi } from '../../../lib/session';
import type { StakeIntent } from '../bet-sheet';

/**
 * K3's and 5D's reads and their one money action (decision 346), as resource specs of the app's
 * one resource layer: the generic routes `/api/lottery/:game/...` (decision 332).
 */

type Data<T> = { data: T };
const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return `?${search.toString()}`;
};
const at = (path: string, game: LotteryGameId) => path.replace(':game', game);

/** Resource keys, one prefix per game and kind so a refresh can name them. */
export const lotteryKey = (game: LotteryGameId, kind: 'state' | 'history' | 'trend' | 'my-bets' | 'fairness', rest: string) => `lottery-${game}-${kind}:${rest}`;

export function lotteryStateResource(game: LotteryGameId, room: LotteryRoomId): ResourceSpec<LotteryRoomState> {
  return {
    key: lotteryKey(game, 'state', room),
    staleMs: 1_000,
    fetch: async (signal) => {
      const sentAtMs = Date.now();
      const state = (await api.get<Data<LotteryRoomState>>(at(API_PATHS.lottery_state, game) + query({ room }), { signal })).data;
      // The countdown runs on the server's clock (as Wingo's).
      noteServerTime(state.serverTimeMs, sentAtMs, Date.now());
      return state;
    },
  };
}

export function lotteryHistoryResource(game: LotteryGameId, room: LotteryRoomId): InfiniteSpec<LotteryHistoryPage> {
  return {
    key: lotteryKey(game, 'history', room),
    staleMs: 5_000,
    fetchPage: async (before, signal) =>
      (await api.get<Data<LotteryHistoryPage>>(at(API_PATHS.lottery_history, game) + query({ room, limit: 10, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

export function lotteryTrendResource(game: LotteryGameId, room: LotteryRoomId): ResourceSpec<LotteryTrend> {
  return {
    key: lotteryKey(game, 'trend', room),
    staleMs: 5_000,
    fetch: async (signal) => (await api.get<Data<LotteryTrend>>(at(API_PATHS.lottery_trend, game) + query({ room, count: 100 }), { signal })).data,
  };
}

export function lotteryMyBetsResource(game: LotteryGameId, room: LotteryRoomId): InfiniteSpec<LotteryBetsPage> {
  return {
    key: lotteryKey(game, 'my-bets', room),
    staleMs: 5_000,
    fetchPage: async (before, signal) =>
      (await authedApi.get<Data<LotteryBetsPage>>(at(API_PATHS.lottery_my_bets, game) + query({ room, limit: 20, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

/** The fairness record's address: the verify screen reads it, and links to it as JSON. */
export const lotteryFairnessUrl = (game: LotteryGameId, period: string) => at(API_PATHS.lottery_fairness, game) + query({ period });

export function lotteryFairnessResource(game: LotteryGameId, period: string): ResourceSpec<LotteryFairness> {
  return {
    key: lotteryKey(game, 'fairness', period),
    // A drawn round's record never changes (one still open is read again on the next visit).
    staleMs: 60_000,
    fetch: async (signal) => (await api.get<Data<LotteryFairness>>(lotteryFairnessUrl(game, period), { signal })).data,
  };
}

/** Places a K3 or 5D bet (the money action's perform function): the key comes from useMoneyAction. */
export function lotteryPlaceBet(game: LotteryGameId) {
  return async (input: StakeIntent, idempotencyKey: string): Promise<PlaceLotteryBetResult> =>
    (await authedApi.post<Data<PlaceLotteryBetResult>>(at(API_PATHS.lottery_place_bet, game), { ...input, idempotencyKey })).data;
}

import type {
  LotteryVoidsPage,
  PlaceWingoBetInput,
  PlaceWingoBetResult,
  WingoBetsPage,
  WingoFairness,
  WingoHistoryPage,
  WingoRoomId,
  WingoRoomState,
  WingoTrend,
} from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from '../../lib/api-client';
import type { InfiniteSpec } from '../../lib/infinite-resource';
import type { ResourceSpec } from '../../lib/resource';
import { noteServerTime } from '../../lib/server-clock';
import { authedApi } from '../../lib/session';

/** Wingo's reads and its one money action, as resource specs of the app's one resource layer. */

type Data<T> = { data: T };
const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return `?${search.toString()}`;
};

/** Resource keys: one prefix per kind so a refresh can name them (`keyMatches`). */
export const WINGO_KEYS = {
  state: 'wingo-state',
  history: 'wingo-history',
  trend: 'wingo-trend',
  myBets: 'wingo-my-bets',
  fairness: 'wingo-fairness',
} as const;

export function roomStateResource(room: WingoRoomId): ResourceSpec<WingoRoomState> {
  return {
    key: `${WINGO_KEYS.state}:${room}`,
    staleMs: 1_000,
    fetch: async (signal) => {
      const sentAtMs = Date.now();
      const state = (await api.get<Data<WingoRoomState>>(API_PATHS.wingo_state + query({ room }), { signal })).data;
      // The answer's own millisecond clock is finer than the Date header's whole seconds.
      noteServerTime(state.serverTimeMs, sentAtMs, Date.now());
      return state;
    },
  };
}

export function historyResource(room: WingoRoomId): InfiniteSpec<WingoHistoryPage> {
  return {
    key: `${WINGO_KEYS.history}:${room}`,
    staleMs: 5_000,
    fetchPage: async (before, signal) =>
      (await api.get<Data<WingoHistoryPage>>(API_PATHS.wingo_history + query({ room, limit: 10, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

export function trendResource(room: WingoRoomId): ResourceSpec<WingoTrend> {
  return {
    key: `${WINGO_KEYS.trend}:${room}`,
    staleMs: 5_000,
    fetch: async (signal) => (await api.get<Data<WingoTrend>>(API_PATHS.wingo_trend + query({ room, count: 100 }), { signal })).data,
  };
}

/** The player's bets, optionally in one room (`room` undefined = every room). */
export function myBetsResource(room: WingoRoomId | undefined): InfiniteSpec<WingoBetsPage> {
  return {
    key: `${WINGO_KEYS.myBets}:${room ?? 'all'}`,
    staleMs: 5_000,
    fetchPage: async (before, signal) =>
      (await authedApi.get<Data<WingoBetsPage>>(API_PATHS.wingo_my_bets + query({ room, limit: 20, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

export function fairnessResource(period: string): ResourceSpec<WingoFairness> {
  return {
    key: `${WINGO_KEYS.fairness}:${period}`,
    // A drawn round's data never changes.
    staleMs: Number.POSITIVE_INFINITY,
    fetch: async (signal) => (await api.get<Data<WingoFairness>>(API_PATHS.wingo_fairness + query({ period }), { signal })).data,
  };
}

/**
 * A room's voided rounds of any game (decision 384), newest first, each with what it would have
 * drawn and paid: the fairness screens list them so anyone can see voids do not fall on the house's losses.
 */
export function voidsResource(game: 'wingo' | 'k3' | '5d' | 'trx', room: string): InfiniteSpec<LotteryVoidsPage> {
  return {
    key: `lottery-voids:${game}:${room}`,
    staleMs: 30_000,
    fetchPage: async (before, signal) =>
      (await api.get<Data<LotteryVoidsPage>>(LAZY_API_PATHS.lottery_voids.replace(':game', game) + query({ room, limit: 20, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

export type BetIntent = Omit<PlaceWingoBetInput, 'idempotencyKey'>;

/** Places a bet (the money action's perform function): the key comes from useMoneyAction. */
export async function placeBet(input: BetIntent, idempotencyKey: string): Promise<PlaceWingoBetResult> {
  return (await authedApi.post<Data<PlaceWingoBetResult>>(API_PATHS.wingo_place_bet, { ...input, idempotencyKey })).data;
}

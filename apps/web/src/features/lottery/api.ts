import type {
  LotteryBetsPage,
  LotteryFairness,
  LotteryGameId,
  LotteryHistoryPage,
  LotteryRoomId,
  LotteryRoomState,
  LotteryTrend,
  LotteryVoidsPage,
  PlaceLotteryBetInput,
  PlaceLotteryBetResult,
  PlaceLotterySlipInput,
  PlaceLotterySlipResult,
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
import { api, ApiError } from '../../lib/api-client';
import type { InfiniteSpec } from '../../lib/infinite-resource';
import type { ResourceSpec } from '../../lib/resource';
import { noteServerTime } from '../../lib/server-clock';
import { authedApi } from '../../lib/session';
import type { StakeIntent } from './bet-sheet';
import { REFUSALS_TO_RETRY_OVER_HTTP, sendBetOverSocket, type SocketBetOf, type SocketBetResultOf } from './socket-bets';

/**
 * Every lottery game's reads and its one money action, as resource specs of the app's one
 * resource layer: one set for the four games (decision 465). K3, 5D and Trx Win are read from
 * the generic routes `/api/lottery/:game/...` (decision 332); Wingo, the one-value case, from its
 * own routes, whose answers are its derived shapes (packages/contract/src/wingo.ts).
 */

/** Any lottery game of the screens: Wingo or one on the generic routes. */
export type ScreenGame = 'wingo' | LotteryGameId;

/** What each kind of read answers, for Wingo and for the generic games. */
interface Shapes<G extends ScreenGame> {
  state: G extends 'wingo' ? WingoRoomState : LotteryRoomState;
  history: G extends 'wingo' ? WingoHistoryPage : LotteryHistoryPage;
  trend: G extends 'wingo' ? WingoTrend : LotteryTrend;
  'my-bets': G extends 'wingo' ? WingoBetsPage : LotteryBetsPage;
  fairness: G extends 'wingo' ? WingoFairness : LotteryFairness;
}
type Kind = keyof Shapes<ScreenGame>;
export type RoomOf<G extends ScreenGame> = G extends 'wingo' ? WingoRoomId : LotteryRoomId;

const WINGO_PATHS: Record<Kind, string> = {
  state: API_PATHS.wingo_state,
  history: API_PATHS.wingo_history,
  trend: API_PATHS.wingo_trend,
  'my-bets': API_PATHS.wingo_my_bets,
  fairness: API_PATHS.wingo_fairness,
};
const GAME_PATHS: Record<Kind, string> = {
  state: API_PATHS.lottery_state,
  history: API_PATHS.lottery_history,
  trend: API_PATHS.lottery_trend,
  'my-bets': API_PATHS.lottery_my_bets,
  fairness: API_PATHS.lottery_fairness,
};
const pathOf = (game: ScreenGame, kind: Kind) => (game === 'wingo' ? WINGO_PATHS[kind] : GAME_PATHS[kind].replace(':game', game));

type Data<T> = { data: T };
const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return `?${search.toString()}`;
};

/** Resource keys: one prefix per game and kind so a refresh can name them (`keyMatches`). */
export const lotteryKey = (game: ScreenGame, kind: Kind, rest: string) => (game === 'wingo' ? `wingo-${kind}:${rest}` : `lottery-${game}-${kind}:${rest}`);

/** The read of a page of `kind` (newest first), from `before` on. */
function pagesOf<G extends ScreenGame, K extends 'history' | 'my-bets'>(game: G, kind: K, room: string | undefined, limit: number): InfiniteSpec<Shapes<G>[K]> {
  const client = kind === 'my-bets' ? authedApi : api;
  return {
    key: lotteryKey(game, kind, room ?? 'all'),
    staleMs: 5_000,
    fetchPage: async (before, signal) => (await client.get<Data<Shapes<G>[K]>>(pathOf(game, kind) + query({ room, limit, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => (page as { nextCursor: string | null }).nextCursor,
  };
}

export function stateResource<G extends ScreenGame>(game: G, room: RoomOf<G>): ResourceSpec<Shapes<G>['state']> {
  return {
    key: lotteryKey(game, 'state', room),
    staleMs: 1_000,
    fetch: async (signal) => {
      const sentAtMs = Date.now();
      const state = (await api.get<Data<Shapes<G>['state']>>(pathOf(game, 'state') + query({ room }), { signal })).data;
      // The countdown runs on the server's clock: the answer's own millisecond clock is finer than the Date header's whole seconds.
      noteServerTime(state.serverTimeMs, sentAtMs, Date.now());
      return state;
    },
  };
}

export const historyResource = <G extends ScreenGame>(game: G, room: RoomOf<G>) => pagesOf(game, 'history', room, 10);

/** The player's bets, optionally in one room (`room` undefined = every room of the game). */
export const myBetsResource = <G extends ScreenGame>(game: G, room: RoomOf<G> | undefined) => pagesOf(game, 'my-bets', room, 20);

export function trendResource<G extends ScreenGame>(game: G, room: RoomOf<G>): ResourceSpec<Shapes<G>['trend']> {
  return {
    key: lotteryKey(game, 'trend', room),
    staleMs: 5_000,
    fetch: async (signal) => (await api.get<Data<Shapes<G>['trend']>>(pathOf(game, 'trend') + query({ room, count: 100 }), { signal })).data,
  };
}

/** The fairness record's address: the verify screens read it, and link to it as JSON. */
export const fairnessUrl = (game: ScreenGame, period: string) => pathOf(game, 'fairness') + query({ period });

export function fairnessResource<G extends ScreenGame>(game: G, period: string): ResourceSpec<Shapes<G>['fairness']> {
  return {
    key: lotteryKey(game, 'fairness', period),
    // A drawn round's record never changes (one still locked is read again on the next visit).
    staleMs: 60_000,
    fetch: async (signal) => (await api.get<Data<Shapes<G>['fairness']>>(fairnessUrl(game, period), { signal })).data,
  };
}

/**
 * A room's voided rounds of any game (decision 384), newest first, each with what it would have
 * drawn and paid: the fairness screens list them so anyone can see voids do not fall on the house's losses.
 */
export function voidsResource(game: ScreenGame, room: string): InfiniteSpec<LotteryVoidsPage> {
  return {
    key: `lottery-voids:${game}:${room}`,
    staleMs: 30_000,
    fetchPage: async (before, signal) =>
      (await api.get<Data<LotteryVoidsPage>>(LAZY_API_PATHS.lottery_voids.replace(':game', game) + query({ room, limit: 20, before: before ?? undefined }), { signal })).data,
    nextCursor: (page) => page.nextCursor,
  };
}

export type BetIntent = Omit<PlaceWingoBetInput, 'idempotencyKey'>;

/**
 * A bet's way to the server (decisions 589, 590): over the game's signed-in socket when the page
 * has one, else over HTTP; HTTP also when the socket's answer is lost or is a refusal HTTP may
 * overcome (a token to refresh), with the same key, so the bet is placed at most once.
 */
async function betOverSocketOrHttp<G extends ScreenGame>(game: G, bet: SocketBetOf<G>, httpPath: string): Promise<SocketBetResultOf<G>> {
  const answer = await sendBetOverSocket(game, bet);
  if (answer?.kind === 'placed') return answer.result;
  if (answer?.kind === 'refused' && !REFUSALS_TO_RETRY_OVER_HTTP.includes(answer.error.code)) {
    const { code, message, issues, details } = answer.error;
    throw new ApiError(code, message, 0, issues, undefined, details);
  }
  return (await authedApi.post<Data<SocketBetResultOf<G>>>(httpPath, bet)).data;
}

/** Places a Wingo bet (the money action's perform function): the key comes from useMoneyAction. */
export const placeBet = (input: BetIntent, idempotencyKey: string): Promise<PlaceWingoBetResult> =>
  betOverSocketOrHttp('wingo', { ...input, idempotencyKey }, API_PATHS.wingo_place_bet);

/** Places a K3, 5D or Trx Win bet (the money action's perform function): the key comes from useMoneyAction. */
export function lotteryPlaceBet(game: LotteryGameId) {
  return (input: StakeIntent, idempotencyKey: string): Promise<PlaceLotteryBetResult> =>
    // The sheet's room is one the game's page offers (its room tabs are the game's rooms).
    betOverSocketOrHttp(game, { ...input, idempotencyKey } as PlaceLotteryBetInput, API_PATHS.lottery_place_bet.replace(':game', game));
}

/** A K3 or 5D slip without its key: the room, the period and each selection's stake. */
export type SlipIntent = Omit<PlaceLotterySlipInput, 'idempotencyKey'>;

/** Places a K3 or 5D slip, all its bets or none (decision 513; the money action's perform function). */
export function lotteryPlaceSlip(game: LotteryGameId) {
  return async (input: SlipIntent, idempotencyKey: string): Promise<PlaceLotterySlipResult> =>
    (await authedApi.post<Data<PlaceLotterySlipResult>>(LAZY_API_PATHS.lottery_place_slip.replace(':game', game), { ...input, idempotencyKey })).data;
}

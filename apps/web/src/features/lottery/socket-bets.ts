import type { ErrorCode, FieldIssue, LotteryGameId, PlaceLotteryBetInput, PlaceLotteryBetResult, PlaceWingoBetInput, PlaceWingoBetResult } from '@colorplay/contract';

/**
 * Bets over the page's signed-in socket (decision 589 for Wingo, 590 for K3, 5D and Trx Win; the
 * server's side is decisions 570 and 590). The game's socket (live.ts, its own chunk) registers
 * here while it is open and signed in; the bet's perform function (api.ts) asks here first and
 * falls back to HTTP, with the same idempotency key, whenever there is no such socket or its
 * answer is lost: the server then returns the bet the frame placed, if it did, or places it. This
 * module imports nothing at run time, so the bet code does not pull the socket's chunk in.
 */

/** A game of the lottery screens: Wingo or one of the generic routes. */
type Game = 'wingo' | LotteryGameId;
/** A game's bet input and its route's answer. */
export type SocketBetOf<G extends Game> = G extends 'wingo' ? PlaceWingoBetInput : PlaceLotteryBetInput;
export type SocketBetResultOf<G extends Game> = G extends 'wingo' ? PlaceWingoBetResult : PlaceLotteryBetResult;

/** The answer to a bet frame: placed (the HTTP route's data), refused (its error body), or lost (no answer: the socket dropped, or none came in time). */
export type SocketBetAnswer<R = PlaceWingoBetResult | PlaceLotteryBetResult> =
  | { kind: 'placed'; result: R }
  | { kind: 'refused'; error: { code: ErrorCode; message: string; issues?: FieldIssue[]; details?: Record<string, string | number | null> } }
  | { kind: 'lost' };

/** Sends a bet frame and resolves with its answer; null when the socket cannot take one now. */
export type SocketBetSender = (bet: PlaceWingoBetInput | PlaceLotteryBetInput) => Promise<SocketBetAnswer> | null;

// One socket per game page; a page shows one game, but a page leaving and the next arriving may overlap.
const senders = new Map<Game, SocketBetSender>();

/**
 * Registers the open socket's sender for `game`; the function returned unregisters it, and only
 * it: a page that leaves after the next page of the same game has registered keeps that one's.
 */
export function registerSocketBetSender(game: Game, sender: SocketBetSender): () => void {
  senders.set(game, sender);
  return () => {
    if (senders.get(game) === sender) senders.delete(game);
  };
}

/** The bet over the game's socket, or null for HTTP (no signed-in socket, or too many bets in flight on it). */
export function sendBetOverSocket<G extends Game>(game: G, bet: SocketBetOf<G>): Promise<SocketBetAnswer<SocketBetResultOf<G>>> | null {
  const sender = senders.get(game);
  return sender ? (sender(bet) as Promise<SocketBetAnswer<SocketBetResultOf<G>>> | null) : null;
}

/**
 * Refusals that HTTP may still turn into a bet: the socket had not signed in or its token had
 * expired (HTTP refreshes the token and retries), or the socket's own bound on bets in flight.
 * Every other refusal is the route's own answer and is final.
 */
export const REFUSALS_TO_RETRY_OVER_HTTP: readonly string[] = ['UNAUTHORIZED', 'RATE_LIMITED'];

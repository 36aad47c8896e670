import type { ErrorCode, FieldIssue, PlaceWingoBetInput, PlaceWingoBetResult } from '@colorplay/contract';

/**
 * Wingo bets over the page's signed-in socket (decision 589; the server's side is decision 570).
 * The socket (live.ts, its own chunk) registers here while it is open and signed in; the bet's
 * perform function (api.ts) asks here first and falls back to HTTP, with the same idempotency
 * key, whenever there is no such socket or its answer is lost: the server then returns the bet
 * the frame placed, if it did, or places it. This module imports nothing at run time, so the bet
 * code does not pull the socket's chunk in.
 */

/** The answer to a bet frame: placed (the HTTP route's data), refused (its error body), or lost (no answer: the socket dropped, or none came in time). */
export type SocketBetAnswer =
  | { kind: 'placed'; result: PlaceWingoBetResult }
  | { kind: 'refused'; error: { code: ErrorCode; message: string; issues?: FieldIssue[]; details?: Record<string, string | number | null> } }
  | { kind: 'lost' };

/** Sends a bet frame and resolves with its answer; null when the socket cannot take one now. */
export type SocketBetSender = (bet: PlaceWingoBetInput) => Promise<SocketBetAnswer> | null;

let sender: SocketBetSender | null = null;

/** The open Wingo socket's sender, or null when it closes. */
export function setSocketBetSender(next: SocketBetSender | null): void {
  sender = next;
}

/** The bet over the socket, or null for HTTP (no signed-in socket, or too many bets in flight on it). */
export function sendBetOverSocket(bet: PlaceWingoBetInput): Promise<SocketBetAnswer> | null {
  return sender ? sender(bet) : null;
}

/**
 * Refusals that HTTP may still turn into a bet: the socket had not signed in or its token had
 * expired (HTTP refreshes the token and retries), or the socket's own bound on bets in flight.
 * Every other refusal is the route's own answer and is final.
 */
export const REFUSALS_TO_RETRY_OVER_HTTP: readonly string[] = ['UNAUTHORIZED', 'RATE_LIMITED'];

import type { LotteryBet, WingoBet } from '@colorplay/contract';
import { useEffect, useRef, useState } from 'react';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { refetchResource } from '../../lib/resource';
import { lotteryKey, myBetsResource, type ScreenGame } from './api';
import { refreshRound } from './use-live-sync';
import { useRefreshKeyEffect } from './use-refresh';
import { useWingo } from './wingo-context';

/** What the player's bets of one period came to, once none of them is pending any more. */
interface Tally {
  stakeMinor: number;
  payoutMinor: number;
  result: 'won' | 'lost' | 'refunded';
}

type AnyBet = Pick<LotteryBet, 'period' | 'status' | 'totalMinor' | 'payoutMinor'>;

function tally(period: string, bets: readonly AnyBet[]): Tally | null {
  const mine = bets.filter((b) => b.period === period);
  if (mine.length === 0 || mine.some((b) => b.status === 'pending')) return null;
  const payoutMinor = mine.reduce((sum, b) => sum + b.payoutMinor, 0);
  const stakeMinor = mine.reduce((sum, b) => sum + b.totalMinor, 0);
  const result = mine.every((b) => b.status === 'refunded') ? 'refunded' : mine.some((b) => b.status === 'won') ? 'won' : 'lost';
  return { stakeMinor, payoutMinor, result };
}

/** A settled Wingo round of the player's, for the result popup. */
export interface SettledRound {
  period: string;
  digit: number | null;
  stakeMinor: number;
  payoutMinor: number;
  outcome: 'won' | 'lost' | 'refunded';
}

/** The result of the player's Wingo bets in one period, once none of them is pending any more. */
export function settledRound(period: string, bets: readonly WingoBet[]): SettledRound | null {
  const t = tally(period, bets);
  return t && { period, digit: bets.find((b) => b.period === period)!.resultDigit, stakeMinor: t.stakeMinor, payoutMinor: t.payoutMinor, outcome: t.result };
}

/** A settled K3/5D/Trx Win round of the player's, for the result popup. */
export interface LotterySettled {
  period: string;
  outcome: readonly number[] | null;
  stakeMinor: number;
  payoutMinor: number;
  result: 'won' | 'lost' | 'refunded';
}

/** The result of the player's bets in one period of a generic game, once none of them is pending any more. */
export function lotterySettled(period: string, bets: readonly LotteryBet[]): LotterySettled | null {
  const t = tally(period, bets);
  return t && { period, outcome: bets.find((b) => b.period === period)!.outcome, stakeMinor: t.stakeMinor, payoutMinor: t.payoutMinor, result: t.result };
}

/** How often My history is read while a bet of this visit awaits its result and the socket is down. */
const PENDING_POLL_MS = 3_000;

/**
 * The bets this visit placed in the room shown, followed until they settle (every game: decision
 * 465): the first settled period is the result popup, closing it forgets the period. With the
 * socket open (`live`), results and settlements arrive as pushes; otherwise a new period reads the
 * history again and bets awaiting their result are polled.
 */
export function useSettlements<B extends AnyBet, R extends { period: string }>(
  game: ScreenGame,
  room: string,
  period: string,
  live: boolean,
  settle: (period: string, bets: readonly B[]) => R | null,
) {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  /** Periods (of the room shown) in which this visit placed bets not yet settled. */
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const myKey = lotteryKey(game, 'my-bets', room);
  const historyKey = lotteryKey(game, 'history', room);

  // A new period means the last one is being drawn: read its result (the socket pushes it when open).
  const lastPeriod = useRef(period);
  useEffect(() => {
    if (lastPeriod.current === period) return;
    lastPeriod.current = period;
    if (live) return;
    refreshRound(game, room);
    if (pending.size > 0) {
      incrementBetHistoryRefreshKey();
      incrementBalanceRefreshKey();
    }
  }, [period, game, room, live, pending.size, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey]);

  // The player's bets in this room: My history shows them, and they tell when a round settled.
  const myBets = useInfiniteResource(myBetsResource(game, room as never));
  const myItems = (myBets.pages as unknown as ReadonlyArray<{ items: readonly B[] }>).flatMap((p) => p.items);
  useRefreshKeyEffect('betHistory', () => void refetchResource(myKey));
  const popup = [...pending].map((p) => settle(p, myItems)).find((r) => r !== null) ?? null;
  const waiting = [...pending].some((p) => settle(p, myItems) === null);
  useEffect(() => {
    if (!waiting || live) return;
    const timer = setInterval(() => {
      void refetchResource(myKey);
      void refetchResource(historyKey);
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, myKey, historyKey, live]);
  // A settled round moved money: read the balance again (a push may have brought it already,
  // but with the socket down this is how the payout shows).
  const settledPeriod = popup?.period ?? null;
  useEffect(() => {
    if (settledPeriod !== null) incrementBalanceRefreshKey();
  }, [settledPeriod, incrementBalanceRefreshKey]);

  const closePopup = () => {
    if (!popup) return;
    setPending((current) => {
      const next = new Set(current);
      next.delete(popup.period);
      return next;
    });
  };
  const onPlaced = (result: { bet: { period: string } }) => {
    setPending((current) => new Set(current).add(result.bet.period));
    incrementBetHistoryRefreshKey();
  };
  /** Another room was chosen: this visit's bets there are no longer followed. */
  const forgetAll = () => setPending(new Set());
  return { popup, closePopup, onPlaced, forgetAll };
}

import type { Balance, LotteryBet, LotteryGameId, LotteryRoomId, LotteryRoundClock, LotteryServerMessage, PlaceLotteryBetResult } from '@colorplay/contract';
import { LOTTERY_ROOM_IDS } from '@colorplay/contract/lottery-constants';
import { MINUTE_ROOMS, roundAt } from '@colorplay/lottery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyBalance, BALANCE_KEY } from '../../../lib/balance';
import { useInfiniteResource } from '../../../lib/infinite-resource';
import { getResourceData, invalidateResources, keyMatches, refetchResource } from '../../../lib/resource';
import type { LiveStatus } from '../live';
import type { RoundView } from '../round-clock';
import { useLiveSocket, useResyncAfterDrop } from '../use-live';
import { useRefreshKeyEffect } from '../use-refresh';
import { useWingo } from '../wingo-context';
import { lotteryKey, lotteryMyBetsResource } from './api';

/**
 * Where a K3/5D room's round stands at server time `nowMs` (as Wingo's round-clock.ts): the
 * server's clock is the authority; once its round has ended the next one of the same schedule
 * (the rule package's room table, which the server uses too) follows, so the countdown never stalls.
 */
export function lotteryRoundView(room: LotteryRoomId, clock: LotteryRoundClock | null, nowMs: number): RoundView {
  const r = clock && clock.roomId === room && nowMs < clock.drawsAtMs ? clock : roundAt(MINUTE_ROOMS[room], nowMs);
  return {
    period: r.period,
    secondsLeft: Math.max(0, Math.ceil((r.drawsAtMs - nowMs) / 1000)),
    locked: nowMs >= r.locksAtMs,
    drawsAtMs: r.drawsAtMs,
    locksAtMs: r.locksAtMs,
  };
}

export const roundSecondsOf = (room: LotteryRoomId) => MINUTE_ROOMS[room].roundMs / 1000;

const storageKey = (game: LotteryGameId) => `colorplay.${game}.room`;

/** The room chosen last for this game on this device; the 1-minute room when none. */
export function storedLotteryRoom(game: LotteryGameId): LotteryRoomId {
  try {
    const value = localStorage.getItem(storageKey(game));
    return (LOTTERY_ROOM_IDS as readonly string[]).includes(value ?? '') ? (value as LotteryRoomId) : '1m';
  } catch {
    return '1m';
  }
}

export function rememberLotteryRoom(game: LotteryGameId, room: LotteryRoomId): void {
  try {
    localStorage.setItem(storageKey(game), room);
  } catch {
    // Storage may be off (private mode): the room is then only kept for this visit.
  }
}

/** A settled round of the player's, for the result popup. */
export interface LotterySettled {
  period: string;
  outcome: readonly number[] | null;
  payoutMinor: number;
  result: 'won' | 'lost' | 'refunded';
}

/** The result of the player's bets in one period, once none of them is pending any more. */
export function lotterySettled(period: string, bets: readonly LotteryBet[]): LotterySettled | null {
  const mine = bets.filter((b) => b.period === period);
  if (mine.length === 0 || mine.some((b) => b.status === 'pending')) return null;
  const payoutMinor = mine.reduce((sum, b) => sum + b.payoutMinor, 0);
  const result = mine.every((b) => b.status === 'refunded') ? 'refunded' : mine.some((b) => b.status === 'won') ? 'won' : 'lost';
  return { period, outcome: mine[0]!.outcome, payoutMinor, result };
}

/** How often My history is read while a bet of this visit awaits its result and the socket is down. */
const PENDING_POLL_MS = 3_000;

/** Reads a room's results again: its history and chart. */
export function refreshLotteryRound(game: LotteryGameId, room: LotteryRoomId): void {
  invalidateResources(keyMatches(lotteryKey(game, 'history', room), lotteryKey(game, 'trend', room)));
}

/**
 * The game's socket (decision 361: Wingo's live client on `/api/lottery/:game/live`), applied to
 * the screen: the room shown is subscribed, its results refresh its history and chart, balance
 * pushes and settlements update the balance and My history; after a drop, what was missed is read
 * again. While the status is not 'open' the screen polls instead (the caller's choice).
 */
export function useLotteryLiveSync(game: LotteryGameId, room: LotteryRoomId): { status: LiveStatus; clocks: Partial<Record<string, LotteryRoundClock>> } {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  }, [room]);
  const onMessage = useCallback(
    (message: LotteryServerMessage) => {
      if (message.type === 'result') {
        refreshLotteryRound(game, message.result.roomId);
      } else if (message.type === 'balance' || message.type === 'betsSettled') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
        if (message.type === 'betsSettled') incrementBetHistoryRefreshKey();
      }
    },
    [game, incrementBetHistoryRefreshKey],
  );
  const live = useLiveSocket<LotteryServerMessage, LotteryRoundClock>(game, onMessage, room);

  useResyncAfterDrop(live.status, () => {
    refreshLotteryRound(game, roomRef.current);
    incrementBetHistoryRefreshKey();
    incrementBalanceRefreshKey();
  });
  return live;
}

/**
 * The bets this visit placed in the room shown, followed until they settle (Wingo's
 * use-settlements.ts, for the generic routes): the first settled period is the result popup.
 * With the socket open (`live`), results and settlements arrive as pushes; otherwise a new period
 * reads the history again and bets awaiting their result are polled.
 */
export function useLotterySettlements(game: LotteryGameId, room: LotteryRoomId, period: string, live = false) {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const myKey = lotteryKey(game, 'my-bets', room);
  const historyKey = lotteryKey(game, 'history', room);

  // A new period means the last one is being drawn: read the history again (the socket pushes it when open).
  const lastPeriod = useRef(period);
  useEffect(() => {
    if (lastPeriod.current === period) return;
    lastPeriod.current = period;
    if (live) return;
    void refetchResource(historyKey);
    void refetchResource(lotteryKey(game, 'trend', room));
  }, [period, historyKey, game, room, live]);

  const myBets = useInfiniteResource(lotteryMyBetsResource(game, room));
  const myItems = myBets.pages.flatMap((p) => p.items);
  useRefreshKeyEffect('betHistory', () => void refetchResource(myKey));
  const popup = [...pending].map((p) => lotterySettled(p, myItems)).find((r) => r !== null) ?? null;
  const waiting = [...pending].some((p) => lotterySettled(p, myItems) === null);
  useEffect(() => {
    if (!waiting || live) return;
    const timer = setInterval(() => {
      void refetchResource(myKey);
      void refetchResource(historyKey);
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, myKey, historyKey, live]);
  // A settled round moved money: read the balance again.
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
  const onPlaced = (result: PlaceLotteryBetResult) => {
    setPending((current) => new Set(current).add(result.bet.period));
    incrementBetHistoryRefreshKey();
  };
  const forgetAll = () => setPending(new Set());
  return { popup, closePopup, onPlaced, forgetAll };
}

import type { PlaceWingoBetResult, WingoRoomId } from '@colorplay/contract';
import { useEffect, useRef, useState } from 'react';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { refetchResource } from '../../lib/resource';
import { myBetsResource, WINGO_KEYS } from './api';
import { settledRound } from './settled-round';
import { refreshRound } from './use-live-sync';
import { useRefreshKeyEffect } from './use-refresh';
import { useWingo } from './wingo-context';

/** How often My history is read while a bet of this visit awaits its result. */
const PENDING_POLL_MS = 3_000;

/**
 * The bets this visit placed in the room shown, followed until they settle: a new period reads
 * the last one's result, the first settled period is the result popup, and those still waiting
 * are polled (the socket may be down).
 */
export function useSettlements(room: WingoRoomId, period: string) {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  /** Periods (of the room shown) in which this visit placed bets not yet settled. */
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  }, [room]);

  // A new period means the last one was drawn: read its result (the socket may be down).
  const lastPeriod = useRef(period);
  useEffect(() => {
    if (lastPeriod.current === period) return;
    lastPeriod.current = period;
    refreshRound(room);
    if (pending.size > 0) {
      incrementBetHistoryRefreshKey();
      incrementBalanceRefreshKey();
    }
  }, [period, room, pending.size, incrementBetHistoryRefreshKey, incrementBalanceRefreshKey]);

  // The player's bets in this room: My history shows them, and they tell when a round settled.
  const myBets = useInfiniteResource(myBetsResource(room));
  const myItems = myBets.pages.flatMap((p) => p.items);
  useRefreshKeyEffect('betHistory', () => void refetchResource(`${WINGO_KEYS.myBets}:${room}`));
  // The first of this visit's periods whose bets are all settled is shown in the result popup;
  // closing it forgets the period. Those still waiting are polled (the socket may be down).
  const popup = [...pending].map((p) => settledRound(p, myItems)).find((r) => r !== null) ?? null;
  const waiting = [...pending].some((p) => settledRound(p, myItems) === null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetchResource(`${WINGO_KEYS.myBets}:${roomRef.current}`), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);
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
  const onPlaced = (result: PlaceWingoBetResult) => {
    setPending((current) => new Set(current).add(result.bet.period));
    incrementBetHistoryRefreshKey();
  };
  /** Another room was chosen: this visit's bets there are no longer followed. */
  const forgetAll = () => setPending(new Set());

  return { popup, closePopup, onPlaced, forgetAll };
}

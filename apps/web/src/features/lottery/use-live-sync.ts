import type { Balance, LotteryRoomId, WingoRoomId } from '@colorplay/contract';
import { useCallback, useEffect, useRef } from 'react';
import { applyBalance, BALANCE_KEY } from '../../lib/balance';
import { getResourceData, invalidateResources, keyMatches } from '../../lib/resource';
import { lotteryKey, type ScreenGame } from './api';
import type { LiveMessage } from './live';
import { useLiveSocket, useResyncAfterDrop } from './use-live';
import { useWingo } from './wingo-context';

/** Reads a room's results again: its history and chart. */
export function refreshRound(game: ScreenGame, room: string): void {
  invalidateResources(keyMatches(lotteryKey(game, 'history', room), lotteryKey(game, 'trend', room)));
}

/**
 * The game's socket (Wingo's, or a generic game's on `/api/lottery/:game/live`: decision 361),
 * applied to the screen: the room shown is subscribed (decision 365), its results refresh its
 * history and chart, balance pushes and settlements update the balance and My history; after a
 * drop, what was missed is read again. While the status is not 'open' the screen polls instead.
 */
export function useLiveSync<C extends { roomId: string }>(game: ScreenGame, room: LotteryRoomId | WingoRoomId) {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  }, [room]);
  const onMessage = useCallback(
    (message: LiveMessage<C>) => {
      if (message.type === 'result') {
        refreshRound(game, message.result.roomId);
      } else if (message.type === 'balance' || message.type === 'betsSettled') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
        if (message.type === 'betsSettled') incrementBetHistoryRefreshKey();
      }
    },
    [game, incrementBetHistoryRefreshKey],
  );
  const live = useLiveSocket<LiveMessage<C>, C>(game === 'wingo' ? null : game, onMessage, room);

  useResyncAfterDrop(live.status, () => {
    refreshRound(game, roomRef.current);
    incrementBetHistoryRefreshKey();
    incrementBalanceRefreshKey();
  });
  return live;
}

import type { Balance, WingoRoomId, WingoServerMessage } from '@colorplay/contract';
import { useCallback, useEffect, useRef } from 'react';
import { applyBalance, BALANCE_KEY } from '../../lib/balance';
import { getResourceData, invalidateResources, keyMatches } from '../../lib/resource';
import { WINGO_KEYS } from './api';
import { useResyncAfterDrop, useWingoLive } from './use-live';
import { useWingo } from './wingo-context';

/** Reads a room's results again: its history and trend chart. */
export function refreshRound(roomId: WingoRoomId): void {
  invalidateResources(keyMatches(`${WINGO_KEYS.history}:${roomId}`, `${WINGO_KEYS.trend}:${roomId}`));
}

/**
 * The Wingo socket, applied to the screen: the shown room's results refresh its lists, balance pushes
 * update the balance, settlements refresh My history; after a drop, what was missed is read again.
 */
export function useWingoLiveSync(room: WingoRoomId) {
  const { incrementBetHistoryRefreshKey, incrementBalanceRefreshKey } = useWingo();
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  }, [room]);

  const onMessage = useCallback(
    (message: WingoServerMessage) => {
      if (message.type === 'result') {
        refreshRound(message.result.roomId);
      } else if (message.type === 'balance') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
      } else if (message.type === 'betsSettled') {
        const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
        applyBalance({ balanceMinor: message.balanceMinor, currency });
        incrementBetHistoryRefreshKey();
      }
    },
    [incrementBetHistoryRefreshKey],
  );
  // The shown room's results only (decision 365): a room shown again is read again by
  // useSettlements, whose period changes with the room.
  const live = useWingoLive(room, onMessage);

  useResyncAfterDrop(live.status, () => {
    refreshRound(roomRef.current);
    incrementBetHistoryRefreshKey();
    incrementBalanceRefreshKey();
  });

  return live;
}

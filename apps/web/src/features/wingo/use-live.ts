import type { WingoRoomId, WingoRoundClock, WingoServerMessage } from '@colorplay/contract';
import { useEffect, useRef, useState } from 'react';
import { env } from '../../config/env';
import { noteServerTime } from '../../lib/server-clock';
import { readStoredToken, useSession } from '../../lib/session';
import { liveUrl, WingoLive, type LiveStatus } from './live';

export interface Live {
  status: LiveStatus;
  /** The latest clock of each room from the socket. */
  clocks: Partial<Record<WingoRoomId, WingoRoundClock>>;
}

/**
 * One Wingo socket for the page while it is shown. `onMessage` sees every message (results,
 * balance changes, settled bets); clocks are kept here.
 */
export function useWingoLive(onMessage: (message: WingoServerMessage) => void): Live {
  // Without WebSocket support the page polls from the start.
  const [status, setStatus] = useState<LiveStatus>(() => (typeof WebSocket === 'undefined' ? 'down' : 'connecting'));
  const [clocks, setClocks] = useState<Live['clocks']>({});
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const { token } = useSession();
  const live = useRef<WingoLive | null>(null);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const connection = new WingoLive({
      url: liveUrl(env.apiBaseUrl),
      getToken: readStoredToken,
      onStatus: setStatus,
      onMessage: (message) => {
        if (message.type === 'clock') {
          const receivedAtMs = Date.now();
          noteServerTime(message.serverTimeMs, receivedAtMs, receivedAtMs);
          setClocks(Object.fromEntries(message.rounds.map((round) => [round.roomId, round])));
        }
        handler.current(message);
      },
    });
    live.current = connection;
    connection.start();
    return () => {
      connection.stop();
      live.current = null;
    };
  }, []);

  // A new token (login, refresh) is sent on the open socket so balance pushes keep coming.
  useEffect(() => {
    live.current?.authenticate();
  }, [token]);

  return { status, clocks };
}

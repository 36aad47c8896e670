import type { LotteryGameId, LotteryRoomId, WingoRoomId } from '@colorplay/contract';
import { useEffect, useRef, useState } from 'react';
import { env } from '../../config/env';
import { noteServerTime } from '../../lib/server-clock';
import { readStoredToken, useSession } from '../../lib/session';
import type { LiveSocket, LiveStatus } from './live';
import { registerSocketBetSender } from './socket-bets';

/** What every socket's clock message carries. */
type ClockMessage<C> = { type: 'clock'; serverTimeMs: number; rounds: C[] };

/** Whether a clock message's rounds are those already kept (each round's fields, every room). */
function sameRounds<C extends { roomId: string }>(kept: Partial<Record<string, C>>, rounds: readonly C[]): boolean {
  if (Object.keys(kept).length !== rounds.length) return false;
  return rounds.every((round) => {
    const before = kept[round.roomId] as Record<string, unknown> | undefined;
    return before !== undefined && Object.entries(round).every(([field, value]) => before[field] === value);
  });
}

/**
 * One socket for the page while it is shown (Wingo's when `game` is null, or a generic game's:
 * decision 361). `onMessage` sees every message; the clocks are kept here and correct the server
 * clock. `room` is the room whose results the socket carries (decision 365); a new one is sent
 * on the open socket.
 */
export function useLiveSocket<M extends { type: string }, C extends { roomId: string }>(
  game: LotteryGameId | null,
  onMessage: (message: M) => void,
  room?: LotteryRoomId | WingoRoomId,
): { status: LiveStatus; clocks: Partial<Record<string, C>> } {
  // Without WebSocket support the page polls from the start.
  const [status, setStatus] = useState<LiveStatus>(() => (typeof WebSocket === 'undefined' ? 'down' : 'connecting'));
  const [clocks, setClocks] = useState<Partial<Record<string, C>>>({});
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const { token } = useSession();
  const live = useRef<LiveSocket<M> | null>(null);
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  });

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let connection: LiveSocket<M> | null = null;
    let ended = false;
    let unregisterBets: (() => void) | undefined;
    // The socket's code comes with the contract's message schemas, and with them every schema of
    // the contract and zod (about 40 KB gzip): a chunk of its own, fetched once the page has
    // rendered, so a cold visit does not download and run it before the round panel can paint
    // (decision 370). Meanwhile the page reads over HTTP, as it does whenever the socket is down.
    import('./live').then(
      (code) => {
        if (ended) return;
        connection = new code.LiveSocket<M>({
          url: game === null ? code.liveUrl(env.apiBaseUrl) : code.lotteryLiveUrl(env.apiBaseUrl, game),
          getToken: readStoredToken,
          onStatus: setStatus,
          ...(game === null ? {} : { parse: code.parseLotteryMessage as unknown as (data: unknown) => M | null }),
          onMessage: (message) => {
            if (message.type === 'clock') {
              const clock = message as unknown as ClockMessage<C>;
              const receivedAtMs = Date.now();
              noteServerTime(clock.serverTimeMs, receivedAtMs, receivedAtMs);
              // The same rounds every second until one ends: keeping the state then spares the
              // page a render per message (a long task on a slow phone, decision 580).
              setClocks((current) => (sameRounds(current, clock.rounds) ? current : Object.fromEntries(clock.rounds.map((round) => [round.roomId, round]))));
            }
            handler.current(message);
          },
        });
        live.current = connection;
        // The game's socket takes the page's bets while it is signed in (decisions 589, 590).
        const socket = connection;
        unregisterBets = registerSocketBetSender(game ?? 'wingo', (bet) => socket.placeBet(bet));
        connection.start();
        // The room chosen while the code loaded (the room effect below found no socket then).
        if (roomRef.current !== undefined) connection.subscribe(roomRef.current);
      },
      // The chunk could not load (offline, a deploy replaced it): the page polls, as with a socket down.
      () => {
        if (!ended) setStatus('down');
      },
    );
    return () => {
      ended = true;
      unregisterBets?.();
      connection?.stop();
      live.current = null;
    };
  }, [game]);

  // The room shown: the socket carries its results from now on, and names it again after each
  // reconnect. A socket still loading its code finds the room in roomRef when it starts.
  useEffect(() => {
    if (room !== undefined) live.current?.subscribe(room);
  }, [room]);

  // A new token (login, refresh) is sent on the open socket so balance pushes keep coming.
  useEffect(() => {
    live.current?.authenticate();
  }, [token]);

  return { status, clocks };
}

/**
 * Calls `resync` when a socket that was open comes back after a drop (its node stopped, or
 * paused it while Redis was down): the results, settlements and balance pushed meanwhile were
 * missed, so the page reads them again now instead of waiting for the next round. Not on the
 * first open: the page has just read everything.
 */
export function useResyncAfterDrop(status: LiveStatus, resync: () => void): void {
  const wasLive = useRef(false);
  const dropped = useRef(false);
  const latest = useRef(resync);
  // The newest callback (effects run in order, so the one below sees it).
  useEffect(() => {
    latest.current = resync;
  });
  useEffect(() => {
    if (status !== 'open') {
      if (wasLive.current) dropped.current = true;
      return;
    }
    wasLive.current = true;
    if (!dropped.current) return;
    dropped.current = false;
    latest.current();
  }, [status]);
}

import { API_PATHS } from '@colorplay/contract/paths';
import { useEffect, useEffectEvent, useState } from 'react';
import { env } from '../../config/env';
import { readStoredToken, useSession } from '../../lib/session';

/** Reconnect waits: 500 ms doubling up to 30 s. */
const delayMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/**
 * Live updates of the player's tickets over the existing player socket (the lottery socket's
 * session messages, docs/support.md): `onUpdate(ticketId)` when one of them changes, and
 * `onUpdate(null)` after a reconnect (whatever happened meanwhile is read again). There is no
 * polling: while the socket is down the page shows what it has, and reads again on reconnect.
 * Answers whether the socket is signed in.
 */
export function useSupportLive(onUpdate: (ticketId: string | null) => void): boolean {
  const { token } = useSession();
  const [live, setLive] = useState(false);
  const notify = useEffectEvent((ticketId: string | null) => onUpdate(ticketId));

  useEffect(() => {
    if (!token) return undefined;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let reconnecting = false;
    const connect = () => {
      socket = new WebSocket(env.apiBaseUrl.replace(/^http/, 'ws') + API_PATHS.wingo_live);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', accessToken: readStoredToken() }));
      socket.onmessage = (event: MessageEvent<string>) => {
        let message: { type?: string; ticketId?: string };
        try {
          message = JSON.parse(event.data) as typeof message;
        } catch {
          return;
        }
        if (message.type === 'authenticated') {
          setLive(true);
          if (reconnecting) notify(null);
          attempt = 0;
        } else if (message.type === 'supportTicket' && typeof message.ticketId === 'string') {
          notify(message.ticketId);
        }
      };
      socket.onclose = () => {
        setLive(false);
        if (stopped) return;
        reconnecting = true;
        timer = setTimeout(connect, delayMs(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token]);
  return live;
}

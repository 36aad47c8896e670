import fastifyWebsocket from '@fastify/websocket';
import { API_PATHS, WingoClientMessageSchema, type DomainEvent, type WingoRoomId, type WingoServerMessage } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../events';
import { wingoResultFace } from './rules';
import type { LotteryService } from './service';

export type LotteryLiveOptions = {
  lottery: LotteryService;
  bus: Bus;
  /**
   * The access-token check of the auth module (a bearer header value in, the claims out). It
   * answers from the node's session cache when it can (decision 202), so a sign-in costs no
   * database round trip for a session this node checked recently.
   */
  authenticate: (bearer: string | undefined) => Promise<{ playerId: number; sessionId: string }>;
  /** How often each socket gets the room clock (ms). */
  clockEveryMs?: number;
};

/** Whom a socket is signed in as, if anyone: the player and the session of the token it sent. */
type SocketState = { playerId: number | null; sessionId: string | null };

/** Largest client message accepted; the only real one is an access token. */
const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * WebSocket close code 1013 "Try Again Later": this node's event bus is down (Redis unreachable),
 * so its sockets would keep ticking the clock but miss results and settlements. Closing them makes
 * clients fall back to polling the HTTP state and reconnect with their backoff (decision 233).
 */
export const LIVE_PAUSED_CLOSE_CODE = 1013;

/**
 * The Wingo socket: the room clock every second with the server time (clients correct their
 * countdown with it), every draw result, and the authenticated player's settlements and balance.
 * The token comes in the first message, never in the URL (URLs end up in logs). Results and
 * settlements arrive through the bus, so with REDIS_URL a socket on any node hears every node's
 * draws. Everything here is also available over HTTP (the screen's fallback when the socket is down).
 */
export const lotteryLive: FastifyPluginAsync<LotteryLiveOptions> = async (app, { lottery, bus, authenticate, clockEveryMs = 1_000 }) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const sockets = new Map<WebSocket, SocketState>();

  // Sockets of each authenticated player, so a settlement reaches its player without a scan of
  // every socket (a round settles thousands of players; a node holds thousands of sockets).
  const byPlayer = new Map<number, Set<WebSocket>>();

  const send = (socket: WebSocket, message: WingoServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  /** One message to many sockets: serialised once, not once per socket. */
  const broadcast = (targets: Iterable<WebSocket>, message: WingoServerMessage) => {
    const text = JSON.stringify(message);
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(text);
  };

  /** Forgets whom a socket was signed in as (it stays open for the public messages). */
  const signOut = (socket: WebSocket, state: SocketState) => {
    if (state.playerId === null) return;
    const set = byPlayer.get(state.playerId);
    set?.delete(socket);
    if (set?.size === 0) byPlayer.delete(state.playerId);
    state.playerId = null;
    state.sessionId = null;
  };

  const unsubscribe = bus.subscribe((event: DomainEvent) => {
    if (event.name === 'RoundDrawn' && event.payload.game === 'wingo') {
      const p = event.payload;
      const face = wingoResultFace(p.digit);
      const message: WingoServerMessage = {
        type: 'result',
        result: { roomId: p.roomId as WingoRoomId, period: p.period, status: p.status, digit: p.digit, colours: face.colours, size: face.size, drawnAtMs: p.drawnAtMs },
      };
      broadcast(sockets.keys(), message);
    } else if (event.name === 'RoundPlayersSettled' && event.payload.game === 'wingo') {
      const p = event.payload;
      const roomId = p.roomId as WingoRoomId;
      for (let i = 0; i < p.playerIds.length; i++) {
        const mine = byPlayer.get(p.playerIds[i]!);
        if (!mine) continue;
        const balanceMinor = p.balancesMinor[i]!;
        broadcast(mine, { type: 'betsSettled', roomId, period: p.period, bets: p.bets[i]!, payoutMinor: p.payoutsMinor[i]!, balanceMinor });
        broadcast(mine, { type: 'balance', balanceMinor, reason: 'lottery_settlement' });
      }
    } else if (event.name === 'BetsSettled' && event.payload.game === 'wingo') {
      const p = event.payload;
      const mine = byPlayer.get(p.playerId);
      if (!mine) return;
      broadcast(mine, { type: 'betsSettled', roomId: p.roomId as WingoRoomId, period: p.period, bets: p.bets, payoutMinor: p.payoutMinor, balanceMinor: p.balanceMinor });
      broadcast(mine, { type: 'balance', balanceMinor: p.balanceMinor, reason: 'lottery_settlement' });
    } else if (event.name === 'SessionsRevoked') {
      // A socket signed in with a session that has ended (logout, password reset, a reused
      // refresh token) stops hearing the player's settlements and balance the moment the event
      // reaches this node, as the session cache forgets it; it keeps the public clock and results.
      const { playerId, sessionId } = event.payload;
      for (const socket of [...(byPlayer.get(playerId) ?? [])]) {
        const state = sockets.get(socket);
        if (!state || (sessionId !== null && state.sessionId !== sessionId)) continue;
        signOut(socket, state);
        send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'The session has ended' });
      }
    }
  });

  const timer = setInterval(() => {
    if (sockets.size === 0) return;
    broadcast(sockets.keys(), { type: 'clock', ...lottery.clocks() });
  }, clockEveryMs);
  timer.unref();

  const busUp = () => bus.connected?.() ?? true;
  const stopWatchingBus = bus.onConnectionChange?.((up) => {
    if (up) return;
    for (const socket of sockets.keys()) socket.close(LIVE_PAUSED_CLOSE_CODE, 'live updates paused');
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    stopWatchingBus?.();
    for (const socket of sockets.keys()) socket.close(1001, 'server shutting down');
  });

  app.get(API_PATHS.wingo_live, { websocket: true, schema: { hide: true } }, (socket) => {
    if (!busUp()) {
      socket.close(LIVE_PAUSED_CLOSE_CODE, 'live updates paused');
      return;
    }
    const state: SocketState = { playerId: null, sessionId: null };
    sockets.set(socket, state);
    send(socket, { type: 'clock', ...lottery.clocks() });
    socket.on('close', () => {
      signOut(socket, state);
      sockets.delete(socket);
    });
    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        send(socket, { type: 'error', code: 'MALFORMED_JSON', message: 'Messages are JSON objects' });
        return;
      }
      const message = WingoClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown or malformed message' });
        return;
      }
      if (message.data.type === 'ping') {
        send(socket, { type: 'pong', serverTimeMs: lottery.clocks().serverTimeMs, ...(message.data.clientTimeMs !== undefined ? { clientTimeMs: message.data.clientTimeMs } : {}) });
        return;
      }
      authenticate(`Bearer ${message.data.accessToken}`).then(
        (claims) => {
          if (socket.readyState !== socket.OPEN) return;
          signOut(socket, state);
          state.playerId = claims.playerId;
          state.sessionId = claims.sessionId;
          let set = byPlayer.get(claims.playerId);
          if (!set) byPlayer.set(claims.playerId, (set = new Set()));
          set.add(socket);
          send(socket, { type: 'authenticated', playerId: claims.playerId });
        },
        () => send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'The access token is not valid' }),
      );
    });
  });
};

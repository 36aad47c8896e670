import fastifyWebsocket from '@fastify/websocket';
import {
  API_PATHS,
  LAZY_API_PATHS,
  LOTTERY_ROUTE_GAMES,
  LotteryBetFrameSchema,
  LotteryClientMessageSchema,
  LotteryGameParamsSchema,
  WingoBetFrameSchema,
  WingoClientMessageSchema,
  type DomainEvent,
  type ErrorResponse,
  type LotteryGameId,
  type LotteryResult,
  type LotteryRoomId,
  type LotteryServerMessage,
  type PlaceLotteryBetInput,
  type PlaceLotteryBetResult,
  type PlaceWingoBetInput,
  type PlaceWingoBetResult,
  type WingoRoomId,
  type WingoServerMessage,
} from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import type { WebSocket } from 'ws';
import type { Bus } from '../../events';
import { ENGINE_GAMES, engineGame } from './games';
import { wingoResultFace } from './rules';
import type { LotteryService } from './service';
import { summaryOf } from './views';
import { errorBodyOf } from '../../plugins/errors';
import { socketErrorHandler } from '../../plugins/socket-errors';

export type LotteryLiveOptions = {
  lottery: LotteryService;
  bus: Bus;
  /**
   * The access-token check of the auth module (a bearer header value in, the claims out). It
   * answers from the node's session cache when it can (decision 202), so a sign-in costs no
   * database round trip for a session this node checked recently.
   */
  authenticate: (bearer: string | undefined) => Promise<{ playerId: number; sessionId: string }>;
  /**
   * Called with every refusal of a socket bet, as the app's onError hook is with an HTTP bet's
   * (responsible gambling counts the refusals of a player's limits: decision 210).
   */
  noteRefusal?: (err: unknown) => Promise<void>;
  /** How often each socket gets the room clock (ms). */
  clockEveryMs?: number;
  /** Where `lottery_result_fanout_seconds` is exported (the app's /metrics). */
  registry?: Registry;
};

/**
 * A socket: its game ('wingo' on Wingo's path, else the `:game` of the generic path), the room
 * whose results it wants (a Wingo socket that has not subscribed hears every room: decision 365),
 * and whom it is signed in as, if anyone: the player and the session of the token it sent.
 */
type SocketState = {
  game: string;
  room: string | null;
  playerId: number | null;
  sessionId: string | null;
  /** The token the socket signed in with: each bet frame is checked with it again, as each HTTP bet is. */
  accessToken: string | null;
  /** Bet frames awaiting their answer. */
  betsInFlight: number;
};

const WINGO = 'wingo';
/** The room key of the Wingo sockets that have not subscribed to one room. */
const EVERY_ROOM = '*';

/** The generic games this node runs (the route admits LOTTERY_ROUTE_GAMES; one the engine does not run yet is refused). */
const servedGame = (game: string): game is LotteryGameId => game !== WINGO && (LOTTERY_ROUTE_GAMES as readonly string[]).includes(game) && ENGINE_GAMES.has(game);

/**
 * Sockets sent the clock per event-loop turn (about 2 ms of sends on the bench machine). A bet
 * frame that comes while a slice is sent is read, and stamped (decision 201), after it: with
 * slices of 1,000 (10 ms), frames sent 5-9 ms before a lock were stamped after it (decision 590).
 */
const CLOCK_SLICE = 200;

/** Largest client message accepted: an access token, or a bet frame. */
const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * Bet frames of one socket awaiting their answer (decision 570). A player's bets queue on their own
 * account row anyway; the cap keeps one socket from piling up unbounded work on the node. The HTTP
 * route has no per-player rate limit; a keep-alive connection has its requests answered in order.
 */
export const MAX_SOCKET_BETS_IN_FLIGHT = 16;

/**
 * WebSocket close code 1013 "Try Again Later": this node's event bus is down (Redis unreachable),
 * so its sockets would keep ticking the clock but miss results and settlements. Closing them makes
 * clients fall back to polling the HTTP state and reconnect with their backoff (decision 233).
 */
export const LIVE_PAUSED_CLOSE_CODE = 1013;

/**
 * The lottery sockets (decision 360). Wingo's socket every second with the server time (clients correct their
 * countdown with it), every draw result, and the authenticated player's settlements and balance.
 * The token comes in the first message, never in the URL (URLs end up in logs). Results and
 * settlements arrive through the bus, so with REDIS_URL a socket on any node hears every node's
 * draws. Everything here is also available over HTTP (the screen's fallback when the socket is down).
 *
 * The other games (K3, 5D, Trx Win) have one path each, `/api/lottery/:game/live`, on the same
 * machinery (sockets, sign-in, revocation, the bus-down close): Wingo's protocol with the game's
 * shapes, plus a room subscription, so a socket hears the results of the room its page shows and
 * its player's settlements in the game; the clock carries the game's rooms.
 */
export const lotteryLive: FastifyPluginAsync<LotteryLiveOptions> = async (app, { lottery, bus, authenticate, noteRefusal, clockEveryMs = 1_000, registry }) => {
  // From a round's draw to its result written to the last of this node's sockets: the outbox,
  // the bus and the loop over the sockets together (the fan-out alert, ops/prometheus/rules.yml).
  const fanout = new Histogram({
    name: 'lottery_result_fanout_seconds',
    help: 'Time from a round being drawn to its result sent to every socket of this node',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: registry ? [registry] : [],
  });
  // The socket bets, as http_request_duration_seconds counts the HTTP ones (by outcome: placed or the refusal's code).
  const socketBets = new Histogram({
    name: 'lottery_socket_bet_duration_seconds',
    help: 'Time from a bet frame reaching the node to its answer, by outcome (placed or the refusal code)',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: registry ? [registry] : [],
  });
  const fannedOut = (drawnAtMs: number) => () => fanout.observe(Math.max(0, lottery.now().getTime() - drawnAtMs) / 1000);
  // A stranger's oversized message is closed with 1009 and logged sparingly (decision 403).
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES }, errorHandler: socketErrorHandler(() => lottery.now().getTime()) });
  const sockets = new Map<WebSocket, SocketState>();
  /** Sockets of each game, and of each generic game's room (`game:room`): a message is sent to its own listeners only. */
  const byGame = new Map<string, Set<WebSocket>>();
  const byRoom = new Map<string, Set<WebSocket>>();
  const join = (index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(socket);
  };
  const leave = (index: Map<string, Set<WebSocket>>, key: string, socket: WebSocket) => {
    const set = index.get(key);
    set?.delete(socket);
    if (set?.size === 0) index.delete(key);
  };

  // Sockets of each authenticated player, so a settlement reaches its player without a scan of
  // every socket (a round settles thousands of players; a node holds thousands of sockets).
  const byPlayer = new Map<number, Set<WebSocket>>();

  type ServerMessage = WingoServerMessage | LotteryServerMessage;
  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  /**
   * One message to many sockets: serialised and encoded once, not once per socket (a draw goes
   * to thousands of sockets in one loop, and each send is a system call already).
   */
  const broadcast = (targets: Iterable<WebSocket>, message: ServerMessage, slice = Number.POSITIVE_INFINITY, done?: () => void) => {
    const bytes = Buffer.from(JSON.stringify(message));
    const list = [...targets];
    // With a slice size, one slice per event-loop turn: what comes meanwhile waits for a slice only.
    const sendFrom = (from: number) => {
      const to = Math.min(list.length, from + slice);
      for (let i = from; i < to; i++) if (list[i]!.readyState === list[i]!.OPEN) list[i]!.send(bytes, { binary: false });
      if (to < list.length) setImmediate(sendFrom, to);
      else done?.();
    };
    sendFrom(0);
  };

  /** Forgets whom a socket was signed in as (it stays open for the public messages). */
  const signOut = (socket: WebSocket, state: SocketState) => {
    if (state.playerId === null) return;
    const set = byPlayer.get(state.playerId);
    set?.delete(socket);
    if (set?.size === 0) byPlayer.delete(state.playerId);
    state.playerId = null;
    state.sessionId = null;
    state.accessToken = null;
  };

  /** A player's settlement in a round, to that player's sockets of the round's game. */
  function settled(mine: Set<WebSocket>, game: string, roomId: string, period: string, bets: number, payoutMinor: number, balanceMinor: number) {
    const targets = [...mine].filter((socket) => sockets.get(socket)?.game === game);
    if (targets.length === 0) return;
    if (game === WINGO) {
      broadcast(targets, { type: 'betsSettled', roomId: roomId as WingoRoomId, period, bets, payoutMinor, balanceMinor });
    } else if (servedGame(game)) {
      broadcast(targets, { type: 'betsSettled', game, roomId: roomId as LotteryRoomId, period, bets, payoutMinor, balanceMinor });
    } else {
      return;
    }
    broadcast(targets, { type: 'balance', balanceMinor, reason: 'lottery_settlement' });
  }

  /** A generic game's clock: each of its rooms' current round, and the server time. */
  const clockOf = (game: string): LotteryServerMessage => ({ type: 'clock', ...lottery.clocksOf(game) }) as LotteryServerMessage;
  const clockMessage = (game: string): ServerMessage => (game === WINGO ? { type: 'clock', ...lottery.clocks() } : clockOf(game));

  const unsubscribe = bus.subscribe((event: DomainEvent) => {
    if (event.name === 'RoundDrawn' && event.payload.game === 'wingo') {
      const p = event.payload;
      const face = wingoResultFace(p.digit);
      const message: WingoServerMessage = {
        type: 'result',
        result: { roomId: p.roomId as WingoRoomId, period: p.period, status: p.status, digit: p.digit, colours: face.colours, size: face.size, drawnAtMs: p.drawnAtMs },
      };
      // The room's subscribers, and the Wingo sockets that have not subscribed (they hear every room).
      broadcast([...(byRoom.get(`${WINGO}:${p.roomId}`) ?? []), ...(byRoom.get(`${WINGO}:${EVERY_ROOM}`) ?? [])], message, undefined, fannedOut(p.drawnAtMs));
    } else if (event.name === 'RoundDrawn' && servedGame(event.payload.game)) {
      const p = event.payload;
      const listeners = byRoom.get(`${p.game}:${p.roomId}`);
      if (!listeners) return;
      const outcome = p.status === 'voided' ? null : (p.outcome ?? null);
      const result: LotteryResult = {
        game: p.game as LotteryGameId,
        roomId: p.roomId as LotteryRoomId,
        period: p.period,
        status: p.status,
        outcome,
        summary: summaryOf(engineGame(p.game), outcome),
        drawnAtMs: p.drawnAtMs,
        block: outcome === null ? null : (p.block ?? null),
      };
      broadcast(listeners, { type: 'result', result }, undefined, fannedOut(p.drawnAtMs));
    } else if (event.name === 'RoundPlayersSettled') {
      const p = event.payload;
      for (let i = 0; i < p.playerIds.length; i++) {
        const mine = byPlayer.get(p.playerIds[i]!);
        if (!mine) continue;
        settled(mine, p.game, p.roomId, p.period, p.bets[i]!, p.payoutsMinor[i]!, p.balancesMinor[i]!);
      }
    } else if (event.name === 'BetsSettled') {
      const p = event.payload;
      const mine = byPlayer.get(p.playerId);
      if (mine) settled(mine, p.game, p.roomId, p.period, p.bets, p.payoutMinor, p.balanceMinor);
    } else if (event.name === 'AccountSuspensionChanged' && event.payload.suspended) {
      // An operator suspended the account (decision 420): the player's screens say so at once.
      // A bet (over HTTP or the socket) is refused in its transaction.
      for (const socket of byPlayer.get(event.payload.playerId) ?? []) {
        send(socket, { type: 'error', code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended. You can still withdraw and see your history.' });
      }
    } else if (event.name === 'AccountClosed') {
      // An operator closed the account (decision 440): the player's screens say so at once.
      for (const socket of byPlayer.get(event.payload.playerId) ?? []) {
        send(socket, { type: 'error', code: 'ACCOUNT_CLOSED', message: 'Your account is closed. You can still sign in and see your history.' });
      }
    } else if (event.name === 'SupportTicketUpdated') {
      // The Help thread listens here instead of polling (docs/support.md): it reads the ticket
      // again over HTTP, so the socket carries no message text.
      const { ticketId, playerId, status } = event.payload;
      for (const socket of byPlayer.get(playerId) ?? []) send(socket, { type: 'supportTicket', ticketId, status });
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

  // The clock goes out in slices: a result (or a bet's answer) that comes meanwhile waits for
  // one slice, not for every socket of the node. Results go out in one loop (sooner to all).
  const timer = setInterval(() => {
    for (const [game, listeners] of byGame) broadcast(listeners, clockMessage(game), CLOCK_SLICE);
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

  /** A bet frame's refusal: the HTTP route's error body, with the key the client matches it by. */
  const refuse = (socket: WebSocket, key: string | null, error: ErrorResponse['error'], receivedAt: Date) => {
    send(socket, { type: 'betRefused', idempotencyKey: key, error });
    socketBets.observe({ outcome: error.code }, (lottery.now().getTime() - receivedAt.getTime()) / 1000);
  };

  /**
   * A bet over the signed-in socket (decision 570; K3, 5D and Trx Win decision 590): the HTTP
   * route's checks in its order. Stamped on arrival (decision 201) before anything is read; who is
   * calling first (a socket not signed in is refused whatever the frame holds), then the
   * contract's validation (the socket's game's bet input), then the token and session again (an
   * expired token or an ended session stops bets as on HTTP), and the same call as the game's
   * route (`placeBet` for Wingo, `placeGameBet` for the others), so idempotent replay, limits and
   * the money rules are the route's own.
   */
  function placeBetFrame(socket: WebSocket, state: SocketState, frame: { bet?: unknown }, receivedAt: Date) {
    const bet = frame.bet as { idempotencyKey?: unknown } | null | undefined;
    const rawKey = typeof bet === 'object' && bet !== null ? bet.idempotencyKey : undefined;
    // The key as sent, when it can be one: the client matches the refusal of a malformed bet by it.
    const key = typeof rawKey === 'string' && rawKey.length <= 100 ? rawKey : null;
    const accessToken = state.accessToken;
    if (state.playerId === null || accessToken === null) return refuse(socket, key, { code: 'UNAUTHORIZED', message: 'Please log in to continue.' }, receivedAt);
    const game = state.game;
    const parsed = game === WINGO ? WingoBetFrameSchema.safeParse(frame) : LotteryBetFrameSchema.safeParse(frame);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.slice(i.path[0] === 'bet' ? 1 : 0).join('.'), message: i.message }));
      return refuse(socket, key, { code: 'VALIDATION_FAILED', message: 'The request is not valid', issues }, receivedAt);
    }
    if (state.betsInFlight >= MAX_SOCKET_BETS_IN_FLIGHT) return refuse(socket, key, { code: 'RATE_LIMITED', message: 'Too many requests, try again later' }, receivedAt);
    const input = parsed.data.bet;
    state.betsInFlight += 1;
    authenticate(`Bearer ${accessToken}`)
      .then((claims): Promise<PlaceWingoBetResult | PlaceLotteryBetResult> =>
        game === WINGO ? lottery.placeBet(claims.playerId, input as PlaceWingoBetInput, receivedAt) : lottery.placeGameBet(claims.playerId, game, input as PlaceLotteryBetInput, receivedAt),
      )
      .then(
        (result) => {
          send(socket, { type: 'betPlaced', idempotencyKey: input.idempotencyKey, result } as ServerMessage);
          socketBets.observe({ outcome: 'placed' }, (lottery.now().getTime() - receivedAt.getTime()) / 1000);
        },
        async (err: unknown) => {
          await noteRefusal?.(err).catch((e: unknown) => app.log.error({ err: e }, 'could not count a refusal'));
          refuse(socket, input.idempotencyKey, errorBodyOf(err, app.log), receivedAt);
        },
      )
      .finally(() => {
        state.betsInFlight -= 1;
      });
  }

  /** Serves one socket of a game: the clock at once, then its messages (sign-in, ping, a room, a bet). */
  function serve(socket: WebSocket, game: string) {
    if (!busUp()) {
      socket.close(LIVE_PAUSED_CLOSE_CODE, 'live updates paused');
      return;
    }
    // A Wingo socket hears every room until it subscribes to one; a generic game's, none.
    const state: SocketState = { game, room: game === WINGO ? EVERY_ROOM : null, playerId: null, sessionId: null, accessToken: null, betsInFlight: 0 };
    sockets.set(socket, state);
    join(byGame, game, socket);
    if (state.room !== null) join(byRoom, `${game}:${state.room}`, socket);
    send(socket, clockMessage(game));
    socket.on('close', () => {
      signOut(socket, state);
      if (state.room !== null) leave(byRoom, `${game}:${state.room}`, socket);
      leave(byGame, game, socket);
      sockets.delete(socket);
    });
    const schema = game === WINGO ? WingoClientMessageSchema : LotteryClientMessageSchema;
    socket.on('message', (raw: Buffer) => {
      // Arrival time decides a bet (decision 201): taken before the frame is read.
      const receivedAt = lottery.now();
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        send(socket, { type: 'error', code: 'MALFORMED_JSON', message: 'Messages are JSON objects' });
        return;
      }
      if (typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'bet') {
        placeBetFrame(socket, state, parsed, receivedAt);
        return;
      }
      const message = schema.safeParse(parsed);
      if (!message.success) {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown or malformed message' });
        return;
      }
      if (message.data.type === 'ping') {
        send(socket, { type: 'pong', serverTimeMs: lottery.now().getTime(), ...(message.data.clientTimeMs !== undefined ? { clientTimeMs: message.data.clientTimeMs } : {}) });
        return;
      }
      if (message.data.type === 'subscribe') {
        if (state.room !== null) leave(byRoom, `${game}:${state.room}`, socket);
        state.room = message.data.room;
        join(byRoom, `${game}:${state.room}`, socket);
        send(socket, { type: 'subscribed', room: message.data.room });
        return;
      }
      if (message.data.type === 'bet') return; // Handled above.
      const accessToken = message.data.accessToken;
      authenticate(`Bearer ${accessToken}`).then(
        (claims) => {
          if (socket.readyState !== socket.OPEN) return;
          signOut(socket, state);
          state.playerId = claims.playerId;
          state.sessionId = claims.sessionId;
          state.accessToken = accessToken;
          let set = byPlayer.get(claims.playerId);
          if (!set) byPlayer.set(claims.playerId, (set = new Set()));
          set.add(socket);
          send(socket, { type: 'authenticated', playerId: claims.playerId });
        },
        () => send(socket, { type: 'error', code: 'UNAUTHORIZED', message: 'The access token is not valid' }),
      );
    });
  }

  app.get(API_PATHS.wingo_live, { websocket: true, schema: { hide: true } }, (socket) => serve(socket, WINGO));

  // Wingo's static path above wins over `:game`; the params schema admits only the generic games.
  app.get(LAZY_API_PATHS.lottery_live, { websocket: true, schema: { hide: true, params: LotteryGameParamsSchema } }, (socket, request) => {
    const { game } = request.params as { game: string };
    if (!servedGame(game)) {
      // A game of the contract this node's engine does not run (yet).
      socket.close(1008, 'no such game');
      return;
    }
    serve(socket, game);
  });
};

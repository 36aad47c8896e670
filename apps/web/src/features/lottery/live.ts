import type {
  LotteryClientMessage,
  LotteryGameId,
  LotteryRoomId,
  LotteryRoundClock,
  PlaceLotteryBetInput,
  PlaceWingoBetInput,
  WingoClientMessage,
  WingoRoomId,
  WingoRoundClock,
} from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { LOTTERY_ROOM_IDS, WINGO_ROOM_IDS } from '@colorplay/contract/lottery-constants';
import { API_PATHS } from '@colorplay/contract/paths';
import type { SocketBetAnswer } from './socket-bets';

/**
 * The Wingo WebSocket client (decision 121). It reconnects by itself with capped exponential
 * backoff and jitter, sends `auth` first when the player has a token (the contract puts no token
 * in the URL), and treats a socket that stays silent longer than `silenceMs` as down: the server
 * sends a clock about every second, so silence means a dead connection the browser has not
 * noticed yet. While the status is not 'open' the screen polls the HTTP endpoints instead.
 * The socket and timers are injected so the logic is tested without a network.
 *
 * The same client serves the other games' sockets (decision 361): `parse` reads their messages.
 * `subscribe` names the room whose results the socket should carry (sent again on every
 * reconnect, after `auth`), on every game's socket, Wingo's included (decision 365).
 */

export type LiveStatus = 'connecting' | 'open' | 'down';

/** The part of the WebSocket API this client uses. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveOptions<M = LiveMessage<WingoRoundClock>> {
  url: string;
  getToken: () => string | null;
  onMessage: (message: M) => void;
  /** Reads a server message (Wingo's by default); null for one it does not know (ignored). */
  parse?: (data: unknown) => M | null;
  onStatus: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  random?: () => number;
  silenceMs?: number;
}

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
export const SILENCE_MS = 5_000;
/** How long a bet frame waits for its answer before the bet is sent over HTTP instead (decision 589). */
export const BET_ANSWER_MS = 4_000;
/** Bets awaiting their answer on one socket: the server's own bound (MAX_SOCKET_BETS_IN_FLIGHT, decision 570). */
export const MAX_BETS_IN_FLIGHT = 16;

/**
 * Wait before reconnect attempt `attempt` (0 = the first retry): 500 ms doubling up to 30 s,
 * scaled by a random factor in [0.5, 1) so that many clients cut off at once do not all come
 * back in the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** The socket URL for an API base: http(s) becomes ws(s). */
export function liveUrl(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/^http/, 'ws') + API_PATHS.wingo_live;
}

/** The socket URL of a generic game (K3, 5D, Trx Win). */
export function lotteryLiveUrl(apiBaseUrl: string, game: LotteryGameId): string {
  return apiBaseUrl.replace(/^http/, 'ws') + LAZY_API_PATHS.lottery_live.replace(':game', game);
}

/**
 * What the page reads of the socket's messages (the contract's `WingoServerMessage` and
 * `LotteryServerMessage`): each room's clock, the room of a result, the balance of a balance push
 * or a settlement. The other messages of the contract are known by their type only: the page
 * does nothing with them but take them as a sign of a live socket.
 */
export type LiveMessage<C> =
  | { type: 'clock'; serverTimeMs: number; rounds: C[] }
  | { type: 'result'; result: { roomId: string } }
  | { type: 'balance' | 'betsSettled'; balanceMinor: number }
  | { type: 'betPlaced'; idempotencyKey: string; result: Extract<SocketBetAnswer, { kind: 'placed' }>['result'] }
  | { type: 'betRefused'; idempotencyKey: string | null; error: Extract<SocketBetAnswer, { kind: 'refused' }>['error'] }
  | { type: (typeof SIGN_OF_LIFE_TYPES)[number] };

/**
 * The contract's other server messages (a test holds this list to the schemas' types). The page
 * ignores them but their arrival counts as the server speaking, as it did when zod read them.
 */
export const SIGN_OF_LIFE_TYPES = ['subscribed', 'authenticated', 'pong', 'error', 'supportTicket'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** A round's clock as the contract has it, its room one of the game's: the clock and countdown read every field. */
function isRoundClock(value: unknown, rooms: readonly string[]): boolean {
  return (
    isObject(value) &&
    typeof value.roomId === 'string' &&
    rooms.includes(value.roomId) &&
    typeof value.period === 'string' &&
    (value.phase === 'open' || value.phase === 'locked') &&
    isInt(value.opensAtMs) &&
    isInt(value.locksAtMs) &&
    isInt(value.drawsAtMs)
  );
}

/**
 * Reads one frame by hand (decision 580): zod and the contract's schemas, which did it before,
 * cost the page's start a long task of 300-470 ms on a 4x slowed CPU to build. Only what the page
 * reads is checked, strictly; a frame that is not JSON, of an unknown type, or whose read fields
 * are missing or of the wrong kind is null (ignored), as before.
 */
function readLiveMessage<C>(data: unknown, rooms: readonly string[]): LiveMessage<C> | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(json)) return null;
  switch (json.type) {
    case 'clock':
      return isInt(json.serverTimeMs) && Array.isArray(json.rounds) && json.rounds.every((r) => isRoundClock(r, rooms)) ? (json as LiveMessage<C>) : null;
    case 'result':
      return isObject(json.result) && typeof json.result.roomId === 'string' && rooms.includes(json.result.roomId) ? (json as LiveMessage<C>) : null;
    case 'balance':
    case 'betsSettled':
      return isInt(json.balanceMinor) ? (json as LiveMessage<C>) : null;
    // A bet's answer (decision 589): matched by its key; the bet's own fields are the route's answer, read as HTTP's is.
    case 'betPlaced':
      return typeof json.idempotencyKey === 'string' && isObject(json.result) ? (json as LiveMessage<C>) : null;
    case 'betRefused':
      return (typeof json.idempotencyKey === 'string' || json.idempotencyKey === null) &&
        isObject(json.error) &&
        typeof json.error.code === 'string' &&
        typeof json.error.message === 'string'
        ? (json as LiveMessage<C>)
        : null;
    default:
      return (SIGN_OF_LIFE_TYPES as readonly unknown[]).includes(json.type) ? (json as LiveMessage<C>) : null;
  }
}

/** A message of Wingo's socket, or null when it is not one the contract knows (ignored). */
export function parseServerMessage(data: unknown): LiveMessage<WingoRoundClock> | null {
  return readLiveMessage(data, WINGO_ROOM_IDS);
}

/** A message of a generic game's socket, or null. */
export function parseLotteryMessage(data: unknown): LiveMessage<LotteryRoundClock> | null {
  return readLiveMessage(data, LOTTERY_ROOM_IDS);
}

const OPEN = 1;

export class LiveSocket<M = LiveMessage<WingoRoundClock>> {
  private socket: SocketLike | null = null;
  private room: LotteryRoomId | WingoRoomId | null = null;
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private silenceTimer: unknown = null;
  private stopped = true;
  private status: LiveStatus | null = null;
  /** Whether the server has said `authenticated` on this connection: bets are sent only then. */
  private signedIn = false;
  /** Bet frames awaiting their answer, by idempotency key. */
  private readonly bets = new Map<string, (answer: SocketBetAnswer) => void>();
  private readonly timers: Timers;
  private readonly createSocket: (url: string) => SocketLike;

  constructor(private readonly options: LiveOptions<M>) {
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.reconnectTimer);
    this.timers.clearTimeout(this.silenceTimer);
    this.reconnectTimer = null;
    this.drop();
  }

  /** Sends `auth` again (after a login or a token refresh). */
  authenticate(): void {
    const token = this.options.getToken();
    if (token && this.socket?.readyState === OPEN) this.send({ type: 'auth', accessToken: token });
  }

  /**
   * Sends a bet of the socket's game as a frame (decisions 589, 590) and resolves with its answer: `lost` if the socket
   * drops or no answer comes within BET_ANSWER_MS. Null when it cannot be sent now (not open, not
   * signed in, the same key already in flight, or MAX_BETS_IN_FLIGHT awaiting): the caller uses HTTP.
   */
  placeBet(bet: PlaceWingoBetInput | PlaceLotteryBetInput): Promise<SocketBetAnswer> | null {
    const key = bet.idempotencyKey;
    if (!this.signedIn || this.socket?.readyState !== OPEN || this.bets.has(key) || this.bets.size >= MAX_BETS_IN_FLIGHT) return null;
    return new Promise((resolve) => {
      const timer = this.timers.setTimeout(() => this.answerBet(key, { kind: 'lost' }), BET_ANSWER_MS);
      this.bets.set(key, (answer) => {
        this.timers.clearTimeout(timer);
        resolve(answer);
      });
      // The socket's game is the bet's: the page registers each game's socket for its own bets (socket-bets.ts).
      this.send({ type: 'bet', bet } as WingoClientMessage | LotteryClientMessage);
    });
  }

  private answerBet(key: string | null, answer: SocketBetAnswer): void {
    const settle = key === null ? undefined : this.bets.get(key);
    if (!settle) return;
    this.bets.delete(key!);
    settle(answer);
  }

  /** Every bet still awaiting its answer is lost (the socket is gone): their callers go to HTTP. */
  private loseBets(): void {
    this.signedIn = false;
    for (const key of [...this.bets.keys()]) this.answerBet(key, { kind: 'lost' });
  }

  /** The room whose results this socket should carry; sent now if open, and after every reconnect. */
  subscribe(room: LotteryRoomId | WingoRoomId): void {
    this.room = room;
    if (this.socket?.readyState === OPEN) this.send({ type: 'subscribe', room });
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private send(message: WingoClientMessage | LotteryClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private connect(): void {
    this.signedIn = false;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'down');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.authenticate();
      if (this.room !== null) this.send({ type: 'subscribe', room: this.room });
      this.watchSilence();
    };
    socket.onmessage = (event) => {
      const message = this.options.parse ? this.options.parse(event.data) : (parseServerMessage(event.data) as M | null);
      if (!message) return;
      // The connection counts as up once the server has spoken, not merely once TCP is open.
      this.attempt = 0;
      this.setStatus('open');
      this.watchSilence();
      const frame = message as unknown as LiveMessage<unknown>;
      if (frame.type === 'authenticated') this.signedIn = true;
      else if (frame.type === 'betPlaced') this.answerBet(frame.idempotencyKey, { kind: 'placed', result: frame.result });
      else if (frame.type === 'betRefused') this.answerBet(frame.idempotencyKey, { kind: 'refused', error: frame.error });
      this.options.onMessage(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.loseBets();
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // Browsers follow an error with close; closing here makes the stub-free path the same.
      if (this.socket === socket) socket.close();
    };
  }

  private watchSilence(): void {
    this.timers.clearTimeout(this.silenceTimer);
    this.silenceTimer = this.timers.setTimeout(() => {
      if (this.stopped || !this.socket) return;
      this.drop();
      this.scheduleReconnect();
    }, this.options.silenceMs ?? SILENCE_MS);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    this.loseBets();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.timers.clearTimeout(this.silenceTimer);
    this.setStatus('down');
    const delayMs = reconnectDelayMs(this.attempt, this.options.random);
    this.attempt += 1;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, delayMs);
  }
}

/** Wingo's name for the client (its tests and hook). */
export { LiveSocket as WingoLive };

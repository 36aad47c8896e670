/**
 * A player as the cluster test drives it: HTTP through the balancer (with the retries a client
 * makes: network errors and 502/503/504 are retried with the same body, so the same idempotency
 * key), and Wingo sockets that reconnect by themselves like the web app's (features/lottery/live.ts).
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { sleep } from './lib';

export type Answer = { status: number; body: { data?: Record<string, unknown>; error?: { code: string; message: string } }; node?: string; headers: Headers };

/** Failed attempts a client saw, by scenario and by what went wrong (status code, `timeout` or `network`). */
export const failures: Record<string, Record<string, number>> = {};
let scenario = 'setup';
export function setScenario(name: string): void {
  scenario = name;
  failures[name] ??= {};
}
const noteFailure = (kind: string) => {
  failures[scenario] ??= {};
  failures[scenario]![kind] = (failures[scenario]![kind] ?? 0) + 1;
};

export async function call(baseUrl: string, method: string, url: string, body?: unknown, token?: string, extra: RequestInit = {}): Promise<Answer> {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
    redirect: 'manual',
    ...extra,
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed, node: res.headers.get('x-colorplay-node') ?? undefined, headers: res.headers };
}

const RETRYABLE = new Set([502, 503, 504]);

/**
 * Sends until the answer is not a retryable failure, for up to `deadlineMs`. Every failed attempt
 * is counted; a 500 is counted and NOT retried (it would be a server bug, and the test fails on it).
 */
export async function retrying(fn: () => Promise<Answer>, deadlineMs = 60_000): Promise<Answer> {
  const started = Date.now();
  let wait = 100;
  for (;;) {
    let answer: Answer | undefined;
    try {
      answer = await fn();
    } catch (err) {
      // No HTTP answer: the client's own timeout, or the connection cut.
      noteFailure(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network');
    }
    if (answer) {
      if (!RETRYABLE.has(answer.status)) {
        if (answer.status >= 500) noteFailure(String(answer.status));
        return answer;
      }
      // 503 is ours (SERVICE_UNAVAILABLE), the balancer's (no node ready: an HTML page), or
      // another code of ours (which the test refuses: only the database outage is a 503 here).
      const code = answer.body.error?.code;
      // Our 503 tells the client when to retry; one without Retry-After is counted apart (and refused).
      if (code === 'SERVICE_UNAVAILABLE' && !answer.headers.get('retry-after')) noteFailure('503:no-retry-after');
      noteFailure(answer.status !== 503 || code === 'SERVICE_UNAVAILABLE' ? String(answer.status) : code ? `503:${code}` : '503:balancer');
    }
    if (Date.now() - started > deadlineMs) throw new Error(`no answer within ${deadlineMs} ms`);
    await sleep(wait);
    wait = Math.min(1_000, wait * 2);
  }
}

export function expectOk(answer: Answer, what: string): Record<string, unknown> {
  if (answer.status !== 200 || !answer.body.data) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export const PASSWORD = 'Cluster-Marigold-77';
const usedPhones = new Set<string>();
export function newPhone(): string {
  for (;;) {
    const phone = `9${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, '0')}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}

export async function readSandboxCode(baseUrl: string, handle: string): Promise<string> {
  const outbox = expectOk(await retrying(() => call(baseUrl, 'GET', `/api/sandbox/sms-outbox?handle=${handle}`)), 'sms outbox');
  const sms = (outbox.messages as { body: string }[])[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(sms)?.[1];
  if (!code) throw new Error('no code in the sandbox outbox');
  return code;
}

export type Player = { phone: string; token: string; playerId: number };

export async function registerPlayer(baseUrl: string): Promise<Player> {
  const phone = newPhone();
  const requested = expectOk(await retrying(() => call(baseUrl, 'POST', '/api/register/request-code', { phone })), 'request code');
  const code = await readSandboxCode(baseUrl, String(requested.sandboxHandle));
  const registered = expectOk(
    await retrying(() => call(baseUrl, 'POST', '/api/register', { phone, code, password: PASSWORD, ageConfirmed: true })),
    'register',
  );
  // The database id (for the ledger checks) is looked up by phone by the caller.
  return { phone, token: String(registered.token), playerId: 0 };
}

/** A UPI recharge through the sandbox gateway, retried with one idempotency key. Returns the order id. */
export async function recharge(baseUrl: string, player: Player, amountMinor: number, key: string): Promise<string> {
  const order = expectOk(
    await retrying(() => call(baseUrl, 'POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey: key }, player.token)),
    'recharge order',
  );
  const paymentUrl = String(order.paymentUrl);
  const orderId = String(order.id ?? (order.order as { id?: string } | undefined)?.id);
  // The sandbox "Pay" button; a retry of a payment already made is answered without paying twice.
  const paid = await retrying(() =>
    call(baseUrl, 'POST', paymentUrl, undefined, undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=paid',
    }),
  );
  if (paid.status !== 303 && paid.status !== 200 && paid.status !== 409) throw new Error(`sandbox pay answered ${paid.status} ${JSON.stringify(paid.body)}`);
  return orderId;
}

export type RoomState = {
  serverTimeMs: number;
  round: { period: string; phase: string; locksAtMs: number; drawsAtMs: number };
  chain: { firstPeriod: string } | null;
  lastResult: { period: string; digit: number | null; status: string } | null;
};

export async function roomState(baseUrl: string): Promise<RoomState> {
  return expectOk(await retrying(() => call(baseUrl, 'GET', '/api/lottery/wingo/state?room=30s')), 'room state') as unknown as RoomState;
}

export async function placeBet(baseUrl: string, player: Player, period: string, key: string, selection = 'big', amountMinor = 1_000): Promise<Answer> {
  return retrying(() =>
    call(baseUrl, 'POST', '/api/lottery/wingo/bets', { room: '30s', period, selection, amountMinor, quantity: 1, multiplier: 1, idempotencyKey: key }, player.token),
  );
}

type ServerMessage = { type: string; [k: string]: unknown };

/**
 * A Wingo socket through the balancer that behaves like the web app's: auth as the first
 * message, reconnect after a close (backoff from 250 ms, doubled up to 4 s, reset once the
 * server has spoken), and a socket silent for 5 s is treated as dead.
 */
export class LiveSocket {
  node: string | undefined;
  nodesSeen: string[] = [];
  messages: Array<{ at: number; node: string | undefined; msg: ServerMessage }> = [];
  authenticated = false;
  closes: Array<{ at: number; code: number; node: string | undefined }> = [];
  opens: Array<{ at: number; node: string | undefined }> = [];
  private ws: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private silence: NodeJS.Timeout | undefined;

  constructor(
    private readonly wsUrl: string,
    readonly player: Player,
  ) {
    this.connect();
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN && this.authenticated;
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.wsUrl);
    this.ws = ws;
    this.authenticated = false;
    ws.on('upgrade', (res) => {
      const node = res.headers['x-colorplay-node'];
      this.node = Array.isArray(node) ? node[0] : node;
    });
    ws.on('open', () => {
      this.opens.push({ at: Date.now(), node: this.node });
      if (this.node) this.nodesSeen.push(this.node);
      ws.send(JSON.stringify({ type: 'auth', accessToken: this.player.token }));
      this.armSilence();
    });
    ws.on('message', (raw: Buffer) => {
      this.attempt = 0;
      this.armSilence();
      const msg = JSON.parse(raw.toString('utf8')) as ServerMessage;
      if (msg.type === 'authenticated') this.authenticated = true;
      this.messages.push({ at: Date.now(), node: this.node, msg });
    });
    ws.on('error', () => undefined);
    ws.on('close', (code: number) => {
      clearTimeout(this.silence);
      this.closes.push({ at: Date.now(), code, node: this.node });
      this.authenticated = false;
      if (this.stopped || this.ws !== ws) return;
      const delay = Math.min(4_000, 250 * 2 ** this.attempt++);
      setTimeout(() => this.connect(), delay);
    });
  }

  private armSilence(): void {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.ws?.terminate(), 5_000);
  }

  results(period: string): Array<{ node: string | undefined; digit: unknown; status: unknown }> {
    return this.messages
      .filter((m) => m.msg.type === 'result' && (m.msg.result as { period: string }).period === period)
      .map((m) => ({ node: m.node, digit: (m.msg.result as { digit: unknown }).digit, status: (m.msg.result as { status: unknown }).status }));
  }

  settlements(period: string) {
    return this.messages.filter((m) => m.msg.type === 'betsSettled' && m.msg.period === period).map((m) => m.msg as ServerMessage & { playerId?: number; balanceMinor: number });
  }

  lastClock(): { serverTimeMs: number; rounds: Array<{ roomId: string; period: string; drawsAtMs: number }> } | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) if (this.messages[i]!.msg.type === 'clock') return this.messages[i]!.msg as never;
    return undefined;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.silence);
    this.ws?.terminate();
  }
}

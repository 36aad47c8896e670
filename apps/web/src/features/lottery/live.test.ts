import { LotteryServerMessageSchema, WingoServerMessageSchema } from '@colorplay/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeBet } from '../../test/fake-wingo-api';
import { BET_ANSWER_MS, liveUrl, MAX_BETS_IN_FLIGHT, parseLotteryMessage, parseServerMessage, reconnectDelayMs, RECONNECT_MAX_MS, SIGN_OF_LIFE_TYPES, WingoLive, type LiveStatus, type SocketLike, type Timers } from './live';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server or network ends the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

/** Timers run by hand: `fire()` runs the earliest pending one. */
class FakeTimers implements Timers {
  private next = 1;
  pending = new Map<number, { fn: () => void; ms: number }>();
  setTimeout(fn: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.pending.delete(handle as number);
  }
  delays() {
    return [...this.pending.values()].map((t) => t.ms);
  }
  fire(ms: number) {
    const entry = [...this.pending.entries()].find(([, t]) => t.ms === ms);
    if (!entry) throw new Error(`no timer of ${ms} ms; pending: ${this.delays().join(', ')}`);
    this.pending.delete(entry[0]);
    entry[1].fn();
  }
}

const CLOCK = { type: 'clock', serverTimeMs: 1_000, rounds: [] };

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const statuses: LiveStatus[] = [];
  const messages: unknown[] = [];
  const live = new WingoLive({
    url: 'ws://x/api/lottery/wingo/live',
    getToken: () => token,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    timers,
    random: () => 0.5,
    silenceMs: 5_000,
  });
  return { live, sockets, timers, statuses, messages };
}

describe('reconnectDelayMs', () => {
  it('doubles from 500 ms up to the cap, jittered into [half, whole)', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(250);
    expect(reconnectDelayMs(0, () => 0.999999)).toBe(500);
    expect(reconnectDelayMs(3, () => 0)).toBe(2_000);
    expect(reconnectDelayMs(20, () => 0.999999)).toBe(RECONNECT_MAX_MS);
    for (let attempt = 0; attempt < 30; attempt++) {
      const d = reconnectDelayMs(attempt);
      expect(d).toBeGreaterThanOrEqual(250);
      expect(d).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });
});

describe('parseServerMessage and liveUrl', () => {
  it('accepts contract messages only', () => {
    expect(parseServerMessage(JSON.stringify(CLOCK))).toEqual(CLOCK);
    expect(parseServerMessage('{"type":"nope"}')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage(42)).toBeNull();
  });

  it('turns the API base into a socket URL', () => {
    expect(liveUrl('https://app.example')).toBe('wss://app.example/api/lottery/wingo/live');
    expect(liveUrl('http://localhost:3002')).toBe('ws://localhost:3002/api/lottery/wingo/live');
  });
});

describe('the hand-read messages (decision 580)', () => {
  const clockOf = (roomId: string) => ({ roomId, period: '20261129100001', phase: 'open', opensAtMs: 1_000, locksAtMs: 56_000, drawsAtMs: 61_000 });
  const wingoResult = { roomId: '30s', period: '20261129100001', digit: 7, color: ['green'], size: 'big', status: 'settled', drawnAtMs: 61_000 };
  const k3Result = { game: 'k3', roomId: '1m', period: '20261129100001', status: 'settled', outcome: [6, 5, 4], summary: { sum: 15, size: 'big', parity: 'odd' }, drawnAtMs: 61_000, block: null };
  const sessionMessages = [
    { type: 'balance', balanceMinor: 40_000, reason: 'lottery_settlement' },
    { type: 'authenticated', playerId: 7 },
    { type: 'pong', serverTimeMs: 1_000 },
    { type: 'error', code: 'BAD_MESSAGE', message: 'no' },
    { type: 'supportTicket', ticketId: 'tkt_1', status: 'open' },
  ];
  const cases = [
    {
      name: 'Wingo',
      parse: parseServerMessage,
      schema: WingoServerMessageSchema,
      valid: [
        { type: 'clock', serverTimeMs: 1_000, rounds: [clockOf('30s'), clockOf('5m')] },
        { type: 'subscribed', room: '1m' },
        { type: 'betsSettled', roomId: '30s', period: '20261129100001', bets: 1, payoutMinor: 192, balanceMinor: 50_192 },
        { type: 'betPlaced', idempotencyKey: 'k-1', result: { bet: makeBet(), balanceMinor: 900 } },
        { type: 'betRefused', idempotencyKey: 'k-1', error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough balance' } },
        { type: 'betRefused', idempotencyKey: null, error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', issues: [{ path: 'bet', message: 'Required' }] } },
        ...sessionMessages,
      ],
      // The fields the page reads, wrong: the schema refuses each, and so must the hand reading.
      invalid: [
        { type: 'clock', serverTimeMs: 1.5, rounds: [] },
        { type: 'clock', serverTimeMs: 1_000, rounds: [clockOf('10m')] },
        { type: 'clock', serverTimeMs: 1_000, rounds: [{ ...clockOf('30s'), drawsAtMs: '61000' }] },
        { type: 'clock', serverTimeMs: 1_000, rounds: [{ ...clockOf('30s'), phase: 'closed' }] },
        { type: 'clock', serverTimeMs: 1_000, rounds: {} },
        { type: 'result', result: { ...wingoResult, roomId: '10m' } },
        { type: 'result', result: null },
        { type: 'balance', balanceMinor: '40000', reason: 'x' },
        { type: 'betsSettled', roomId: '30s', period: '1', bets: 1, payoutMinor: 0, balanceMinor: 1.25 },
        { type: 'betPlaced', idempotencyKey: 7, result: { bet: makeBet(), balanceMinor: 900 } },
        { type: 'betPlaced', idempotencyKey: 'k-1', result: null },
        { type: 'betRefused', idempotencyKey: 'k-1', error: { code: 'INSUFFICIENT_FUNDS' } },
        { type: 'betRefused', idempotencyKey: 'k-1' },
        { type: 'mystery' },
        [CLOCK],
      ],
    },
    {
      name: 'K3, 5D and Trx Win',
      parse: parseLotteryMessage,
      schema: LotteryServerMessageSchema,
      valid: [
        { type: 'clock', serverTimeMs: 1_000, rounds: [clockOf('1m'), clockOf('10m')] },
        { type: 'result', result: k3Result },
        { type: 'betsSettled', game: 'k3', roomId: '1m', period: '20261129100001', bets: 1, payoutMinor: 192, balanceMinor: 50_192 },
        ...sessionMessages,
      ],
      invalid: [
        { type: 'clock', serverTimeMs: 1_000, rounds: [clockOf('30s')] },
        { type: 'clock', serverTimeMs: 1_000, rounds: [{ ...clockOf('1m'), period: 20261129 }] },
        { type: 'result', result: { ...k3Result, roomId: '30s' } },
        { type: 'result' },
        { type: 'betsSettled', game: 'k3', roomId: '1m', period: '1', bets: 1, payoutMinor: 0 },
      ],
    },
  ];

  for (const { name, parse, schema, valid, invalid } of cases) {
    it(`${name}: accepts what the contract accepts, as sent`, () => {
      for (const message of valid) {
        expect(schema.safeParse(message).success, JSON.stringify(message)).toBe(true);
        expect(parse(JSON.stringify(message))).toEqual(message);
      }
    });

    it(`${name}: ignores a frame whose read fields the contract refuses`, () => {
      for (const message of invalid) {
        expect(schema.safeParse(message).success, JSON.stringify(message)).toBe(false);
        expect(parse(JSON.stringify(message)), JSON.stringify(message)).toBeNull();
      }
      expect(parse('{"type":')).toBeNull();
      expect(parse(null)).toBeNull();
    });
  }

  it("knows every message type of the contract's two sockets", () => {
    const typesOf = (s: { options: ReadonlyArray<{ shape: { type: { value: unknown } } }> }) => s.options.map((o) => o.shape.type.value);
    const known = ['clock', 'result', 'balance', 'betsSettled', 'betPlaced', 'betRefused', ...SIGN_OF_LIFE_TYPES];
    expect(new Set([...typesOf(WingoServerMessageSchema), ...typesOf(LotteryServerMessageSchema)])).toEqual(new Set(known));
  });

  it('loads no zod and no schema of the contract: only its types and zod-free constants', () => {
    const source = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'live.ts'), 'utf8');
    const imports = [...source.matchAll(/^import (type )?[^;]*? from '([^']+)';$/gms)].map((m) => ({ typeOnly: m[1] !== undefined, from: m[2]! }));
    expect(imports.length).toBeGreaterThan(0);
    for (const { typeOnly, from } of imports) {
      if (typeOnly) continue;
      expect(from, 'a value import of live.ts').toMatch(/^@colorplay\/contract\/(paths|lazy-paths|lottery-constants)$/);
    }
  });
});

describe('WingoLive', () => {
  it('authenticates first, and is open once the server speaks', () => {
    const { live, sockets, statuses, messages } = setup();
    live.start();
    expect(statuses).toEqual(['connecting']);
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s) as unknown)).toEqual([{ type: 'auth', accessToken: 'tok' }]);
    expect(statuses).toEqual(['connecting']);
    sockets[0]!.receive(CLOCK);
    expect(statuses).toEqual(['connecting', 'open']);
    expect(messages).toEqual([CLOCK]);
  });

  it('sends no auth without a token, and ignores unknown messages', () => {
    const { live, sockets, messages } = setup(null);
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'mystery' });
    expect(sockets[0]!.sent).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('reconnects with growing delays while down, and starts over after a success', () => {
    const { live, sockets, timers, statuses } = setup();
    live.start();
    sockets[0]!.drop();
    expect(statuses).toEqual(['connecting', 'down']);
    // random() = 0.5 gives 75 % of the ceiling: 375, 750, 1500...
    expect(timers.delays()).toEqual([375]);
    timers.fire(375);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    expect(timers.delays()).toEqual([750]);
    timers.fire(750);
    sockets[2]!.drop();
    expect(timers.delays()).toEqual([1_500]);
    timers.fire(1_500);
    sockets[3]!.open();
    sockets[3]!.receive(CLOCK);
    expect(statuses.at(-1)).toBe('open');
    sockets[3]!.drop();
    expect(timers.delays()).toEqual([375]);
  });

  it('treats a silent socket as down and replaces it', () => {
    const { live, sockets, timers, statuses } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive(CLOCK);
    timers.fire(5_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('down');
    timers.fire(375);
    expect(sockets).toHaveLength(2);
  });

  it('does not reconnect after stop', () => {
    const { live, sockets, timers } = setup();
    live.start();
    sockets[0]!.open();
    live.stop();
    expect(sockets[0]!.closed).toBe(true);
    expect(timers.pending.size).toBe(0);
  });

  it('an error closes the socket and schedules a reconnect', () => {
    const { live, sockets, timers, statuses } = setup();
    live.start();
    sockets[0]!.onerror?.({});
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('down');
    expect(timers.delays()).toEqual([375]);
  });
});

describe('bets over the socket (decision 589)', () => {
  const bet = (key: string) => ({ room: '30s' as const, period: '202611230300001', selection: 'green' as const, amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: key });
  /** A socket open and signed in: the server has said `authenticated`. */
  function signedIn() {
    const s = setup();
    s.live.start();
    s.sockets[0]!.open();
    s.sockets[0]!.receive({ type: 'authenticated', playerId: 7 });
    return s;
  }

  it('sends nothing before the server has said `authenticated`: the caller uses HTTP', () => {
    const { live, sockets } = setup();
    live.start();
    expect(live.placeBet(bet('k-1'))).toBeNull();
    sockets[0]!.open();
    sockets[0]!.receive(CLOCK);
    expect(live.placeBet(bet('k-1'))).toBeNull();
    expect(sockets[0]!.sent.map((m) => JSON.parse(m).type)).toEqual(['auth']);
  });

  it('sends the bet as one frame and resolves with its answer, matched by key', async () => {
    const { live, sockets, timers } = signedIn();
    const first = live.placeBet(bet('k-1'))!;
    const second = live.placeBet(bet('k-2'))!;
    expect(sockets[0]!.sent.slice(1).map((m) => JSON.parse(m))).toEqual([
      { type: 'bet', bet: bet('k-1') },
      { type: 'bet', bet: bet('k-2') },
    ]);
    // The same key twice in flight is not sent twice.
    expect(live.placeBet(bet('k-1'))).toBeNull();
    const placed = { bet: makeBet(), balanceMinor: 900 };
    sockets[0]!.receive({ type: 'betRefused', idempotencyKey: 'k-2', error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough balance' } });
    sockets[0]!.receive({ type: 'betPlaced', idempotencyKey: 'k-1', result: placed });
    await expect(first).resolves.toEqual({ kind: 'placed', result: placed });
    await expect(second).resolves.toEqual({ kind: 'refused', error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough balance' } });
    // Their answer timers are gone; the silence timer stays.
    expect(timers.delays()).toEqual([5_000]);
  });

  it('loses the bets in flight when the socket drops or no answer comes in time, and sends none until signed in again', async () => {
    const { live, sockets, timers } = signedIn();
    const late = live.placeBet(bet('k-1'))!;
    timers.fire(BET_ANSWER_MS);
    await expect(late).resolves.toEqual({ kind: 'lost' });
    // Its answer arriving after all changes nothing.
    sockets[0]!.receive({ type: 'betPlaced', idempotencyKey: 'k-1', result: { bet: makeBet(), balanceMinor: 900 } });
    const dropped = live.placeBet(bet('k-2'))!;
    sockets[0]!.drop();
    await expect(dropped).resolves.toEqual({ kind: 'lost' });
    expect(live.placeBet(bet('k-3'))).toBeNull();
    timers.fire(375);
    sockets[1]!.open();
    expect(live.placeBet(bet('k-3'))).toBeNull();
    sockets[1]!.receive({ type: 'authenticated', playerId: 7 });
    expect(live.placeBet(bet('k-3'))).not.toBeNull();
    const stopped = live.placeBet(bet('k-4'))!;
    live.stop();
    await expect(stopped).resolves.toEqual({ kind: 'lost' });
  });

  it('keeps at most the server’s bound of bets in flight on one socket', () => {
    const { live } = signedIn();
    for (let i = 0; i < MAX_BETS_IN_FLIGHT; i++) expect(live.placeBet(bet(`k-${i}`))).not.toBeNull();
    expect(live.placeBet(bet('k-more'))).toBeNull();
  });
});

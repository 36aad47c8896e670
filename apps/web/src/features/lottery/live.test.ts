import { describe, expect, it } from 'vitest';
import { liveUrl, parseServerMessage, reconnectDelayMs, RECONNECT_MAX_MS, WingoLive, type LiveStatus, type SocketLike, type Timers } from './live';

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

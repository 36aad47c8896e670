import type { LotteryBet, LotteryRoomState } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { K3_SELECTIONS, MINUTE_ROOMS, roundAt } from '@colorplay/lottery';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PAGE, stubWingoApi } from '../../../test/fake-wingo-api';
import { signInForTests } from '../../../test/render';
import { LOTTERY_POLL_MS } from '../lottery-page';
import { renderLotteryPage } from '../../../test/render-lottery-page';

// Decision 361: the K3/5D/Trx Win screens take Wingo's live client on their game's socket; they
// poll the room state only while it is down.

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop() {
    act(() => {
      this.readyState = 3;
      this.onclose?.({});
    });
  }
}

const room = MINUTE_ROOMS['1m'];
const nowMs = roundAt(room, Date.UTC(2026, 10, 23, 7, 0, 0)).drawsAtMs - 30_000;
const round = roundAt(room, nowMs);
const clockOf = (r: { period: string; opensAtMs: number; locksAtMs: number; drawsAtMs: number }, roomId = '1m') => ({ roomId, period: r.period, phase: 'open', opensAtMs: r.opensAtMs, locksAtMs: r.locksAtMs, drawsAtMs: r.drawsAtMs });
const state: LotteryRoomState = {
  game: 'k3',
  serverTimeMs: nowMs,
  round: clockOf(round) as LotteryRoomState['round'],
  lastResult: null,
  source: 'chain',
  chain: null,
  betting: { selections: [...K3_SELECTIONS], amountPresetsMinor: [100, 1_000], multipliers: [1, 5], feeBasisPoints: 200, limits: { minQuantity: 1, maxQuantity: 1000, minBetMinor: 100, maxBetMinor: 10_000_000, maxRoundMinor: 100_000_000 } },
};
const settledBet: LotteryBet = {
  id: 'bet_live000001', game: 'k3', roomId: '1m', period: round.period, selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1, totalMinor: 100, feeMinor: 2,
  contractMinor: 98, status: 'won', payoutMinor: 192, outcome: [6, 5, 4], placedAtMs: nowMs - 1_000, settledAtMs: nowMs, commitment: null, locksAtMs: round.locksAtMs,
};

describe('K3 page over its live socket', () => {
  let calls: Record<string, number>;
  let myBets: LotteryBet[];
  let balanceMinor: number;
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

  beforeEach(() => {
    FakeWebSocket.instances = [];
    calls = {};
    myBets = [];
    balanceMinor = 50_000;
    localStorage.clear();
    signInForTests('live-token');
    vi.stubGlobal('WebSocket', FakeWebSocket);
    stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => (count('balance'), { body: { data: { balanceMinor, currency: 'INR' } } }),
      ['GET /api/lottery/k3/state']: () => (count('state'), { body: { data: state } }),
      ['GET /api/lottery/k3/history']: () => (count('history'), { body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/my-bets']: () => (count('myBets'), { body: { data: { items: myBets, nextCursor: null } } }),
      ['GET /api/lottery/k3/trend']: () => (count('trend'), { body: EMPTY_PAGE }),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const renderPage = () =>
    renderLotteryPage("k3");

  it('signs in and subscribes the room shown, follows the socket’s clock, and takes results, settlements and balance pushes', async () => {
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    renderPage();
    await screen.findByText('₹500.00');
    // The socket's code is a chunk of its own, loaded once the page has rendered (decision 370).
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toMatch(/^wss?:.*\/api\/lottery\/k3\/live$/);
    socket.open();
    expect(socket.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'auth', accessToken: 'live-token' },
      { type: 'subscribe', room: '1m' },
    ]);
    // The socket's clock is the one shown: here it says 12 s are left.
    const later = { ...round, drawsAtMs: nowMs + 12_000, locksAtMs: nowMs + 7_000 };
    socket.receive({ type: 'clock', serverTimeMs: nowMs, rounds: [clockOf(later), clockOf(roundAt(MINUTE_ROOMS['3m'], nowMs), '3m')] });
    await waitFor(() => expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('12 seconds left'));

    // A result of the room: its history and chart are read again.
    const before = { ...calls };
    socket.receive({ type: 'result', result: { game: 'k3', roomId: '1m', period: round.period, status: 'settled', outcome: [6, 5, 4], summary: { sum: 15, size: 'big', parity: 'odd' }, drawnAtMs: nowMs, block: null } });
    await waitFor(() => expect(calls.history).toBeGreaterThan(before.history!));
    // The player's settlement: the balance it carries at once, and My history read again.
    myBets = [settledBet];
    socket.receive({ type: 'betsSettled', game: 'k3', roomId: '1m', period: round.period, bets: 1, payoutMinor: 192, balanceMinor: 50_192 });
    expect(await screen.findByText('₹501.92')).toBeTruthy();
    await waitFor(() => expect(calls.myBets).toBeGreaterThan(before.myBets!));
    socket.receive({ type: 'balance', balanceMinor: 40_000, reason: 'lottery_settlement' });
    expect(await screen.findByText('₹400.00')).toBeTruthy();

    // Another room: the open socket is told.
    fireEvent.click(screen.getByRole('button', { name: 'K3 3 Min' }));
    expect(JSON.parse(socket.sent.at(-1)!)).toEqual({ type: 'subscribe', room: '3m' });
   }, 15_000);

  it('polls the room state only while the socket is down, and reads what it missed when back', async () => {
    renderPage();
    await screen.findByText('₹500.00');
    // The socket's code is a chunk of its own, loaded once the page has rendered (decision 370).
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.instances[0]!;
    socket.open();
    socket.receive({ type: 'clock', serverTimeMs: Date.now(), rounds: [] });
    const whileLive = calls.state ?? 0;
    await act(() => new Promise((resolve) => setTimeout(resolve, LOTTERY_POLL_MS + 400)));
    expect(calls.state ?? 0).toBe(whileLive);

    // Down (the node closed it, e.g. 1013 with Redis away): the page polls.
    socket.drop();
    await waitFor(() => expect(calls.state).toBeGreaterThan(whileLive), { timeout: LOTTERY_POLL_MS + 1_000 });

    // Back: results, my bets and the balance are read again.
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2), { timeout: 3_000 });
    const before = { ...calls };
    const second = FakeWebSocket.instances[1]!;
    second.open();
    expect(JSON.parse(second.sent.at(-1)!)).toEqual({ type: 'subscribe', room: '1m' });
    second.receive({ type: 'clock', serverTimeMs: Date.now(), rounds: [] });
    await waitFor(() => {
      expect(calls.history).toBeGreaterThan(before.history ?? 0);
      expect(calls.myBets).toBeGreaterThan(before.myBets ?? 0);
      expect(calls.balance).toBeGreaterThan(before.balance ?? 0);
    });
  }, 15_000);
});

import type { PlaceWingoBetInput } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getResourceData } from '../../lib/resource';
import { signInForTests } from '../../test/render';
import { EMPTY_PAGE, makeBet, roomState, stubWingoApi } from '../../test/fake-wingo-api';
import { ROOM_STORAGE_KEY } from './room-storage';
import { settledRound } from './settlements';
import { renderLotteryPage } from '../../test/render-lottery-page';

const BALANCE = API_PATHS.get_balance;
const STATE = API_PATHS.wingo_state;
const MY_BETS = API_PATHS.wingo_my_bets;
const BETS = API_PATHS.wingo_place_bet;

/** A time inside a 30 s round: `secondsBeforeDraw` before its draw. */
function timeBeforeDraw(secondsBeforeDraw: number): number {
  const round = roundAt(WINGO_ROOMS['30s'], Date.UTC(2026, 10, 23, 7, 0, 0));
  return round.drawsAtMs - secondsBeforeDraw * 1000;
}

function renderPage() {
  return renderLotteryPage("wingo");
}

function stub(nowMs: number, placeBet?: (body: PlaceWingoBetInput) => unknown, myBets: () => unknown = () => EMPTY_PAGE, history: () => unknown = () => EMPTY_PAGE) {
  let balanceMinor = 50_000;
  return stubWingoApi({
    [`GET ${BALANCE}`]: () => ({ body: { data: { balanceMinor, currency: 'INR' } } }),
    [`GET ${STATE}`]: () => ({ body: { data: roomState(nowMs) } }),
    [`GET /api/lottery/wingo/history`]: () => ({ body: history() }),
    [`GET /api/lottery/wingo/trend`]: () => ({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } }),
    [`GET ${MY_BETS}`]: () => ({ body: myBets() }),
    [`POST ${BETS}`]: async ({ body }) => {
      const input = body as PlaceWingoBetInput;
      const answer = placeBet?.(input);
      if (answer instanceof Promise) await answer;
      const totalMinor = input.amountMinor * input.quantity * input.multiplier;
      balanceMinor -= totalMinor;
      return { body: { data: { bet: makeBet({ period: input.period, selection: input.selection, totalMinor }), balanceMinor } } };
    },
  });
}

describe('Wingo page', () => {
  beforeEach(() => {
    signInForTests();
    // No socket here: the page runs on its polling fallback.
    vi.stubGlobal('WebSocket', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names every control: colours, balls, sizes, multiplier chips, rooms', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    stub(timeBeforeDraw(20));
    renderPage();
    for (const name of ['Green', 'Violet', 'Red', 'Big', 'Small', 'Random', 'Number 0', 'Number 9', 'x1', 'x5', 'x10', 'x20', 'x50', 'x100', 'Win Go 30s', 'Win Go 5 Min', 'Refresh balance']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/wallet/Recharge');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/wallet/Withdraw');
    expect(screen.getByRole('tab', { name: 'My history' })).toBeTruthy();
    expect(await screen.findByText('₹500.00')).toBeTruthy();
  });

  it('shows the period and countdown, and no locked overlay while betting is open', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    stub(timeBeforeDraw(20));
    renderPage();
    const period = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20)).period;
    expect(screen.getByText(period)).toBeTruthy();
    expect(screen.getByRole('timer', { name: '20 seconds left' }).textContent).toBe('00:20');
    expect(screen.queryByText(/Betting closed/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Green' }) as HTMLButtonElement).disabled).toBe(false);
    // The seconds are not read out while betting is open (decision 223): the timer is no live region
    // and nothing inside the round's section is one.
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live') ?? 'off').toBe('off');
    expect(timer.closest('section')!.querySelector('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]')).toBeNull();
  });

  it('covers the board with the last seconds once the round locks, and disables the bets', () => {
    vi.useFakeTimers({ now: timeBeforeDraw(3), toFake: ['Date'] });
    stub(timeBeforeDraw(3));
    renderPage();
    expect(screen.getByText('Betting closed: the draw is in 3 s').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('03')).toBeTruthy();
    for (const name of ['Green', 'Number 7', 'Big', 'Random']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the balance refresh button bumps the shared counter, which reads the balance again', async () => {
    const api = stub(Date.now());
    renderPage();
    await screen.findByText('₹500.00');
    expect(api.callsTo('GET', BALANCE)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(api.callsTo('GET', BALANCE)).toHaveLength(2));
  });

  it('placing a bet bumps the bet-history counter (My history reads again) and puts the answer balance in the store', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const api = stub(timeBeforeDraw(20));
    renderPage();
    await screen.findByText('₹500.00');
    await waitFor(() => expect(api.callsTo('GET', MY_BETS)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Number 7' }));
    const sheet = screen.getByRole('dialog', { name: 'Bet on Number 7' });
    fireEvent.click(within(sheet).getByRole('button', { name: '₹10.00' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'x5' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹100.00' }));

    await waitFor(() => expect(api.callsTo('POST', BETS)).toHaveLength(1));
    const body = api.callsTo('POST', BETS)[0]!.body as PlaceWingoBetInput;
    expect(body).toMatchObject({ room: '30s', selection: '7', amountMinor: 1_000, quantity: 2, multiplier: 5, period: roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20)).period });
    expect(body.idempotencyKey).toMatch(/.{8,}/);
    await waitFor(() => expect(api.callsTo('GET', MY_BETS)).toHaveLength(2));
    expect(getResourceData<{ balanceMinor: number }>('balance')?.balanceMinor).toBe(40_000);
    expect(await screen.findByText('₹400.00')).toBeTruthy();
    // One balance read only: the new balance came with the bet's answer.
    expect(api.callsTo('GET', BALANCE)).toHaveLength(1);
  });

  it('Random opens the sheet with a selection for the player to confirm, and places nothing by itself', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const api = stub(timeBeforeDraw(20));
    vi.spyOn(Math, 'random').mockReturnValue(0); // the first selection: Green
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Random' }));
    expect(screen.getByRole('dialog', { name: 'Bet on Green' })).toBeTruthy();
    await act(async () => {});
    expect(api.callsTo('POST', BETS)).toHaveLength(0);
  });

  it('opens the room chosen last on this device, and remembers a new choice (issue 22)', async () => {
    localStorage.setItem(ROOM_STORAGE_KEY, '3m');
    stub(Date.now());
    renderPage();
    expect(screen.getByRole('button', { name: 'Win Go 3 Min' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Win Go 30s' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Win Go 1 Min' }));
    expect(localStorage.getItem(ROOM_STORAGE_KEY)).toBe('1m');
    expect(screen.getByRole('button', { name: 'Win Go 1 Min' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {});
  });

  it('falls back to the 30 s room when the stored room is unknown', async () => {
    localStorage.setItem(ROOM_STORAGE_KEY, '7m');
    stub(Date.now());
    renderPage();
    expect(screen.getByRole('button', { name: 'Win Go 30s' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {});
  });

  it('shows the countdown as one box per digit, and the last results as colour balls, newest first', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const result = (period: string, digit: number) => ({ roomId: '30s', period, status: 'settled', digit, colours: [], size: null, drawnAtMs: 0 });
    stub(timeBeforeDraw(20), undefined, undefined, () => ({ data: { items: [result('3', 0), result('2', 7), result('1', 5), result('0', 4)], nextCursor: null } }));
    renderPage();
    const timer = screen.getByRole('timer', { name: '20 seconds left' });
    expect([...timer.children].map((c) => [c.className, c.textContent])).toEqual([
      ['wingo-clock__digit', '0'],
      ['wingo-clock__digit', '0'],
      ['wingo-clock__sep', ':'],
      ['wingo-clock__digit', '2'],
      ['wingo-clock__digit', '0'],
    ]);
    const strip = await screen.findByRole('list', { name: 'Last results' });
    await waitFor(() => expect(within(strip).getAllByRole('img')).toHaveLength(4));
    const balls = within(strip).getAllByRole('img');
    expect(balls.map((b) => b.getAttribute('aria-label'))).toEqual(['0: Red and Violet, Small', '7: Green, Big', '5: Green and Violet, Big', '4: Red, Small']);
    // The split balls of 0 and 5 carry both colours.
    expect(balls.map((b) => b.className.split(' ').pop())).toEqual(['ball--red-violet', 'ball--green', 'ball--green-violet', 'ball--red']);
  });

  it('makes no audio context before the player has tapped, even in the beeping last seconds', async () => {
    const made: unknown[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      constructor() {
        made.push(this);
      }
      resume() {
        return Promise.resolve();
      }
      createOscillator() {
        return { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: unknown) => n };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.useFakeTimers({ now: timeBeforeDraw(3), toFake: ['Date'] });
    stub(timeBeforeDraw(3));
    renderPage();
    await act(async () => {});
    // The voice is on and the round is in its last 5 s: the old code made a context here, which
    // the browser refuses and warns about ("The AudioContext was not allowed to start").
    expect(made).toHaveLength(0);
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(made).toHaveLength(1);
  });
});

describe('result popup', () => {
  beforeEach(() => {
    signInForTests();
    vi.stubGlobal('WebSocket', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('settledRound waits until every bet of the period is settled, then sums them', () => {
    const a = makeBet({ id: 'bet_aaaaaaaa', period: 'P', status: 'won', payoutMinor: 196, totalMinor: 100, resultDigit: 3 });
    const b = makeBet({ id: 'bet_bbbbbbbb', period: 'P', status: 'pending' });
    expect(settledRound('P', [a, b])).toBeNull();
    expect(settledRound('P', [a, { ...b, status: 'lost', resultDigit: 3 }])).toEqual({ period: 'P', digit: 3, stakeMinor: 200, payoutMinor: 196, outcome: 'won' });
    expect(settledRound('P', [{ ...b, status: 'lost', resultDigit: 4 }])?.outcome).toBe('lost');
    expect(settledRound('P', [{ ...b, status: 'refunded', payoutMinor: 100 }])?.outcome).toBe('refunded');
    expect(settledRound('Q', [a])).toBeNull();
  });

  it('shows a win when the bet of this visit comes back settled', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const period = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20)).period;
    let placed = false;
    stub(
      timeBeforeDraw(20),
      () => {
        placed = true;
      },
      () => (placed ? { data: { items: [makeBet({ period, status: 'won', payoutMinor: 196, resultDigit: 7 })], nextCursor: null } } : EMPTY_PAGE),
    );
    renderPage();
    await screen.findByText('₹500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Bet on Green' })).getByRole('button', { name: 'Confirm ₹1.00' }));
    const popup = await screen.findByRole('dialog', { name: 'Congratulations' });
    expect(within(popup).getByText(`Period ${period}: result 7`)).toBeTruthy();
    expect(within(popup).getByText('Credited ₹1.96')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Congratulations' })).toBeNull());
  });

  it('shows the result as a colour ball with its colour and size, and closes by itself after 3 s', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const period = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20)).period;
    let placed = false;
    stub(
      timeBeforeDraw(20),
      () => {
        placed = true;
      },
      () => (placed ? { data: { items: [makeBet({ period, status: 'lost', payoutMinor: 0, resultDigit: 0 })], nextCursor: null } } : EMPTY_PAGE),
    );
    renderPage();
    await screen.findByText('₹500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Bet on Green' })).getByRole('button', { name: 'Confirm ₹1.00' }));
    const popup = await screen.findByRole('dialog', { name: 'Sorry, no win this time' });
    expect(within(popup).getByRole('img', { name: '0: Red and Violet, Small' })).toBeTruthy();
    expect(within(popup).getByText('0: Red and Violet, Small')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sorry, no win this time' })).toBeNull(), { timeout: 5_000 });
  });

  it('stays open while the player holds it (a pointer over it)', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const period = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20)).period;
    let placed = false;
    stub(
      timeBeforeDraw(20),
      () => {
        placed = true;
      },
      () => (placed ? { data: { items: [makeBet({ period, status: 'lost', payoutMinor: 0, resultDigit: 2 })], nextCursor: null } } : EMPTY_PAGE),
    );
    renderPage();
    await screen.findByText('₹500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Bet on Green' })).getByRole('button', { name: 'Confirm ₹1.00' }));
    const popup = await screen.findByRole('dialog', { name: 'Sorry, no win this time' });
    fireEvent.pointerEnter(within(popup).getByRole('heading', { name: 'Sorry, no win this time' }).parentElement!);
    await act(() => new Promise((resolve) => setTimeout(resolve, 3_600)));
    expect(screen.getByRole('dialog', { name: 'Sorry, no win this time' })).toBeTruthy();
  }, 10_000);
});

describe('Wingo page over the live socket', () => {
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
  }

  beforeEach(() => {
    FakeWebSocket.instances = [];
    signInForTests('live-token');
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('authenticates, shows Live once the server speaks, and takes balance pushes into the store', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    stub(timeBeforeDraw(20));
    renderPage();
    await screen.findByText('₹500.00');
    // The socket's code is a chunk of its own, loaded once the page has rendered (decision 370).
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toMatch(/^wss?:.*\/api\/lottery\/wingo\/live$/);
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    // Signed in, and subscribed to the room shown (its results only: decision 365).
    expect(socket.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'auth', accessToken: 'live-token' },
      { type: 'subscribe', room: '30s' },
    ]);
    expect(screen.queryByText('Live')).toBeNull();
    const round = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20));
    act(() => {
      socket.onmessage?.({
        data: JSON.stringify({
          type: 'clock',
          serverTimeMs: timeBeforeDraw(20),
          rounds: [{ roomId: '30s', period: round.period, phase: 'open', opensAtMs: round.opensAtMs, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs }],
        }),
      });
    });
    expect(screen.getByText('Live')).toBeTruthy();
    act(() => {
      socket.onmessage?.({ data: JSON.stringify({ type: 'balance', balanceMinor: 123_456, reason: 'deposit' }) });
    });
    expect(await screen.findByText('₹1,234.56')).toBeTruthy();
  });

  it('reads the results, my bets and the balance again when the socket is back after a drop', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const calls: Record<string, number> = {};
    const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
    let balanceMinor = 50_000;
    stubWingoApi({
      [`GET ${BALANCE}`]: () => (count('balance'), { body: { data: { balanceMinor, currency: 'INR' } } }),
      [`GET ${STATE}`]: () => ({ body: { data: roomState(timeBeforeDraw(20)) } }),
      [`GET /api/lottery/wingo/history`]: () => (count('history'), { body: EMPTY_PAGE }),
      [`GET /api/lottery/wingo/trend`]: () => ({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } }),
      [`GET ${MY_BETS}`]: () => (count('myBets'), { body: EMPTY_PAGE }),
    });
    renderPage();
    await screen.findByText('₹500.00');
    const round = roundAt(WINGO_ROOMS['30s'], timeBeforeDraw(20));
    const clock = JSON.stringify({
      type: 'clock',
      serverTimeMs: timeBeforeDraw(20),
      rounds: [{ roomId: '30s', period: round.period, phase: 'open', opensAtMs: round.opensAtMs, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs }],
    });
    // The socket's code is a chunk of its own, loaded once the page has rendered (decision 370).
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const first = FakeWebSocket.instances[0]!;
    act(() => {
      first.readyState = 1;
      first.onopen?.({});
      first.onmessage?.({ data: clock });
    });
    expect(screen.getByText('Live')).toBeTruthy();
    await waitFor(() => expect(calls.history).toBeGreaterThan(0));
    const before = { ...calls };

    // The node goes away; meanwhile a round settles and the balance changes on the server.
    act(() => {
      first.readyState = 3;
      first.onclose?.({});
    });
    balanceMinor = 61_000;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2), { timeout: 3_000 });
    const second = FakeWebSocket.instances[1]!;
    act(() => {
      second.readyState = 1;
      second.onopen?.({});
      second.onmessage?.({ data: clock });
    });
    expect(screen.getByText('Live')).toBeTruthy();
    await waitFor(() => {
      expect(calls.history).toBeGreaterThan(before.history!);
      expect(calls.myBets).toBeGreaterThan(before.myBets!);
      expect(calls.balance).toBeGreaterThan(before.balance!);
    });
    expect(await screen.findByText('₹610.00')).toBeTruthy();
  });

  it('subscribes the socket to the room shown, and reads a room shown again (its draws were not pushed meanwhile)', async () => {
    vi.useFakeTimers({ now: timeBeforeDraw(20), toFake: ['Date'] });
    const historyReads: string[] = [];
    stubWingoApi({
      [`GET ${BALANCE}`]: () => ({ body: { data: { balanceMinor: 50_000, currency: 'INR' } } }),
      [`GET ${STATE}`]: () => ({ body: { data: roomState(timeBeforeDraw(20)) } }),
      [`GET /api/lottery/wingo/history`]: (call) => (historyReads.push(call.url.searchParams.get('room') ?? ''), { body: EMPTY_PAGE }),
      [`GET /api/lottery/wingo/trend`]: () => ({ body: { data: { rounds: [] } } }),
      [`GET ${MY_BETS}`]: () => ({ body: EMPTY_PAGE }),
    });
    renderPage();
    await screen.findByText('₹500.00');
    // The socket's code loads after the first render (decision 370).
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.instances[0]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    const subscriptions = () => socket.sent.map((m) => JSON.parse(m) as { type: string; room?: string }).filter((m) => m.type === 'subscribe').map((m) => m.room);
    expect(subscriptions()).toEqual(['30s']);
    await waitFor(() => expect(historyReads).toContain('30s'));

    fireEvent.click(screen.getByRole('button', { name: 'Win Go 1 Min' }));
    expect(subscriptions()).toEqual(['30s', '1m']);
    await waitFor(() => expect(historyReads).toContain('1m'));
    const before = historyReads.filter((r) => r === '30s').length;
    fireEvent.click(screen.getByRole('button', { name: 'Win Go 30s' }));
    expect(subscriptions()).toEqual(['30s', '1m', '30s']);
    await waitFor(() => expect(historyReads.filter((r) => r === '30s').length).toBeGreaterThan(before));
  });
});

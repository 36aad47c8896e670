import { API_PATHS } from '@colorplay/contract/paths';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PAGE, k3OpenRoom, stubWingoApi } from '../../test/fake-wingo-api';
import { signInForTests } from '../../test/render';
import type * as K3BoardModule from './games/k3-board';
import { renderLotteryPage } from '../../test/render-lottery-page';

/** How often K3's board has rendered: the real board, counted. */
const boardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./games/k3-board', async (importOriginal) => {
  const original = await importOriginal<typeof K3BoardModule>();
  return {
    ...original,
    K3Board: (props: Parameters<typeof original.K3Board>[0]) => {
      boardRenders.count += 1;
      return original.K3Board(props);
    },
  };
});

describe('the lottery page while the countdown runs (decision 580)', () => {
  const { nowMs, state } = k3OpenRoom();
  beforeEach(() => {
    signInForTests();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('turns the countdown every second without rendering the board again', async () => {
    vi.useFakeTimers({ now: nowMs, toFake: ['Date', 'setInterval', 'clearInterval'] });
    stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor: 50_000, currency: 'INR' } } }),
      ['GET /api/lottery/k3/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/k3/history']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/my-bets']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/trend']: () => ({ body: EMPTY_PAGE }),
    });
    renderLotteryPage("k3");
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('30 seconds left');
    const before = boardRenders.count;
    // Seven of the page's checks (250 ms each), the countdown turning over once, and before the
    // page's poll (the socket is down here; every 2 s) brings new data, which may render it.
    for (let tick = 0; tick < 7; tick++) await act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('29 seconds left');
    expect(boardRenders.count).toBe(before);
  });
});

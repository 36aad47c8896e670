import { API_PATHS } from '@colorplay/contract/paths';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PAGE, k3OpenRoom, makeBet, roomState, stubWingoApi } from '../../test/fake-wingo-api';
import { signInForTests } from '../../test/render';
import type { ScreenGame } from './api';
import { renderLotteryPage } from '../../test/render-lottery-page';

/** Decision 510: the player sees which periods they hold bets in, on the round panel and in the history. */

const page = (items: unknown[]) => ({ data: { items, nextCursor: null } });

function renderGame(game: ScreenGame) {
  return renderLotteryPage(game);
}

const roundPanel = () => screen.getByRole('region', { name: 'Period' });

describe('periods with the player’s bets', () => {
  beforeEach(() => {
    signInForTests();
    // No socket here: the page runs on its polling fallback.
    vi.stubGlobal('WebSocket', undefined);
  });

  it('Wingo: the round panel counts the bets in the current period, the history marks the periods bet on', async () => {
    const nowMs = roundAt(WINGO_ROOMS['30s'], Date.UTC(2026, 10, 23, 7, 0, 0)).drawsAtMs - 20_000;
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    const current = roomState(nowMs).round.period;
    const result = (period: string, digit: number) => ({ roomId: '30s', period, status: 'settled', digit, colours: ['green'], size: 'big', drawnAtMs: 0 });
    const api = stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor: 50_000, currency: 'INR' } } }),
      [`GET ${API_PATHS.wingo_state}`]: () => ({ body: { data: roomState(nowMs) } }),
      ['GET /api/lottery/wingo/history']: () => ({ body: page([result('20261123000002', 7), result('20261123000001', 9)]) }),
      ['GET /api/lottery/wingo/trend']: () => ({ body: EMPTY_PAGE }),
      [`GET ${API_PATHS.wingo_my_bets}`]: () => ({
        body: page([
          makeBet({ id: 'bet_a', period: current }),
          makeBet({ id: 'bet_b', period: current, selection: 'red' }),
          makeBet({ id: 'bet_c', period: '20261123000001', status: 'won', payoutMinor: 196, resultDigit: 9 }),
        ]),
      }),
    });
    renderGame('wingo');

    expect(await within(roundPanel()).findByText('You have 2 bets in this period')).toBeTruthy();
    const table = await screen.findByRole('table');
    const row = (period: string) => within(table).getByRole('link', { name: `Verify round ${period}` }).closest('tr')!;
    await waitFor(() => expect(within(row('20261123000001')).getByText('You bet')).toBeTruthy());
    expect(within(row('20261123000002')).queryByText('You bet')).toBeNull();
    // The marks come from the list the page reads anyway: one read of the player's bets.
    expect(api.callsTo('GET', API_PATHS.wingo_my_bets)).toHaveLength(1);
  });

  it('K3: the round panel says nothing without a bet in the period, and counts one in words once read', async () => {
    const { nowMs, round, state } = k3OpenRoom({ amountPresetsMinor: [100], multipliers: [1] });
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    let mine: unknown[] = [];
    const api = stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor: 50_000, currency: 'INR' } } }),
      ['GET /api/lottery/k3/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/k3/history']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/trend']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/my-bets']: () => ({ body: page(mine) }),
    });
    renderGame('k3');
    await waitFor(() => expect(api.callsTo('GET', '/api/lottery/k3/my-bets')).toHaveLength(1));
    await act(async () => {});
    expect(within(roundPanel()).queryByText(/in this period/)).toBeNull();
    mine = [makeBet({ period: round.period, roomId: '1m' as never })];
    // A new bet is read through the page's refresh (as after placing one): the panel follows.
    window.dispatchEvent(new Event('focus'));
    expect(await within(roundPanel()).findByText('You have 1 bet in this period')).toBeTruthy();
  });
});

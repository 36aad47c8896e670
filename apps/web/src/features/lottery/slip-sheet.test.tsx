import type { LotteryBet, PlaceLotterySlipInput } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getResourceData } from '../../lib/resource';
import { EMPTY_PAGE, k3OpenRoom, stubWingoApi } from '../../test/fake-wingo-api';
import { signInForTests } from '../../test/render';
import { LotteryRulesText } from './games/rules';
import { renderLotteryPage } from '../../test/render-lottery-page';

// The K3 and 5D slip (decisions 514, 515): several picks on one sheet, the total before Confirm,
// one request, a receipt listing each bet; the hedge notice from the server's own rule.

const { nowMs, round, state } = k3OpenRoom();

const betOf = (id: string, selection: string, totalMinor: number, o: Partial<LotteryBet> = {}): LotteryBet => ({
  id, game: 'k3', roomId: '1m', period: round.period, selection, amountMinor: totalMinor, quantity: 1, multiplier: 1, totalMinor, feeMinor: totalMinor / 50,
  contractMinor: totalMinor - totalMinor / 50, status: 'pending', payoutMinor: 0, outcome: null, placedAtMs: nowMs, settledAtMs: null,
  commitment: { chainId: 1, finalHash: 'ab'.repeat(32), roundIndex: 1, beaconRound: 1 } as LotteryBet['commitment'], locksAtMs: round.locksAtMs, ...o,
});

function renderK3(held: LotteryBet[] = [], refusal?: { status: number; body: unknown }) {
  let balanceMinor = 50_000;
  const api = stubWingoApi({
    [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor, currency: 'INR' } } }),
    ['GET /api/lottery/k3/state']: () => ({ body: { data: state } }),
    ['GET /api/lottery/k3/history']: () => ({ body: EMPTY_PAGE }),
    ['GET /api/lottery/k3/my-bets']: () => ({ body: { data: { items: held, nextCursor: null } } }),
    ['GET /api/lottery/k3/trend']: () => ({ body: EMPTY_PAGE }),
    ['POST /api/lottery/k3/slips']: ({ body }) => {
      if (refusal) return refusal;
      const input = body as PlaceLotterySlipInput;
      const bets = input.items.map((item, i) => betOf(`bet_slip${i}`, item.selection, item.amountMinor * item.quantity * item.multiplier));
      const totalMinor = bets.reduce((sum, b) => sum + b.totalMinor, 0);
      balanceMinor -= totalMinor;
      return { body: { data: { bets, totalMinor, balanceMinor } } };
    },
  });
  renderLotteryPage("k3");
  return api;
}

describe('the K3 slip', () => {
  beforeEach(() => {
    signInForTests();
    localStorage.clear();
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('takes several picks, each named and removable, shows the total and places them as one slip with a receipt of each bet', async () => {
    const api = renderK3();
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sum 9' }));
    let sheet = await screen.findByRole('dialog', { name: 'Bet on Sum 9' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pick more' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sum 10' }));
    sheet = await screen.findByRole('dialog', { name: 'Bet slip: 2 selections' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pick more' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sum 11' }));
    sheet = await screen.findByRole('dialog', { name: 'Bet slip: 3 selections' });
    const list = within(sheet).getByRole('list', { name: 'Selections on this slip' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim())).toEqual(['Sum 9', 'Sum 10', 'Sum 11']);
    fireEvent.click(within(sheet).getByRole('button', { name: '₹10.00' }));
    expect(within(sheet).getByText('Total amount ₹30.00 (3 × ₹10.00)')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Remove Sum 10' }));
    sheet = await screen.findByRole('dialog', { name: 'Bet slip: 2 selections' });
    expect(within(sheet).getByText('Total amount ₹20.00 (2 × ₹10.00)')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹20.00' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lottery/k3/slips')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lottery/k3/slips')[0]!.body).toMatchObject({
      room: '1m',
      period: round.period,
      items: [
        { selection: 'sum:9', amountMinor: 1_000, quantity: 1, multiplier: 1 },
        { selection: 'sum:11', amountMinor: 1_000, quantity: 1, multiplier: 1 },
      ],
    });
    const receipt = await screen.findByRole('dialog', { name: 'Bets placed: 2' });
    const bets = within(receipt).getByRole('list', { name: 'Bets of this slip' });
    expect(within(bets).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Sum 9 · ₹10.00', 'Sum 11 · ₹10.00']);
    await waitFor(() => expect(getResourceData<{ balanceMinor: number }>('balance')?.balanceMinor).toBe(48_000));
    fireEvent.click(within(receipt).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the item that refused the whole slip', async () => {
    renderK3([], { status: 409, body: { error: { code: 'ROUND_LIMIT_EXCEEDED', message: 'Item 2: too much', details: { itemIndex: 1 } } } });
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Big' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pick more' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Odd' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bet slip: 2 selections' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹2.00' }));
    expect((await within(sheet).findByRole('alert')).textContent).toMatch(/^Odd: .*Nothing was placed\.$/);
  });

  it('says hedged play does not unlock a deposit when a pick covers the opposite side of a bet held in this round', async () => {
    renderK3([betOf('bet_held1', 'big', 1_000), betOf('bet_old', 'small', 1_000, { period: '202611230600001' })]);
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    const notice = /hedged play does not count toward unlocking a deposit/;
    fireEvent.click(screen.getByRole('button', { name: 'Odd' }));
    let sheet = await screen.findByRole('dialog', { name: 'Bet on Odd' });
    // Big held and Odd picked: some results lose both, so not hedged (a Small of another round does not count).
    await waitFor(() => expect(within(sheet).getByRole('list', { name: 'Selections on this slip' })).toBeTruthy());
    expect(within(sheet).queryByText(notice)).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pick more' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Small' }));
    sheet = await screen.findByRole('dialog', { name: 'Bet slip: 2 selections' });
    expect(await within(sheet).findByText(notice)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Remove Small' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).queryByText(notice)).toBeNull());
  });
});

describe('the K3 and 5D rules', () => {
  it('say hedged play does not count toward unlocking a deposit', async () => {
    for (const game of ['k3', '5d'] as const) {
      const { unmount } = render(<LotteryRulesText game={game} room="1m" roomName="1 Min" feeBasisPoints={200} />);
      expect(await screen.findByText(/Big and Small, Odd and Even.*do not count toward unlocking a deposit for withdrawal/)).toBeTruthy();
      unmount();
    }
  });
});

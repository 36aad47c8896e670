import type { PlayerStatistics } from '@colorplay/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests } from '../../test/render';

const figures = (bets: number, stakedMinor: number, paidOutMinor: number) => ({ bets, stakedMinor, paidOutMinor, netMinor: paidOutMinor - stakedMinor });
const STATS: PlayerStatistics = {
  currency: 'INR',
  periods: [
    {
      period: 'today',
      from: '2026-03-04T18:30:00.000Z',
      to: '2026-03-05T06:00:00.000Z',
      total: figures(2, 150_00, 223_00),
      games: [
        { game: 'wingo', kind: 'lottery', title: null, ...figures(1, 100_00, 196_00) },
        { game: 'demo-slot', kind: 'vendor', title: 'Lucky Sevens', ...figures(1, 50_00, 27_00) },
      ],
    },
    { period: 'yesterday', from: '2026-03-03T18:30:00.000Z', to: '2026-03-04T18:30:00.000Z', total: figures(3, 20_00, 0), games: [{ game: 'k3', kind: 'lottery', title: null, ...figures(3, 20_00, 0) }] },
    { period: 'last7Days', from: '2026-02-27T18:30:00.000Z', to: '2026-03-05T06:00:00.000Z', total: figures(0, 0, 0), games: [] },
    { period: 'last30Days', from: '2026-02-03T18:30:00.000Z', to: '2026-03-05T06:00:00.000Z', total: figures(0, 0, 0), games: [] },
  ],
};

describe('Account › Statistics', () => {
  afterEach(() => setLocale('en'));

  it('shows the net result first, then bets, staked and paid out, in total and per game, for each period', async () => {
    stubApi({ 'GET /api/account/statistics': () => ({ body: { data: STATS } }) });
    signInForTests();
    renderApp('/main/Statistics');
    const net = await screen.findByRole('heading', { level: 2, name: 'Net result' }, { timeout: 15_000 });
    expect(net.nextElementSibling?.textContent).toBe('+₹73.00');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: 'By game' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Game', 'Net result', 'Bets', 'Staked', 'Paid out']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent).join(' | '))).toEqual([
      '+₹96.00 | 1 | ₹100.00 | ₹196.00',
      '-₹23.00 | 1 | ₹50.00 | ₹27.00',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Lucky Sevens' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Net result' }).nextElementSibling?.textContent).toBe('-₹20.00');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByText('No bets in this period.')).toBeTruthy();

    await act(() => setLocale('hi'));
    fireEvent.click(screen.getByRole('button', { name: 'आज' }));
    expect(screen.getByRole('heading', { level: 2, name: 'शुद्ध परिणाम' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'गेम के अनुसार' })).getByRole('rowheader', { name: 'विन गो' })).toBeTruthy();
  });
});

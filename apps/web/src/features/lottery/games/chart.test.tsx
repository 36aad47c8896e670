import type { LotteryTrend } from '@colorplay/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubWingoApi } from '../../../test/fake-wingo-api';
import { renderWithRouter } from '../../../test/render';
import { LotteryChart } from './records';

// The K3/5D chart draws trend lines as Wingo's does (K3: the sum per round; 5D: the chosen
// position's digit); the values are in a table, the lines are decorative.

const k3Trend: LotteryTrend = {
  game: 'k3',
  roomId: '1m',
  rounds: 3,
  results: [
    { period: '202611230600001', outcome: [1, 1, 2], summary: { sum: 4, size: 'small', parity: 'even' } },
    { period: '202611230600002', outcome: [6, 6, 5], summary: { sum: 17, size: 'big', parity: 'odd' } },
    { period: '202611230600003', outcome: [3, 4, 3], summary: { sum: 10, size: 'small', parity: 'even' } },
  ],
  positionFrequency: [Array(6).fill(0), Array(6).fill(0), Array(6).fill(0)],
  big: 1,
  small: 2,
  odd: 1,
  even: 2,
};
const fivedTrend: LotteryTrend = {
  game: '5d',
  roomId: '1m',
  rounds: 2,
  results: [
    { period: '202611230600001', outcome: [1, 2, 3, 4, 5], summary: { sum: 15, size: 'small', parity: 'odd' } },
    { period: '202611230600002', outcome: [9, 8, 7, 6, 5], summary: { sum: 35, size: 'big', parity: 'odd' } },
  ],
  positionFrequency: Array.from({ length: 5 }, () => Array(10).fill(0)),
  big: 1,
  small: 1,
  odd: 2,
  even: 0,
};

const values = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('K3 and 5D chart', () => {
  beforeEach(() => {
    stubWingoApi({
      'GET /api/lottery/k3/trend': () => ({ body: { data: k3Trend } }),
      'GET /api/lottery/5d/trend': () => ({ body: { data: fivedTrend } }),
    });
  });

  it('K3: draws the sum of each round as connected balls, and lists the sums newest first', async () => {
    const { container } = renderWithRouter(<LotteryChart game="k3" room="1m" />);
    const table = await screen.findByRole('table', { name: 'Sum of the last 3 rounds, newest first' });
    expect(values(table)).toEqual([
      ['202611230600003', '10'],
      ['202611230600002', '17'],
      ['202611230600001', '4'],
    ]);
    const svg = container.querySelector('svg.lg-trend')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    // One ball per round at its sum's column (3..18: x = 44 + (sum - 3) * 24 + 12), joined newest to oldest.
    expect(svg.querySelector('polyline')!.getAttribute('points')).toBe('224,12 392,36 80,60');
    expect([...svg.querySelectorAll('.wingo-trend__ball')].map((b) => b.getAttribute('class'))).toEqual([
      'wingo-trend__ball wingo-trend__ball--green',
      'wingo-trend__ball wingo-trend__ball--red',
      'wingo-trend__ball wingo-trend__ball--green',
    ]);
    // The frequency table stays.
    expect(screen.getByText('How often each value came in the last 3 rounds')).toBeTruthy();
  });

  it('5D: charts the chosen position’s digit', async () => {
    const { container } = renderWithRouter(<LotteryChart game="5d" room="1m" />);
    const table = await screen.findByRole('table', { name: 'Position A in the last 2 rounds, newest first' });
    expect(values(table)).toEqual([
      ['202611230600002', '9'],
      ['202611230600001', '1'],
    ]);
    const picker = screen.getByRole('group', { name: 'Position to chart' });
    expect(within(picker).getByRole('button', { name: 'A' }).getAttribute('aria-pressed')).toBe('true');
    // Each position's letter in its own colour, the one the board and the results use.
    expect(within(picker).getAllByRole('button').map((b) => [...b.classList].find((c) => c.startsWith('lg-position--') && c !== 'lg-position--letter'))).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((p) => `lg-position--${p}`),
    );
    fireEvent.click(within(picker).getByRole('button', { name: 'D' }));
    const d = screen.getByRole('table', { name: 'Position D in the last 2 rounds, newest first' });
    expect(values(d)).toEqual([
      ['202611230600002', '6'],
      ['202611230600001', '4'],
    ]);
    expect(container.querySelector('svg.lg-trend polyline')!.getAttribute('points')).toBe('200,12 152,36');
  });
});

import type { LotteryResult } from '@colorplay/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiceStage } from './dice-stage';

// K3's latest result: the three dice on a stage named in words, rolled when a new
// result arrives, never under prefers-reduced-motion.

const drawn = (period: string, outcome: [number, number, number]): LotteryResult => {
  const sum = outcome[0] + outcome[1] + outcome[2];
  return { game: 'k3', roomId: '1m', period, status: 'settled', outcome, summary: { sum, size: sum >= 11 ? 'big' : 'small', parity: sum % 2 ? 'odd' : 'even' }, drawnAtMs: 0, block: null };
};
const stage = (r: LotteryResult) => <DiceStage result={r} outcome={r.outcome!} summary={r.summary!} />;

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('prefers-reduced-motion'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('K3 dice stage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the three dice as faces named in words, still at first, and rolls a new result in', () => {
    reducedMotion(false);
    const { rerender } = render(stage(drawn('202611230700001', [2, 4, 6])));
    const first = screen.getByRole('img', { name: 'Dice 2, 4, 6, sum 12' });
    expect(first.querySelectorAll('svg.die--lg')).toHaveLength(3);
    // Pips drawn per face: 2 + 4 + 6.
    expect(first.querySelectorAll('.die__pip')).toHaveLength(12);
    expect(first.classList.contains('dice-stage--rolling')).toBe(false);
    expect(screen.getByText('Sum 12, Big, Even')).toBeTruthy();

    rerender(stage(drawn('202611230700002', [1, 1, 3])));
    const next = screen.getByRole('img', { name: 'Dice 1, 1, 3, sum 5' });
    expect(next.classList.contains('dice-stage--rolling')).toBe(true);
  });

  it('does not roll when the player asks for reduced motion', () => {
    reducedMotion(true);
    const { rerender } = render(stage(drawn('202611230700001', [2, 4, 6])));
    rerender(stage(drawn('202611230700002', [6, 6, 6])));
    const next = screen.getByRole('img', { name: 'Dice 6, 6, 6, sum 18' });
    expect(next.classList.contains('dice-stage--rolling')).toBe(false);
  });
});

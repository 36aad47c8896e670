import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { LotteryResultPopup, ResultPopup } from './result-popup';

// Decision 467: "Congratulations, Credited ₹1.96" on a round where the player staked ₹3 in total read
// as a gain. The popup says the round's net for the player, and what was lost on a loss.

const noop = () => undefined;

describe('the result popup says what the round came to', () => {
  it('a win that paid back less than the stakes is a net loss', () => {
    renderWithRouter(<ResultPopup result={{ period: '202611230010001', digit: 5, stakeMinor: 300, payoutMinor: 196, outcome: 'won' }} onClose={noop} />);
    const popup = screen.getByRole('dialog', { name: 'Congratulations' });
    expect(within(popup).getByText('Credited ₹1.96')).toBeTruthy();
    expect(within(popup).getByText('Staked ₹3.00 in all: net loss ₹1.04')).toBeTruthy();
  });

  it('a win that paid back more is a net gain', () => {
    renderWithRouter(<ResultPopup result={{ period: '202611230010001', digit: 7, stakeMinor: 100, payoutMinor: 196, outcome: 'won' }} onClose={noop} />);
    expect(within(screen.getByRole('dialog', { name: 'Congratulations' })).getByText('Staked ₹1.00 in all: net gain ₹0.96')).toBeTruthy();
  });

  it('a loss says what was lost, in every game', () => {
    const { unmount } = renderWithRouter(<ResultPopup result={{ period: '202611230010001', digit: 4, stakeMinor: 300, payoutMinor: 0, outcome: 'lost' }} onClose={noop} />);
    expect(within(screen.getByRole('dialog', { name: 'Sorry, no win this time' })).getByText('Lost ₹3.00')).toBeTruthy();
    unmount();
    renderWithRouter(<LotteryResultPopup game="k3" result={{ period: '202611230010001', outcome: [1, 2, 4], stakeMinor: 1_000, payoutMinor: 0, result: 'lost' }} onClose={noop} />);
    expect(within(screen.getByRole('dialog', { name: 'Sorry, no win this time' })).getByText('Lost ₹10.00')).toBeTruthy();
  });

  it('a refunded round has no net line: the stake came back', () => {
    renderWithRouter(<ResultPopup result={{ period: '202611230010001', digit: null, stakeMinor: 300, payoutMinor: 300, outcome: 'refunded' }} onClose={noop} />);
    const popup = screen.getByRole('dialog', { name: 'Round voided: stake refunded' });
    expect(within(popup).queryByText(/net|Lost/)).toBeNull();
  });
});

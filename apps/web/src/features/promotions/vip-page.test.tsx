import { VIP_LEVELS, type VipStatus } from '@colorplay/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests } from '../../test/render';

const STATUS: VipStatus = {
  level: 1,
  counts: { tenureDays: 42, kycVerified: true, verifiedPlayMinor: 2_500_00 },
  next: VIP_LEVELS[2],
  levels: [...VIP_LEVELS],
};

describe('Activity › VIP', () => {
  afterEach(() => setLocale('en'));

  it('shows the player’s level, what counts, the next level’s conditions and the whole published table', async () => {
    stubApi({ 'GET /api/promotions/vip': () => ({ body: { data: STATUS } }) });
    signInForTests();
    renderApp('/activity/vip');
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP levels' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your level: 1' })).toBeTruthy();
    expect(screen.getByText('Level 2 needs: 90 days with us, a verified identity and ₹10,000.00 of verified play.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'All levels and their benefits' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Level',
      'Days with us',
      'Identity verified',
      'Verified play',
      'Support answers within',
      'Withdrawal review',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(VIP_LEVELS.length);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0', 'No', '₹0.00', 'Standard', 'Standard']);
    expect(within(rows[4]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['365', 'Yes', '₹2,00,000.00', '6 hours', 'Before lower levels']);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    // Conditions are stated, never a nudge of how much more to bet.
    expect(screen.queryByText(/more to/i)).toBeNull();

    await act(() => setLocale('hi'));
    expect(await screen.findByRole('table', { name: 'सभी स्तर और उनके लाभ' })).toBeTruthy();
  });
});

import type { AdminBonusGrant } from '@colorplay/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

// The player lookup's Bonuses tab (docs/promotions.md, "Console and cost"): read only, newest first.

const session = {
  operator: { id: 3, username: 'sam', role: 'support', disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'players.read', 'promotions.read'],
  expiresAt: '2099-06-01T12:00:00.000Z',
};
const player = { id: 7, uid: '1234567', phone: '9811111111', nickname: null, createdAt: '2026-06-01T00:00:00.000Z', lastLoginAt: null, balances: [] };
const grant = (o: Partial<AdminBonusGrant>): AdminBonusGrant => ({
  id: 'bon_1', source: 'gift_code', sourceRef: 'DIWALI50', status: 'active', amountMinor: 50_00, balanceMinor: 50_00, wageringMultiple: 3, requiredMinor: 150_00, wageredMinor: 40_00,
  termsVersion: '2026-11-1', grantedAt: '2026-11-20T04:30:00.000Z', expiresAt: '2026-11-27T04:30:00.000Z', endedAt: null, ...o,
});

describe('player lookup: bonuses', () => {
  it("lists the player's bonuses with source, status, bonus left and wagering progress, and offers no action", async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session } }),
      'GET /api/admin/safety/limit-hits': () => ({ body: { data: { items: [] } } }),
      'GET /api/admin/players': () => ({ body: { data: player } }),
      'GET /api/admin/players/7/ledger': () => ({ body: { data: { items: [], nextCursor: null } } }),
      'GET /api/admin/players/7/bonuses': () => ({
        body: {
          data: {
            items: [
              grant({}),
              grant({ id: 'bon_0', source: 'first_deposit', sourceRef: 'dep_1', status: 'converted', amountMinor: 20_00, balanceMinor: 0, requiredMinor: 20_00, wageredMinor: 20_00, endedAt: '2026-11-19T12:00:00.000Z' }),
            ],
          },
        },
      }),
    });
    render(
      <MemoryRouter initialEntries={['/players']}>
        <AdminApp />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Player id, UID or phone', undefined, { timeout: 15_000 }), '7');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('tab', { name: 'Bonuses' }));
    const table = await screen.findByRole('table', { name: /Bonuses, newest first/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Granted (IST)', 'Source', 'State', 'Bonus', 'Bonus left', 'Wagering progress', 'Ended or expires (IST)']);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Gift code (DIWALI50)', 'Active', '₹50.00', '₹50.00', '₹40.00 of ₹150.00', '2026-11-27 10:00:00'],
      ['First deposit (dep_1)', 'Converted to cash', '₹20.00', '₹0.00', '₹20.00 of ₹20.00', '2026-11-19 17:30:00'],
    ]);
    expect(within(table).queryByRole('button')).toBeNull();
  });
});

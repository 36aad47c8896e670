import type { PlayerLotteryBet } from '@colorplay/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

// Decision 363: the player lookup's bets tab lists the player's bets of every lottery game, with a game column.

const session = {
  operator: { id: 3, username: 'sam', role: 'support', disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'players.read', 'deposits.read', 'usdt.read', 'withdrawals.read', 'kyc.read', 'kyc.review', 'audit.read', 'audit.export'],
  expiresAt: '2026-06-01T12:00:00.000Z',
};
const player = { id: 7, uid: '1234567', phone: '9811111111', nickname: null, createdAt: '2026-06-01T00:00:00.000Z', lastLoginAt: null, balances: [] };
const bet = (o: Partial<PlayerLotteryBet>): PlayerLotteryBet => ({
  id: 'bet_test000001', game: 'wingo', roomId: '30s', period: '202606010300010', selection: 'green', amountMinor: 100, quantity: 1, multiplier: 1, totalMinor: 100,
  feeMinor: 2, contractMinor: 98, status: 'won', payoutMinor: 196, outcome: [5], placedAtMs: Date.parse('2026-06-01T10:00:00Z'), settledAtMs: null, commitment: null, locksAtMs: 0, ...o,
});

describe('player lookup: bets', () => {
  it('lists the bets of every game with their game, filters by game, and pages on', { timeout: 20_000 }, async () => {
    const wingo = bet({});
    const k3 = bet({ id: 'bet_k3000001', game: 'k3', roomId: '1m', period: '202606010600011', selection: 'sum:10', status: 'lost', payoutMinor: 0, outcome: [1, 3, 6] });
    const trx = bet({ id: 'bet_trx00001', game: 'trx', roomId: '3m', period: '202606011800012', selection: 'big', status: 'pending', payoutMinor: 0, outcome: null });
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session } }),
      'GET /api/admin/safety/limit-hits': () => ({ body: { data: { items: [] } } }),
      'GET /api/admin/players': () => ({ body: { data: player } }),
      'GET /api/admin/players/7/ledger': () => ({ body: { data: { items: [], nextCursor: null } } }),
      'GET /api/admin/players/7/lottery-bets': ({ url }) => {
        const game = url.searchParams.get('game');
        if (game) return { body: { data: { items: [wingo, k3, trx].filter((b) => b.game === game), nextCursor: null } } };
        return url.searchParams.get('before') ? { body: { data: { items: [trx], nextCursor: null } } } : { body: { data: { items: [wingo, k3], nextCursor: 'bet_k3000001' } } };
      },
    });
    render(
      <MemoryRouter initialEntries={['/players']}>
        <AdminApp />
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText('Player id, UID or phone'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Lottery bets' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Placed', 'Game', 'Room', 'Period', 'Selection', 'Amount', 'Status', 'Paid']);
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows().map((r) => [r[1], r[2], r[3], r[4], r[6], r[7]])).toEqual([
      ['Win Go', '30s', '202606010300010', 'green', 'won (5)', '₹1.96'],
      ['K3', '1m', '202606010600011', 'sum:10', 'lost (1 3 6)', '₹0.00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(screen.getByRole('table')).findByText('Trx Win')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/lottery-bets')).at(-1)!.url.searchParams.get('before')).toBe('bet_k3000001');

    await userEvent.selectOptions(screen.getByLabelText('Game'), 'k3');
    await screen.findByText('lost (1 3 6)');
    expect(rows()).toHaveLength(1);
    expect(api.calls.at(-1)!.url.searchParams.get('game')).toBe('k3');
  });
});

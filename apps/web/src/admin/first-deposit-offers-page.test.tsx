import type { FirstDepositOffer } from '@colorplay/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'admin' | 'support', permissions: string[]) => ({
  operator: { id: 1, username: role === 'admin' ? 'asha' : 'sam', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'promotions.read', ...permissions],
  expiresAt: '2099-06-01T12:00:00.000Z',
});
const running: FirstDepositOffer = {
  id: 3,
  percent: 20,
  capMinor: 200_00,
  wageringMultiple: 5,
  bonusValidDays: 7,
  budgetMinor: 50_000_00,
  spentMinor: 1_200_00,
  termsVersion: '2026-11-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  paused: false,
  pausedAt: null,
  createdBy: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
};
// The page also shows the daily check-in's settings (check-in-settings-section.test.tsx tests them).
const checkInSettings = { bonusMinor: 5_00, wageringMultiple: 1, validDays: 3, dailyBudgetMinor: 5_000_00, paused: false, updatedBy: null, updatedAt: null };
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/first-deposit-offers']}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('first-deposit offers page', () => {
  it('lists offers with budget and spent, creates one in paise read as India time, and pauses one', async () => {
    let items = [running];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('admin', ['promotions.manage']) } }),
      'GET /api/admin/first-deposit-offers': () => ({ body: { data: { items } } }),
      'GET /api/admin/check-in-settings': () => ({ body: { data: checkInSettings } }),
      'POST /api/admin/first-deposit-offers': (call) => {
        const created = { ...running, ...(call.body as object), id: 4, spentMinor: 0 };
        items = [created, ...items];
        return { body: { data: created } };
      },
      'POST /api/admin/first-deposit-offers/3/pause': () => {
        items = items.map((o) => (o.id === 3 ? { ...o, paused: true, pausedAt: '2026-11-22T08:00:00.000Z' } : o));
        return { body: { data: items.find((o) => o.id === 3) } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'The newest first, with the budget and what was spent' });
    const row = within(table).getByRole('row', { name: /#3: 20% up to ₹200.00, wager 5× within 7 days/ });
    expect(within(row).getByText('₹50,000.00')).toBeTruthy();
    expect(within(row).getByText('₹1,200.00')).toBeTruthy();
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First-deposit offers' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New first-deposit offer' });
    await user.clear(within(form).getByLabelText('Bonus (% of the first recharge, 1 to 100)'));
    await user.type(within(form).getByLabelText('Bonus (% of the first recharge, 1 to 100)'), '10');
    await user.clear(within(form).getByLabelText('Cap per player (₹)'));
    await user.type(within(form).getByLabelText('Cap per player (₹)'), '150.50');
    await user.type(within(form).getByLabelText('Total budget (₹)'), '10000');
    await user.clear(within(form).getByLabelText('Offer ends (India time)'));
    await user.type(within(form).getByLabelText('Offer ends (India time)'), '2026-12-31T23:30');
    await user.click(within(form).getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByText('Offer 4 created.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/first-deposit-offers')[0]!.body).toEqual({
      percent: 10,
      capMinor: 150_50,
      wageringMultiple: 5,
      bonusValidDays: 7,
      budgetMinor: 10_000_00,
      expiresAt: '2026-12-31T18:00:00.000Z',
    });

    await user.click(screen.getByRole('button', { name: 'Pause offer 3' }));
    // Asked first: cancelling pauses nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Pause first-deposit offer 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/admin/first-deposit-offers/3/pause')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pause offer 3' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pause first-deposit offer 3?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Offer 3 paused.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('row', { name: /#3:/ })).getByText('Paused')).toBeTruthy());
  });

  it('shows a support operator the offers without the form or the pause button', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', []) } }),
      'GET /api/admin/first-deposit-offers': () => ({ body: { data: { items: [running] } } }),
      'GET /api/admin/check-in-settings': () => ({ body: { data: checkInSettings } }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'The newest first, with the budget and what was spent' });
    expect(screen.queryByRole('form', { name: 'New first-deposit offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause offer 3' })).toBeNull();
  });
});

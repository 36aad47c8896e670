import type { CheckInSettings } from '@colorplay/contract';
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
const defaults: CheckInSettings = { bonusMinor: 5_00, wageringMultiple: 1, validDays: 3, dailyBudgetMinor: 5_000_00, paused: false, updatedBy: null, updatedAt: null };

/** The first-deposit offers page (the check-in section is on it) with the settings the stub serves. */
function renderPage(role: 'admin' | 'support') {
  let settings = defaults;
  const api = stubApi({
    'GET /api/admin/me': () => ({ body: { data: session(role, role === 'admin' ? ['promotions.manage'] : []) } }),
    'GET /api/admin/first-deposit-offers': () => ({ body: { data: { items: [] } } }),
    'GET /api/admin/check-in-settings': () => ({ body: { data: settings } }),
    'POST /api/admin/check-in-settings': (call) => {
      settings = { ...(call.body as CheckInSettings), updatedBy: 1, updatedAt: `2026-11-2${api.callsTo('POST', '/api/admin/check-in-settings').length}T08:00:00.000Z` };
      return { body: { data: settings } };
    },
  });
  render(
    <MemoryRouter initialEntries={['/first-deposit-offers']}>
      <AdminApp />
    </MemoryRouter>,
  );
  return api;
}
const current = () => screen.findByLabelText('Check-in settings in force');

describe('daily check-in settings (console)', () => {
  it('shows the values in force, saves an admin’s change, and pauses only after a confirmation', async () => {
    const api = renderPage('admin');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Daily check-in' })).toBeTruthy();
    const shown = await current();
    expect(within(shown).getByText('₹5.00')).toBeTruthy();
    expect(within(shown).getByText('₹5,000.00')).toBeTruthy();
    expect(within(shown).getByText('Running')).toBeTruthy();
    expect(within(shown).getByText('Never: the server’s defaults')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Change the check-in settings' });
    await user.clear(within(form).getByLabelText('Bonus per check-in (₹, at most 100)'));
    await user.type(within(form).getByLabelText('Bonus per check-in (₹, at most 100)'), '7.50');
    await user.clear(within(form).getByLabelText('Wagering multiple (1 to 5)'));
    await user.type(within(form).getByLabelText('Wagering multiple (1 to 5)'), '3');
    await user.clear(within(form).getByLabelText('Daily budget for all check-ins (₹)'));
    await user.type(within(form).getByLabelText('Daily budget for all check-ins (₹)'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save check-in settings' }));
    expect(await screen.findByText('Check-in settings saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/check-in-settings')[0]!.body).toEqual({ bonusMinor: 7_50, wageringMultiple: 3, validDays: 3, dailyBudgetMinor: 2_000_00, paused: false });
    await waitFor(() => expect(within(screen.getByLabelText('Check-in settings in force')).getByText('₹7.50')).toBeTruthy());

    // Pausing asks first: cancelled, nothing is sent.
    const again = screen.getByRole('form', { name: 'Change the check-in settings' });
    await user.click(within(again).getByRole('checkbox', { name: 'Paused (no new check-ins)' }));
    await user.click(within(again).getByRole('button', { name: 'Save check-in settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the daily check-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/api/admin/check-in-settings')).toHaveLength(1);
    await user.click(within(again).getByRole('button', { name: 'Save check-in settings' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pause the daily check-in?' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/check-in-settings')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/admin/check-in-settings')[1]!.body).toMatchObject({ bonusMinor: 7_50, paused: true });
    await waitFor(() => expect(within(screen.getByLabelText('Check-in settings in force')).getByText('Paused')).toBeTruthy());
  });

  it('shows a support operator the values without the form', async () => {
    renderPage('support');
    const shown = await current();
    expect(within(shown).getByText('₹5.00')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change the check-in settings' })).toBeNull();
  });
});

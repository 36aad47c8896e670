import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'admin' | 'support', permissions: string[]) => ({
  operator: { id: 1, username: role === 'admin' ? 'asha' : 'sam', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'announcements.read', ...permissions],
  expiresAt: '2099-06-01T12:00:00.000Z',
});
const running = {
  id: 'ann_1',
  kind: 'service',
  segment: 'all',
  titleEn: 'Maintenance tonight',
  bodyEn: 'Recharges pause from 02:00 to 03:00.',
  titleHi: 'आज रात रखरखाव',
  bodyHi: 'रिचार्ज 02:00 से 03:00 तक रुके रहेंगे।',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2099-01-01T00:00:00.000Z',
  paused: false,
  createdBy: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/announcements']}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('announcements page', () => {
  it('schedules an announcement in both languages, read as India time, and pauses one', async () => {
    let items = [running];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('admin', ['announcements.manage']) } }),
      'GET /api/admin/announcements': () => ({ body: { data: { items } } }),
      'POST /api/admin/announcements': (call) => {
        const created = { ...running, ...(call.body as object), id: 'ann_2', paused: false };
        items = [created, ...items];
        return { body: { data: created } };
      },
      'POST /api/admin/announcements/ann_1/pause': () => {
        items = items.map((a) => (a.id === 'ann_1' ? { ...a, paused: true } : a));
        return { body: { data: { ...running, paused: true } } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Schedule an announcement' }, { timeout: 15_000 });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'marketing');
    await user.selectOptions(within(form).getByLabelText('Players'), 'lang_hi');
    await user.type(within(form).getByLabelText('Title (English)'), 'Weekend offer');
    await user.type(within(form).getByLabelText('Text (English)'), 'Play Win Go this weekend.');
    await user.type(within(form).getByLabelText('Title (Hindi)'), 'सप्ताहांत ऑफ़र');
    await user.type(within(form).getByLabelText('Text (Hindi)'), 'इस सप्ताहांत विन गो खेलें।');
    await user.clear(within(form).getByLabelText('Starts (India time)'));
    await user.type(within(form).getByLabelText('Starts (India time)'), '2026-07-01T10:00');
    await user.clear(within(form).getByLabelText('Ends (India time)'));
    await user.type(within(form).getByLabelText('Ends (India time)'), '2026-07-02T10:00');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Scheduled: Weekend offer')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/announcements')[0]?.body).toEqual({
      kind: 'marketing',
      segment: 'lang_hi',
      titleEn: 'Weekend offer',
      bodyEn: 'Play Win Go this weekend.',
      titleHi: 'सप्ताहांत ऑफ़र',
      bodyHi: 'इस सप्ताहांत विन गो खेलें।',
      // 10:00 in India is 04:30 UTC.
      startsAt: '2026-07-01T04:30:00.000Z',
      endsAt: '2026-07-02T04:30:00.000Z',
    });

    const row = screen.getByRole('row', { name: /Maintenance tonight/ });
    expect(within(row).getByText('Showing')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Pause Maintenance tonight' }));
    expect(await screen.findByText('Paused: Maintenance tonight')).toBeTruthy();
    // The list is read again after the pause.
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Maintenance tonight/ })).getByText('Paused')).toBeTruthy());
  });

  it('lets support read the list without the form or the buttons', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', []) } }),
      'GET /api/admin/announcements': () => ({ body: { data: { items: [running] } } }),
    });
    renderPage();
    expect(await screen.findByRole('row', { name: /Maintenance tonight/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Schedule an announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });
});

import type { SupportAdminThread, SupportQueueItem } from '@colorplay/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'finance' | 'support', permissions: string[]) => ({
  operator: { id: 2, username: role === 'finance' ? 'farid' : 'sam', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'support.read', ...permissions],
  expiresAt: '2026-06-01T12:00:00.000Z',
});
const T = '2026-06-01T06:00:00.000Z';
const item: SupportQueueItem = {
  id: 'tkt_abcdef123',
  category: 'withdrawal',
  status: 'open',
  link: { kind: 'withdrawal', id: 'wd_abcdef123' },
  complaint: false,
  createdAt: T,
  updatedAt: T,
  responseDueAt: '2026-06-02T06:00:00.000Z',
  expectedResponseHours: 24,
  reopenableUntil: null,
  finalResponse: null,
  playerId: 41,
  assigneeId: null,
  assignee: null,
  overdue: true,
  ageSeconds: 26 * 3600 + 5 * 60,
  language: 'hi',
};
const thread = (over: Partial<SupportAdminThread> = {}): SupportAdminThread => ({
  ...item,
  messages: [
    { id: 'msg_1', author: 'player', body: 'पैसा नहीं आया', at: T, internal: false, operator: null, attachments: [] },
    { id: 'msg_2', author: 'operator', body: 'Checked the bank file', at: T, internal: true, operator: 'sam', attachments: [] },
  ],
  ...over,
});
const canned = { id: 'looking_into_it', title: 'We are looking into it', en: 'We are looking into this now.', hi: 'हम अभी इसकी जाँच कर रहे हैं।' };
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('support pages', () => {
  it('lists tickets with their age, due time and overdue mark', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', ['support.reply']) } }),
      'GET /api/admin/support/tickets': () => ({ body: { data: { items: [item] } } }),
    });
    renderAt('/support');
    const row = await screen.findByRole('row', { name: /tkt_abcdef123/ }, { timeout: 10_000 });
    expect(within(row).getByText('26 h 5 min')).toBeTruthy();
    expect(within(row).getByText('Overdue')).toBeTruthy();
    expect(within(row).getByText('Waiting for us')).toBeTruthy();
  });

  it('sets internal notes apart, fills a canned reply in the player’s language, and sends it', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', ['support.reply']) } }),
      'GET /api/admin/support/tickets/tkt_abcdef123': () => ({ body: { data: thread() } }),
      'GET /api/admin/support/canned-replies': () => ({ body: { data: { items: [canned] } } }),
      'POST /api/admin/support/tickets/tkt_abcdef123/messages': () => ({ body: { data: thread({ status: 'waiting_player', overdue: false }) } }),
    });
    renderAt('/support/tkt_abcdef123');
    expect(await screen.findByText('Internal note (the player never sees it)', {}, { timeout: 10_000 })).toBeTruthy();
    await screen.findByRole('option', { name: 'We are looking into it' });
    await userEvent.selectOptions(screen.getByLabelText('Canned reply'), 'looking_into_it');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('हम अभी इसकी जाँच कर रहे हैं।');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Waiting for the player')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/support/tickets/tkt_abcdef123/messages')[0]!.body).toEqual({ message: 'हम अभी इसकी जाँच कर रहे हैं।', internal: false });
  });

  it('offers finance no way to write', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('finance', []) } }),
      'GET /api/admin/support/tickets/tkt_abcdef123': () => ({ body: { data: thread() } }),
    });
    renderAt('/support/tkt_abcdef123');
    expect(await screen.findByText('पैसा नहीं आया', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });
});

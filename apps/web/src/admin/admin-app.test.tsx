import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const financeSession = {
  operator: { id: 2, username: 'farid', role: 'finance', disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'players.read', 'deposits.read', 'deposits.review', 'withdrawals.read', 'withdrawals.review', 'kyc.read', 'audit.read', 'audit.export'],
  expiresAt: '2026-06-01T12:00:00.000Z',
};
const supportSession = {
  ...financeSession,
  operator: { ...financeSession.operator, id: 3, username: 'sam', role: 'support' },
  permissions: ['session.read', 'players.read', 'deposits.read', 'withdrawals.read', 'kyc.read', 'kyc.review', 'audit.read', 'audit.export'],
};
const deposit = {
  id: 'dep_abcdef123',
  playerId: 7,
  amountMinor: 500_00,
  currency: 'INR',
  utr: '123412341234',
  gatewayUtr: null,
  reviewReason: 'not_confirmed_by_gateway',
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:05:00.000Z',
};

const renderConsole = (path = '/deposits') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('operator console', () => {
  it('signs in with username, password and the 6-digit code, sending the CSRF header', async () => {
    let signedIn = false;
    const api = stubApi({
      'GET /api/admin/me': () => (signedIn ? { body: { data: financeSession } } : { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } }),
      'POST /api/admin/login': () => {
        signedIn = true;
        return { body: { data: financeSession } };
      },
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [] } } }),
    });
    renderConsole();
    await userEvent.type(await screen.findByLabelText('Username'), 'farid');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.type(screen.getByLabelText('6-digit code'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/login')[0]!.body).toEqual({ username: 'farid', password: 'secret-password', code: '123456' });
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/admin/login'))![1]!;
    expect((init.headers as Record<string, string>)['x-colorplay-admin']).toBe('1');
    expect(screen.getByText('farid (finance)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
  });

  it('shows a wrong sign-in in words', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } }),
      'POST /api/admin/login': () => ({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } } }),
    });
    renderConsole();
    await userEvent.type(await screen.findByLabelText('Username'), 'farid');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username, password or code.');
  });

  it('approves a UTR deposit with a required note in a dialog', async () => {
    let queue = [deposit];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: queue } } }),
      'POST /api/admin/deposits/dep_abcdef123/review': () => {
        queue = [];
        return { body: { data: { id: deposit.id, status: 'succeeded' } } };
      },
    });
    renderConsole();
    expect(await screen.findByText(/dep_abcdef123 · player 7 · ₹500.00 · UTR 123412341234/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit dep_abcdef123' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((within(dialog).getByRole('alert')).textContent).toContain('Write at least 3 characters.');
    expect(api.callsTo('POST', '/api/admin/deposits/dep_abcdef123/review')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'bank statement line 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Done: dep_abcdef123 is now succeeded.');
    expect(api.callsTo('POST', '/api/admin/deposits/dep_abcdef123/review')[0]!.body).toEqual({ decision: 'approve', note: 'bank statement line 42' });
    expect(await screen.findByText('Nothing waiting.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no money actions to support, and says when a withdrawal awaits a second approval', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [deposit] } } }),
      'GET /api/admin/withdrawals/review': () => ({
        body: {
          data: {
            items: [
              {
                id: 'wd_abcdef123',
                playerId: 7,
                amountMinor: 30_000_00,
                status: 'review',
                approvals: [{ operatorId: '2', note: 'ok', at: '2026-06-01T10:00:00.000Z' }],
                approvalsRequired: 2,
                reviewReasons: ['amount_above_auto_limit'],
              },
            ],
            nextCursor: null,
          },
        },
      }),
    });
    renderConsole();
    await screen.findByText(/dep_abcdef123/);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Withdrawals' }));
    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    expect(screen.getByText('Approvals 1 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('filters the audit log and links the CSV export with the same filters', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/audit': () => ({
        body: {
          data: {
            items: [{ id: 9, at: '2026-06-01T10:00:00.000Z', operatorId: 2, username: 'farid', action: 'deposit.approve', target: 'deposit:dep_abcdef123', before: null, after: { note: 'ok' }, ip: '198.51.100.7', userAgent: 'ua' }],
            nextCursor: null,
          },
        },
      }),
    });
    renderConsole('/audit');
    expect(await screen.findByText(/farid · deposit.approve · deposit:dep_abcdef123/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'deposit.approve');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(api.calls.at(-1)!.url.search).toBe('?action=deposit.approve');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/\/api\/admin\/audit\.csv\?action=deposit\.approve$/);
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'finance' | 'support', permissions: string[]) => ({
  operator: { id: 2, username: 'farid', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions,
  expiresAt: '2099-06-01T12:00:00.000Z',
});
const READS = ['session.read', 'players.read', 'deposits.read', 'usdt.read', 'withdrawals.read', 'kyc.read', 'audit.read', 'audit.export'];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const day = (over: Record<string, unknown> = {}) => ({
  day: '2026-06-01', depositsCount: 2, depositsMinor: 1_500_00, withdrawalsCount: 0, withdrawalsMinor: 0, reversedCount: 0, reversedMinor: 0,
  stakesMinor: 100_00, returnedMinor: 0, payoutsMinor: 40_00, ggrMinor: 60_00, feesMinor: 2_00, holdBasisPoints: 6000, activePlayers: 1, ...over,
});

const queues = {
  'GET /api/admin/deposits/review': () => ({ body: { data: { items: [{ createdAt: minutesAgo(5) }, { createdAt: minutesAgo(90) }] } } }),
  'GET /api/admin/usdt/review': () => ({ body: { data: { items: [] } } }),
  'GET /api/admin/withdrawals/review': () => ({ body: { data: { items: [{ createdAt: minutesAgo(3 * 1440) }], nextCursor: 'wd_next' } } }),
  'GET /api/admin/kyc/pending': () => ({ body: { data: { items: [{ submittedAt: minutesAgo(12) }] } } }),
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('console home', () => {
  it('opens on the home page with each queue’s size and age and, for finance, today’s figures', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('finance', [...READS, 'reports.read']) } }),
      ...queues,
      'GET /api/admin/reports': () => ({ body: { data: { days: [day()] } } }),
    });
    renderAt('/');
    const table = await screen.findByRole('table', { name: 'Work waiting' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(await within(row('UTR deposits')).findByText('2')).toBeTruthy();
    expect(within(row('UTR deposits')).getByText(/^1 h \(/)).toBeTruthy();
    expect(within(row('USDT review')).getByText('Nothing waiting')).toBeTruthy();
    expect(within(row('Withdrawals')).getByText('1 or more')).toBeTruthy();
    expect(within(row('Withdrawals')).getByText(/^3 days \(/)).toBeTruthy();
    expect(within(row('KYC')).getByText(/^12 min \(/)).toBeTruthy();
    const today = await screen.findByRole('table', { name: /^Today \(/ });
    expect(within(today).getByRole('cell', { name: '1500.00' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/reports')[0]!.url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
  });

  it('shows support the queues but no figures, and no Reports link', async () => {
    const api = stubApi({ 'GET /api/admin/me': () => ({ body: { data: session('support', [...READS, 'kyc.review']) } }), ...queues });
    renderAt('/anything');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console home' })).toBeTruthy();
    await screen.findAllByText('Nothing waiting');
    expect(screen.queryByRole('table', { name: /^Today/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/reports')).toHaveLength(0);
  });
});

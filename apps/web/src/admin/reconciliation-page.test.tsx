import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'finance' | 'support', permissions: string[]) => ({
  operator: { id: 2, username: role === 'finance' ? 'farid' : 'sam', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'reconciliation.read', ...permissions],
  expiresAt: '2026-06-01T12:00:00.000Z',
});
const item = {
  id: 'rci_abcdef123',
  importId: 'rcn_abcdef123',
  lineNo: 3,
  kind: 'paid_not_credited',
  state: 'open',
  orderId: 'dep_abcdef123',
  file: { utr: '123412341234', amountMinor: 450_00, status: 'paid', paidAt: '2026-06-01T09:00:00.000Z' },
  order: { status: 'expired', amountMinor: 450_00, gatewayUtr: null },
  reason: null,
  resolvedBy: null,
  resolvedAt: null,
  transferId: null,
};
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/reconciliation']}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('reconciliation page', () => {
  it('imports a file, lists the bad lines of a refused one, and credits a difference with a reason', async () => {
    let open = [item];
    let refuse = true;
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('finance', ['reconciliation.manage']) } }),
      'GET /api/admin/reconciliation/items': () => ({ body: { data: { items: open } } }),
      'POST /api/admin/reconciliation/imports': () =>
        refuse
          ? { status: 400, body: { error: { code: 'SETTLEMENT_FILE_INVALID', message: 'bad', issues: [{ path: 'line 4', message: 'utr is 12 digits' }] } } }
          : { body: { data: { id: 'rcn_abcdef123', fileName: 'day.csv', sha256: 'a'.repeat(64), settlementDate: '2026-06-01', lineCount: 2, importedBy: 2, importedAt: '2026-06-01T10:00:00.000Z', counts: { matched: 1, paid_not_credited: 1 }, duplicate: false } } },
      'POST /api/admin/reconciliation/items/rci_abcdef123/resolve': () => {
        open = [];
        return { body: { data: { ...item, state: 'credited', reason: 'settlement shows it paid', transferId: 'xfer_1' } } };
      },
    });
    renderPage();
    const row = await screen.findByRole('row', { name: /dep_abcdef123/ });
    expect(within(row).getByText('Paid at the gateway, not credited')).toBeTruthy();
    expect(within(row).getByText('line 3: paid ₹450.00, UTR 123412341234')).toBeTruthy();

    const file = new File(['order_id,utr,amount_minor,status,paid_at\n'], 'day.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Settlement file (CSV)'), file);
    await userEvent.clear(screen.getByLabelText('Settlement day (India time)'));
    await userEvent.type(screen.getByLabelText('Settlement day (India time)'), '2026-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file was not imported.');
    expect(within(alert).getByText('line 4: utr is 12 digits')).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported day.csv: 2 lines, 1 differences to resolve.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/reconciliation/imports')[1]!.body).toEqual({ fileName: 'day.csv', settlementDate: '2026-06-01', csv: 'order_id,utr,amount_minor,status,paid_at\n' });

    await userEvent.click(screen.getByRole('button', { name: 'Credit order dep_abcdef123' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit order dep_abcdef123' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(api.callsTo('POST', '/api/admin/reconciliation/items/rci_abcdef123/resolve')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'settlement shows it paid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order dep_abcdef123 credited.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/reconciliation/items/rci_abcdef123/resolve')[0]!.body).toEqual({ action: 'credit', reason: 'settlement shows it paid' });
    expect(await screen.findByText('No open differences.')).toBeTruthy();
  });

  it('lets support read the differences without importing or resolving', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', []) } }),
      'GET /api/admin/reconciliation/items': () => ({ body: { data: { items: [item] } } }),
    });
    renderPage();
    expect(await screen.findByRole('row', { name: /dep_abcdef123/ })).toBeTruthy();
    expect(screen.queryByLabelText('Settlement file (CSV)')).toBeNull();
    expect(screen.queryByRole('button', { name: /Credit order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Explain order/ })).toBeNull();
  });
});

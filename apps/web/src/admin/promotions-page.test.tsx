import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n';
import { enAdmin } from '../lib/messages/en-admin';
import { hiAdmin } from '../lib/messages/hi/admin';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const session = (role: 'admin' | 'support', permissions: string[]) => ({
  operator: { id: 1, username: role === 'admin' ? 'asha' : 'sam', role, disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'promotions.read', ...permissions],
  expiresAt: '2099-06-01T12:00:00.000Z',
});
const diwali = {
  id: 7,
  code: 'DIWALI50',
  bonusMinor: 50_00,
  wageringMultiple: 3,
  bonusValidDays: 7,
  budgetMinor: 500_00,
  spentMinor: 100_00,
  perPlayerCap: 1,
  termsVersion: '2026-11-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  paused: false,
  createdBy: 4,
  createdAt: '2026-11-20T04:30:00.000Z',
};
const figure = (count: number, amountMinor: number) => ({ count, amountMinor });
const none = figure(0, 0);
const cost = (from: string, to: string) => ({
  from,
  to,
  rows: [
    { source: 'gift_code', offerRef: 'DIWALI50', giftCodeId: 7, granted: figure(3, 150_00), converted: figure(1, 70_00), forfeited: figure(1, 50_00), expired: none, outstanding: figure(1, 50_00) },
    { source: 'first_deposit', offerRef: 'FD-1', giftCodeId: null, granted: figure(1, 25_00), converted: none, forfeited: none, expired: figure(1, 25_00), outstanding: none },
  ],
  totals: { granted: figure(4, 175_00), converted: figure(1, 70_00), forfeited: figure(1, 50_00), expired: figure(1, 25_00), outstanding: figure(1, 50_00) },
});
/** A row of the gift codes' table (the cost table below it names the codes too). */
const codeRow = async (name: RegExp) => within(await screen.findByRole('table', { name: 'The newest first' }, { timeout: 15_000 })).findByRole('row', { name });
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/promotions']}>
      <AdminApp />
    </MemoryRouter>,
  );

afterEach(async () => {
  await setLocale('en');
});

describe('promotions page', () => {
  it('lists gift codes, checks the form in words, creates a code in minor units and India time, and pauses one after confirming', async () => {
    let items = [diwali];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('admin', ['promotions.manage']) } }),
      'GET /api/admin/gift-codes': () => ({ body: { data: { items } } }),
      'GET /api/admin/promotions/cost': (call) => ({ body: { data: cost(call.url.searchParams.get('from')!, call.url.searchParams.get('to')!) } }),
      'POST /api/admin/gift-codes': (call) => {
        const created = { ...diwali, ...(call.body as object), id: 8, spentMinor: 0 };
        items = [created, ...items];
        return { body: { data: created } };
      },
      'POST /api/admin/gift-codes/7/pause': () => {
        items = items.map((c) => (c.id === 7 ? { ...c, paused: true } : c));
        return { body: { data: { ...diwali, paused: true } } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Promotions' }, { timeout: 15_000 })).toBeTruthy();
    const row = await codeRow(/DIWALI50/);
    expect(within(row).getByText('₹50.00, lasts 7 days')).toBeTruthy();
    expect(within(row).getByText('3× the bonus')).toBeTruthy();
    expect(within(row).getByText('₹100.00 of ₹500.00')).toBeTruthy();
    expect(within(row).getByText('Running')).toBeTruthy();
    // 04:30 UTC is 10:00 in India.
    expect(within(row).getByText('by operator 4, 2026-11-20 10:00:00')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Create a gift code' });
    await user.type(within(form).getByLabelText('Code'), 'ab1');
    await user.type(within(form).getByLabelText('Bonus (₹)'), '100');
    await user.type(within(form).getByLabelText('Budget (₹)'), '50');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByText('Use 4 to 24 capital letters and digits, no spaces.')).toBeTruthy();
    expect(within(form).getByText('The budget must pay at least one bonus.')).toBeTruthy();
    expect(within(form).getByLabelText('Budget (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/admin/gift-codes')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Code'));
    // Typed in small letters: the field writes capitals, as players may type any case.
    await user.type(within(form).getByLabelText('Code'), 'holi2027');
    await user.clear(within(form).getByLabelText('Bonus (₹)'));
    await user.type(within(form).getByLabelText('Bonus (₹)'), '25.50');
    await user.clear(within(form).getByLabelText('Budget (₹)'));
    await user.type(within(form).getByLabelText('Budget (₹)'), '1,000');
    await user.selectOptions(within(form).getByLabelText('Wagering before it becomes cash'), '5');
    await user.clear(within(form).getByLabelText('Days the bonus lasts (1 to 90)'));
    await user.type(within(form).getByLabelText('Days the bonus lasts (1 to 90)'), '14');
    await user.clear(within(form).getByLabelText('Times one player may redeem it (1 to 10)'));
    await user.type(within(form).getByLabelText('Times one player may redeem it (1 to 10)'), '2');
    await user.clear(within(form).getByLabelText('Code expires (India time)'));
    await user.type(within(form).getByLabelText('Code expires (India time)'), '2099-03-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Created: HOLI2027')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/gift-codes')[0]?.body).toEqual({
      code: 'HOLI2027',
      bonusMinor: 25_50,
      wageringMultiple: 5,
      bonusValidDays: 14,
      budgetMinor: 1_000_00,
      perPlayerCap: 2,
      // 10:00 in India is 04:30 UTC.
      expiresAt: '2099-03-01T04:30:00.000Z',
    });
    expect(await codeRow(/HOLI2027/)).toBeTruthy();

    await user.click(within(await codeRow(/DIWALI50/)).getByRole('button', { name: 'Pause DIWALI50' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause gift code DIWALI50?' });
    expect(within(dialog).getByText(/a pause is final/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/gift-codes/7/pause')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Paused: DIWALI50')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/gift-codes/7/pause')).toHaveLength(1);
    await waitFor(async () => expect(within(await codeRow(/DIWALI50/)).getByText('Paused')).toBeTruthy());
    expect(within(await codeRow(/DIWALI50/)).queryByRole('button', { name: 'Pause DIWALI50' })).toBeNull();
  });

  it('says why the server refused: an admin awaiting a countersignature, a code that exists', async () => {
    const refusals = [
      { status: 403, body: { error: { code: 'OPERATOR_NOT_COUNTERSIGNED', message: 'x' } } },
      { status: 409, body: { error: { code: 'GIFT_CODE_EXISTS', message: 'x', issues: [{ path: 'code', message: 'Choose another code' }] } } },
    ];
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('admin', ['promotions.manage']) } }),
      'GET /api/admin/gift-codes': () => ({ body: { data: { items: [] } } }),
      'GET /api/admin/promotions/cost': (call) => ({ body: { data: { ...cost(call.url.searchParams.get('from')!, call.url.searchParams.get('to')!), rows: [] } } }),
      'POST /api/admin/gift-codes': () => refusals.shift()!,
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create a gift code' }, { timeout: 15_000 });
    expect(await screen.findByText('No gift codes yet.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Code'), 'DIWALI50');
    await user.type(within(form).getByLabelText('Bonus (₹)'), '50');
    await user.type(within(form).getByLabelText('Budget (₹)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('awaits a countersignature');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('A gift code with this text already exists'));
    expect(within(within(form).getByRole('alert')).getByText('code: Choose another code')).toBeTruthy();
  });

  it('shows the cost report for a chosen range of IST days as a table in rupees, and support reads without managing', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('support', []) } }),
      'GET /api/admin/gift-codes': () => ({ body: { data: { items: [diwali] } } }),
      'GET /api/admin/promotions/cost': (call) => ({ body: { data: cost(call.url.searchParams.get('from')!, call.url.searchParams.get('to')!) } }),
    });
    renderPage();
    const user = userEvent.setup();
    expect(await codeRow(/DIWALI50/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create a gift code' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();

    const range = screen.getByRole('form', { name: 'Days of the cost report' });
    await user.clear(within(range).getByLabelText('From (IST day)'));
    await user.type(within(range).getByLabelText('From (IST day)'), '2026-11-01');
    await user.clear(within(range).getByLabelText('To (IST day)'));
    await user.type(within(range).getByLabelText('To (IST day)'), '2026-11-30');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    const table = await screen.findByRole('table', { name: 'Per offer, 2026-11-01 to 2026-11-30 (IST)' });
    expect(api.callsTo('GET', '/api/admin/promotions/cost').at(-1)!.url.search).toBe('?from=2026-11-01&to=2026-11-30');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Offer', 'Source', 'Granted', 'Granted (₹)', 'Converted', 'Converted (₹)', 'Forfeited', 'Forfeited (₹)', 'Expired', 'Expired (₹)', 'Outstanding now', 'Outstanding now (₹)']);
    const cells = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/DIWALI50/)).toEqual(['Gift code', '3', '₹150.00', '1', '₹70.00', '1', '₹50.00', '0', '₹0.00', '1', '₹50.00']);
    expect(cells(/FD-1/)).toEqual(['First deposit', '1', '₹25.00', '0', '₹0.00', '0', '₹0.00', '1', '₹25.00', '0', '₹0.00']);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(/\/api\/admin\/promotions\/cost\/csv\?from=2026-11-01&to=2026-11-30$/);
    expect(cells(/Total/)).toEqual(['', '4', '₹175.00', '1', '₹70.00', '1', '₹50.00', '1', '₹25.00', '1', '₹50.00']);
  });

  it('has every string of the page and the Bonuses tab in Hindi, with the same placeholders, and shows them in Hindi', async () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const keys = Object.keys(enAdmin).filter((k) => k.startsWith('admin.promo.') || k === 'admin.nav.promotions' || k === 'admin.players.tab.bonuses') as (keyof typeof enAdmin)[];
    expect(keys.length).toBeGreaterThan(60);
    for (const key of keys) {
      const hi = (hiAdmin as Record<string, string>)[key];
      expect(hi, key).toBeDefined();
      expect(placeholders(hi!), key).toEqual(placeholders(enAdmin[key]));
      if (key !== 'admin.promo.bonuses.source') expect(hi, key).toMatch(/[\u0900-\u097F]/);
    }
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: session('admin', ['promotions.manage']) } }),
      'GET /api/admin/gift-codes': () => ({ body: { data: { items: [diwali] } } }),
      'GET /api/admin/promotions/cost': (call) => ({ body: { data: cost(call.url.searchParams.get('from')!, call.url.searchParams.get('to')!) } }),
    });
    await setLocale('hi');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रमोशन' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'गिफ़्ट कोड बनाएँ' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'DIWALI50 रोकें' })).toBeTruthy();
  });
});

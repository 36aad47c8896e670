import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeDeposit, stubWalletApi, type RecordedCall } from '../../test/fake-wallet-api';
import { makeUsdtDeposit, runtimeConfig } from '../../test/fake-usdt-api';
import { stubIntersectionObserver } from '../../test/intersection-observer';

const PAGE_1 = [
  makeDeposit({ id: 'dep_hist000003', status: 'succeeded', amountMinor: 500_00, utr: '123456789012', createdAt: '2026-01-15T18:40:05.000Z' }),
  makeDeposit({ id: 'dep_hist000002', status: 'pending_payment', amountMinor: 200_00 }),
];
const PAGE_2 = [makeDeposit({ id: 'dep_hist000001', status: 'failed', amountMinor: 100_00, paymentUrl: null })];

/** Two pages for the unfiltered list; a filtered list answers with whatever matches page 1. */
function stubHistory() {
  return stubWalletApi({
    'GET /api/wallet/get-deposits': (call: RecordedCall) => {
      const q = call.url.searchParams;
      if (q.get('before') === 'dep_hist000002') return { body: { data: { items: PAGE_2, nextCursor: null } } };
      const status = q.get('status');
      const items = status ? [...PAGE_1, ...PAGE_2].filter((d) => d.status === status) : PAGE_1;
      return { body: { data: { items, nextCursor: status ? null : 'dep_hist000002' } } };
    },
  });
}

const historyCalls = (api: ReturnType<typeof stubHistory>) => api.callsTo('GET', '/api/wallet/get-deposits').map((c) => c.url.search);

describe('recharge history page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('lists orders with a status chip, the IST time, a copyable order number and the UTR', async () => {
    stubHistory();
    renderApp('/wallet/RechargeHistory');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('₹500.00')).toBeTruthy();
    expect(first.getByText('Succeeded')).toBeTruthy();
    // 18:40:05 UTC is 00:10:05 the next day in India (+5:30).
    expect(first.getByText('2026-01-16 00:10:05').getAttribute('datetime')).toBe('2026-01-15T18:40:05.000Z');
    expect(first.getByText('dep_hist000003')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Copy order number' })).toBeTruthy();
    expect(first.getByText('123456789012')).toBeTruthy();
    const second = within(items[1]!);
    expect(second.getByText('Awaiting payment')).toBeTruthy();
    expect(second.getByRole('link', { name: 'Open payment' }).getAttribute('href')).toBe('/wallet/Payment?orderId=dep_hist000002');
  });

  it('loads the next page with the cursor from the "Load more" button, then says that is all', async () => {
    const api = stubHistory();
    renderApp('/wallet/RechargeHistory');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('dep_hist000001')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('No more recharges.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(historyCalls(api)).toEqual(['?limit=20', '?limit=20&before=dep_hist000002']);
  });

  it('loads more by itself when the end of the list scrolls into view', async () => {
    const observers = stubIntersectionObserver();
    const api = stubHistory();
    renderApp('/wallet/RechargeHistory');
    const button = await screen.findByRole('button', { name: 'Load more' });
    const watching = observers.filter((o) => o.target === button);
    expect(watching).toHaveLength(1);
    act(() => watching[0]!.callback([{ isIntersecting: true, target: button } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText('dep_hist000001')).toBeTruthy();
    expect(historyCalls(api)).toEqual(['?limit=20', '?limit=20&before=dep_hist000002']);
  });

  it('filters by status and channel through the address and starts again from the first page', async () => {
    const api = stubHistory();
    renderApp('/wallet/RechargeHistory');
    await screen.findAllByRole('listitem');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    expect(await screen.findByText('dep_hist000001')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Channel' }), { target: { value: 'upi' } });
    await screen.findByText('dep_hist000001');
    expect(historyCalls(api)).toEqual(['?limit=20', '?status=failed&limit=20', '?status=failed&channel=upi&limit=20']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'expired' } });
    expect(await screen.findByText('No recharges match these filters.')).toBeTruthy();
  });

  it('reads the filters from the address it was opened with', async () => {
    const api = stubHistory();
    renderApp('/wallet/RechargeHistory?status=succeeded&channel=bogus');
    await screen.findByText('dep_hist000003');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('succeeded');
    expect((screen.getByRole('combobox', { name: 'Channel' }) as HTMLSelectElement).value).toBe('');
    expect(historyCalls(api)).toEqual(['?status=succeeded&limit=20']);
  });

  it('shows an empty state with a way to recharge', async () => {
    stubWalletApi({ 'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [], nextCursor: null } } }) });
    renderApp('/wallet/RechargeHistory');
    expect(await screen.findByText('No recharges yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/wallet/Recharge');
  });

  describe('with the USDT channel on', () => {
    const UPI = [
      makeDeposit({ id: 'dep_mix0000002', status: 'succeeded', amountMinor: 500_00, createdAt: '2026-01-15T10:00:00.000Z' }),
      makeDeposit({ id: 'dep_mix0000001', status: 'failed', amountMinor: 100_00, createdAt: '2026-01-15T08:00:00.000Z' }),
    ];
    const USDT = [
      makeUsdtDeposit({ id: 'usdt_mix000002', status: 'waiting', amountMinor: 300_00, usdtAmount: '3.603603', createdAt: '2026-01-15T11:00:00.000Z' }),
      makeUsdtDeposit({ id: 'usdt_mix000001', status: 'succeeded', amountMinor: 1_000_00, usdtAmount: '12.012012', createdAt: '2026-01-15T09:00:00.000Z' }),
    ];
    function stubMixed() {
      return stubWalletApi({
        'GET /api/config': () => ({ body: { data: runtimeConfig() } }),
        'GET /api/wallet/get-deposits': (call) => {
          const status = call.url.searchParams.get('status');
          return { body: { data: { items: UPI.filter((d) => !status || d.status === status), nextCursor: null } } };
        },
        'GET /api/wallet/get-usdt-deposits': (call) => {
          const status = call.url.searchParams.get('status');
          return { body: { data: { items: USDT.filter((d) => !status || d.status === status), nextCursor: null } } };
        },
      });
    }

    it('lists USDT orders among the UPI ones, newest first, with channel, amount, status and the USDT amount', async () => {
      stubMixed();
      renderApp('/wallet/RechargeHistory');
      await screen.findByText('usdt_mix000002');
      const items = screen.getAllByRole('listitem');
      expect(items.map((li) => within(li).getByText(/^(dep|usdt)_mix/).textContent)).toEqual([
        'usdt_mix000002',
        'dep_mix0000002',
        'usdt_mix000001',
        'dep_mix0000001',
      ]);
      const waiting = within(items[0]!);
      expect(waiting.getByText('₹300.00')).toBeTruthy();
      expect(waiting.getByText('USDT')).toBeTruthy();
      expect(waiting.getByText('Waiting')).toBeTruthy();
      expect(waiting.getByText('3.603603 USDT')).toBeTruthy();
      expect(waiting.getByRole('link', { name: 'Open payment' }).getAttribute('href')).toBe('/wallet/Payment?orderId=usdt_mix000002');
      const credited = within(items[2]!);
      expect(credited.getByText('₹1,000.00')).toBeTruthy();
      expect(credited.getByText('Succeeded')).toBeTruthy();
      expect(credited.queryByRole('link', { name: 'Open payment' })).toBeNull();
      // A USDT order can be reported to support like a UPI one (linked as a deposit).
      expect(credited.getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe('/main/Help?report=deposit%3Ausdt_mix000001');
      expect(within(items[1]!).getByText('UPI')).toBeTruthy();
    });

    it('filters by channel and status across both lists', async () => {
      const api = stubMixed();
      renderApp('/wallet/RechargeHistory?channel=usdt');
      await screen.findByText('usdt_mix000001');
      expect(screen.getAllByRole('listitem')).toHaveLength(2);
      expect(api.callsTo('GET', '/api/wallet/get-deposits')).toHaveLength(0);

      fireEvent.change(screen.getByRole('combobox', { name: 'Channel' }), { target: { value: '' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'succeeded' } });
      await screen.findByText('dep_mix0000002');
      expect(screen.getAllByRole('listitem').map((li) => within(li).getByText(/^(dep|usdt)_mix/).textContent)).toEqual(['dep_mix0000002', 'usdt_mix000001']);
      expect(api.callsTo('GET', '/api/wallet/get-usdt-deposits').at(-1)!.url.searchParams.get('status')).toBe('succeeded');

      // No USDT order can have failed: only the UPI list is read for it.
      const usdtReads = api.callsTo('GET', '/api/wallet/get-usdt-deposits').length;
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
      await screen.findByText('dep_mix0000001');
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
      expect(api.callsTo('GET', '/api/wallet/get-usdt-deposits')).toHaveLength(usdtReads);
    });
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeDeposit, stubWalletApi, type RecordedCall } from '../../test/fake-wallet-api';

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
    expect(screen.getByText('That is all.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(historyCalls(api)).toEqual(['?limit=20', '?limit=20&before=dep_hist000002']);
  });

  it('loads more by itself when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = undefined;
        }
      },
    );
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
});

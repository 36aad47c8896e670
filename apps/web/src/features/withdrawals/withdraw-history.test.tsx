import { API_PATHS } from '@colorplay/contract/paths';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeWithdrawal, stubWithdrawApi } from '../../test/fake-withdraw-api';
import type { Withdrawal } from '@colorplay/contract';
import { WithdrawHistory } from './withdraw-history';

const PAID = makeWithdrawal({
  id: 'wd_hist000003',
  status: 'paid',
  amountMinor: 300_00,
  feeMinor: 5_00,
  netAmountMinor: 295_00,
  cancellable: false,
  paidAt: '2026-01-15T19:00:00.000Z',
  createdAt: '2026-01-15T18:40:05.000Z',
});
const WAITING = makeWithdrawal({ id: 'wd_hist000002', status: 'review', amountMinor: 200_00, cancellable: true });
const REJECTED = makeWithdrawal({ id: 'wd_hist000001', status: 'rejected', amountMinor: 150_00, cancellable: false, rejectionReason: 'Name does not match the bank account' });

function page(items: Withdrawal[], nextCursor: string | null = null) {
  return { body: { data: { items, nextCursor } } };
}

describe('withdrawal history', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('lists withdrawals with a status chip, method, IST times, fee and reason; loads more with the cursor', async () => {
    const api = stubWithdrawApi({
      [`GET ${API_PATHS.get_withdrawals}`]: (call) => (call.url.searchParams.get('before') === 'wd_hist000002' ? page([REJECTED]) : page([PAID, WAITING], 'wd_hist000002')),
    });
    renderApp('/wallet/WithdrawHistory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal history' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('₹300.00')).toBeTruthy();
    expect(first.getByText('Paid')).toBeTruthy();
    expect(first.getByText('player@okbank')).toBeTruthy();
    // 18:40:05 UTC is 00:10:05 the next day in India (+5:30).
    expect(first.getByText('2026-01-16 00:10:05').getAttribute('datetime')).toBe('2026-01-15T18:40:05.000Z');
    expect(first.getByText('2026-01-16 00:30:00')).toBeTruthy();
    expect(first.getByText('₹5.00')).toBeTruthy();
    expect(first.getByText('₹295.00')).toBeTruthy();
    expect(first.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
    expect(within(items[1]!).getByText('Under review')).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: 'Cancel withdrawal' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Name does not match the bank account')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('No more withdrawals.')).toBeTruthy();
    expect(api.callsTo('GET', API_PATHS.get_withdrawals).map((c) => c.url.search)).toEqual(['?limit=20', '?limit=20&before=wd_hist000002']);
  });

  it('cancels only after the confirmation, and shows the money back', async () => {
    let current = WAITING;
    const api = stubWithdrawApi({
      [`GET ${API_PATHS.get_withdrawals}`]: () => page([current]),
      [`POST ${API_PATHS.cancel_withdrawal}`]: () => {
        current = { ...WAITING, status: 'cancelled', cancellable: false };
        return { body: { data: current } };
      },
    });
    renderApp('/wallet/WithdrawHistory');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(within(dialog).getByText('₹200.00 goes back to your main wallet.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('POST', API_PATHS.cancel_withdrawal)).toHaveLength(0);

    fireEvent.click(within(screen.getByRole('listitem')).getByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this withdrawal?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Withdrawal cancelled: ₹200.00 is back in your wallet.')).toBeTruthy();
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
    expect(api.callsTo('POST', API_PATHS.cancel_withdrawal)[0]!.body).toEqual({ withdrawalId: WAITING.id });
  });

  it('says so when the withdrawal can no longer be cancelled', async () => {
    stubWithdrawApi({
      [`GET ${API_PATHS.get_withdrawals}`]: () => page([WAITING]),
      [`POST ${API_PATHS.cancel_withdrawal}`]: () => ({ status: 409, body: { error: { code: 'WITHDRAWAL_STATE_CONFLICT', message: 'processing' } } }),
    });
    renderApp('/wallet/WithdrawHistory');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this withdrawal?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This withdrawal can no longer be cancelled: it is already being paid out.')).toBeTruthy();
  });

  it('reads the list again while a withdrawal is moving, until it is paid, then stops', async () => {
    const steps: Withdrawal['status'][] = ['approved', 'processing', 'paid'];
    let reads = 0;
    const api = stubWithdrawApi({
      [`GET ${API_PATHS.get_withdrawals}`]: () => {
        const status = steps[Math.min(reads++, steps.length - 1)]!;
        return page([{ ...WAITING, status, cancellable: false, paidAt: status === 'paid' ? '2026-01-15T19:00:00.000Z' : null }]);
      },
    });
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/wallet/WithdrawHistory']}>
          <WithdrawHistory pollMs={40} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getByText('Status updates on its own.')).toBeTruthy();
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.queryByText('Status updates on its own.')).toBeNull();
    const readsWhenPaid = api.callsTo('GET', API_PATHS.get_withdrawals).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo('GET', API_PATHS.get_withdrawals).length).toBe(readsWhenPaid);
  });

  it('invites a first withdrawal when there is none', async () => {
    stubWithdrawApi({ [`GET ${API_PATHS.get_withdrawals}`]: () => page([]) });
    renderApp('/wallet/WithdrawHistory');
    expect(await screen.findByText('Your withdrawals and their status will appear here.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/wallet/Withdraw'));
  });
});

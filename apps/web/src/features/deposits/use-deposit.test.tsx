import type { DepositStatus } from '@colorplay/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTests } from '../../test/render';
import { makeDeposit, stubWalletApi } from '../../test/fake-wallet-api';
import { useBalance } from '../../lib/balance';
import { DEPOSIT_POLL_MS, useDeposit } from './use-deposit';

const ORDER = 'dep_poll000001';

/** Answers get-deposits with the next status of a script (the last one repeats). */
function scriptStatuses(statuses: DepositStatus[]) {
  let n = 0;
  return stubWalletApi({
    'GET /api/wallet/get-deposits': () => {
      const status = statuses[Math.min(n++, statuses.length - 1)]!;
      return { body: { data: { items: [makeDeposit({ id: ORDER, status })], nextCursor: null } } };
    },
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useDeposit (live status of the payment page)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signInForTests();
  });

  it('polls every 3 s while the order is open and stops for good at a final state', async () => {
    const api = scriptStatuses(['pending_payment', 'pending_payment', 'succeeded', 'succeeded']);
    const { result } = renderHook(() => useDeposit(ORDER));
    await advance(0);
    expect(result.current.deposit?.status).toBe('pending_payment');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url.searchParams.get('id')).toBe(ORDER);

    await advance(DEPOSIT_POLL_MS - 1);
    expect(api.calls).toHaveLength(1);
    await advance(1);
    expect(api.calls).toHaveLength(2);
    await advance(DEPOSIT_POLL_MS);
    expect(result.current.deposit?.status).toBe('succeeded');
    expect(api.calls).toHaveLength(3);

    await advance(DEPOSIT_POLL_MS * 20);
    expect(api.calls).toHaveLength(3);
  });

  it.each<DepositStatus>(['failed', 'cancelled', 'expired'])('does not poll an order that is already %s', async (status) => {
    const api = scriptStatuses([status]);
    const { result } = renderHook(() => useDeposit(ORDER));
    await advance(DEPOSIT_POLL_MS * 5);
    expect(result.current.deposit?.status).toBe(status);
    expect(api.calls).toHaveLength(1);
  });

  it('keeps polling while a UTR is under review', async () => {
    const api = scriptStatuses(['utr_submitted']);
    renderHook(() => useDeposit(ORDER));
    await advance(DEPOSIT_POLL_MS * 3);
    expect(api.calls).toHaveLength(4);
  });

  it('stops polling when the page goes away', async () => {
    const api = scriptStatuses(['pending_payment']);
    const { unmount } = renderHook(() => useDeposit(ORDER));
    await advance(0);
    unmount();
    await advance(DEPOSIT_POLL_MS * 5);
    expect(api.calls).toHaveLength(1);
  });

  it('stops for an order that does not exist, but retries after a network failure', async () => {
    const notFound = stubWalletApi({
      'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [], nextCursor: null } } }),
    });
    const first = renderHook(() => useDeposit(ORDER));
    await advance(DEPOSIT_POLL_MS * 3);
    expect(notFound.calls).toHaveLength(1);
    expect(first.result.current.error).toMatchObject({ code: 'DEPOSIT_NOT_FOUND' });
    first.unmount();

    let n = 0;
    const flaky = vi.fn(async () => {
      if (n++ === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ data: { items: [makeDeposit({ id: ORDER, status: 'succeeded' })], nextCursor: null } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', flaky);
    const second = renderHook(() => useDeposit(ORDER));
    await advance(0);
    expect(second.result.current.error).toMatchObject({ code: 'NETWORK' });
    await advance(DEPOSIT_POLL_MS);
    expect(second.result.current.deposit?.status).toBe('succeeded');
    expect(second.result.current.error).toBeUndefined();
    await advance(DEPOSIT_POLL_MS * 3);
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('shows an order the server returned at once and restarts polling from it', async () => {
    const api = scriptStatuses(['pending_payment', 'pending_payment', 'cancelled']);
    const { result } = renderHook(() => useDeposit(ORDER));
    await advance(0);
    act(() => result.current.replace(makeDeposit({ id: ORDER, status: 'utr_submitted' })));
    expect(result.current.deposit?.status).toBe('utr_submitted');
    await advance(0);
    expect(api.calls).toHaveLength(2);
  });

  it('reads the balance again when it finds the order newly succeeded', async () => {
    let balanceReads = 0;
    let status: DepositStatus = 'pending_payment';
    stubWalletApi({
      'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [makeDeposit({ id: ORDER, status })], nextCursor: null } } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: ++balanceReads * 100, currency: 'INR' } } }),
    });
    const balance = renderHook(() => useBalance());
    renderHook(() => useDeposit(ORDER));
    await advance(0);
    expect(balanceReads).toBe(1);
    await advance(DEPOSIT_POLL_MS);
    expect(balanceReads).toBe(1);
    status = 'succeeded';
    await advance(DEPOSIT_POLL_MS);
    expect(balanceReads).toBe(2);
    expect(balance.result.current.data?.balanceMinor).toBe(200);
  });
});

import type { UsdtDepositStatus } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsdtDeposit } from '../../test/fake-usdt-api';
import { stubWalletApi } from '../../test/fake-wallet-api';
import { signInForTests } from '../../test/render';
import { DEPOSIT_POLL_MS, USDT_ORDER, useDepositOrder } from './use-deposit';

/**
 * The one deposit hook with the USDT kind (the UPI kind has use-deposit.test.tsx): the same
 * polling, stopping where a USDT order stops (review and the final states), not where a UPI one does.
 */
const ORDER = 'usdt_poll00001';

function scriptStatuses(statuses: UsdtDepositStatus[]) {
  let n = 0;
  return stubWalletApi({
    [`GET ${API_PATHS.get_usdt_deposit_status_pooling}`]: () => {
      const status = statuses[Math.min(n++, statuses.length - 1)]!;
      return { body: { data: { ...makeUsdtDeposit({ id: ORDER, status }), serverTime: new Date().toISOString() } } };
    },
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useDepositOrder (USDT)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signInForTests();
  });

  it('polls while the order waits or counts confirmations, and stops once it is under review', async () => {
    const api = scriptStatuses(['waiting', 'seen', 'review', 'review']);
    const { result } = renderHook(() => useDepositOrder(USDT_ORDER, ORDER));
    await advance(0);
    expect(result.current.deposit?.status).toBe('waiting');
    expect(api.calls[0]!.url.searchParams.get('orderId')).toBe(ORDER);
    await advance(DEPOSIT_POLL_MS);
    expect(result.current.deposit?.status).toBe('seen');
    await advance(DEPOSIT_POLL_MS);
    expect(result.current.deposit?.status).toBe('review');
    expect(api.calls).toHaveLength(3);
    await advance(DEPOSIT_POLL_MS * 10);
    expect(api.calls).toHaveLength(3);
  });

  it.each<UsdtDepositStatus>(['succeeded', 'expired', 'cancelled'])('does not poll an order that is already %s', async (status) => {
    const api = scriptStatuses([status]);
    renderHook(() => useDepositOrder(USDT_ORDER, ORDER));
    await advance(DEPOSIT_POLL_MS * 5);
    expect(api.calls).toHaveLength(1);
  });

  it('reads nothing without an order id', async () => {
    const api = scriptStatuses(['waiting']);
    const { result } = renderHook(() => useDepositOrder(USDT_ORDER, null));
    await advance(DEPOSIT_POLL_MS * 3);
    expect(result.current.deposit).toBeUndefined();
    expect(api.calls).toHaveLength(0);
  });
});

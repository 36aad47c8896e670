import type { UsdtDeposit } from '@colorplay/contract';
import { useCallback, useEffect } from 'react';
import type { ApiError } from '../../lib/api-client';
import { refetchResource, setResourceData, useResource } from '../../lib/resource';
import { usdtDepositKey, usdtDepositResource } from './api/usdt';
import { isOpenUsdtStatus } from './usdt-text';

/**
 * How often the address screen asks for the order's status while it is open: a block every few
 * seconds on most chains, so more often would mostly repeat the same answer.
 */
export const USDT_POLL_MS = 3000;

/** What `useUsdtDeposit` returns. */
export interface UsdtDepositResource {
  deposit: UsdtDeposit | undefined;
  /** The failure of the latest read, if it failed (the last good order stays in `deposit`). */
  error: ApiError | undefined;
  /** Shows an order the server just returned (after cancel) and reads it again. */
  replace: (deposit: UsdtDeposit) => void;
  /** Reads the order again now. */
  refresh: () => void;
}

/** Whether a failed read is worth repeating: not for an order that does not exist. */
function retryable(err: ApiError | undefined): boolean {
  return err === undefined || ![400, 401, 403, 404].includes(err.status);
}

/**
 * One USDT order, read again every `pollMs` from get-usdt-deposit-status-pooling while it waits
 * for a transfer or counts confirmations, so the page follows the chain without a reload.
 * Polling stops when the order leaves those states, when it does not exist and on unmount.
 */
export function useUsdtDeposit(orderId: string | null, pollMs = USDT_POLL_MS): UsdtDepositResource {
  const { data: deposit, error, reload } = useResource(orderId === null ? null : usdtDepositResource(orderId));
  const open = deposit ? isOpenUsdtStatus(deposit.status) : error !== undefined && retryable(error);
  useEffect(() => {
    if (orderId === null || !open) return;
    const timer = setInterval(() => void refetchResource(usdtDepositKey(orderId)), pollMs);
    return () => clearInterval(timer);
  }, [orderId, open, pollMs]);

  const replace = useCallback((next: UsdtDeposit) => {
    setResourceData(usdtDepositKey(next.id), next);
    void refetchResource(usdtDepositKey(next.id));
  }, []);
  return { deposit, error, replace, refresh: reload };
}

import type { Deposit } from '@colorplay/contract';
import { useCallback, useEffect } from 'react';
import type { ApiError } from '../../lib/api-client';
import { refetchResource, setResourceData, useResource } from '../../lib/resource';
import { depositKey, depositResource } from './api/deposits';
import { isClosedStatus } from './deposit-status';

/** How often the payment page asks for the order's status while it is open. */
export const DEPOSIT_POLL_MS = 3000;

/** What `useDeposit` returns. */
export interface DepositResource {
  deposit: Deposit | undefined;
  /** The failure of the latest read, if it failed (the last good order stays in `deposit`). */
  error: ApiError | undefined;
  /** Shows an order the server just returned (after submit-utr or cancel) and reads it again. */
  replace: (deposit: Deposit) => void;
  /** Reads the order again now. */
  refresh: () => void;
}

/** Whether a failed read is worth repeating: not for an order that does not exist. */
function retryable(err: ApiError | undefined): boolean {
  return err === undefined || ![400, 401, 403, 404].includes(err.status);
}

/**
 * One recharge order from the resource layer, read again every `pollMs` while it is open, so the
 * page shows the gateway's answer without a reload. Polling stops when the order is closed
 * (succeeded, failed, cancelled, expired), when the order does not exist and on unmount.
 */
export function useDeposit(orderId: string | null, pollMs = DEPOSIT_POLL_MS): DepositResource {
  const { data: deposit, error, reload } = useResource(orderId === null ? null : depositResource(orderId));
  // Polls while the order is open, or after a failure that may pass (no connection).
  const open = deposit ? !isClosedStatus(deposit.status) : error !== undefined && retryable(error);
  useEffect(() => {
    if (orderId === null || !open) return;
    const timer = setInterval(() => void refetchResource(depositKey(orderId)), pollMs);
    return () => clearInterval(timer);
  }, [orderId, open, pollMs]);

  const replace = useCallback((next: Deposit) => {
    setResourceData(depositKey(next.id), next);
    void refetchResource(depositKey(next.id));
  }, []);
  return { deposit, error, replace, refresh: reload };
}

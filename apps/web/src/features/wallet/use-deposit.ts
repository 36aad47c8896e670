import type { Deposit } from '@colorplay/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { getDeposit } from './api/deposits';
import { isClosedStatus } from './deposit-status';

/** How often the payment page asks for the order's status while it is open. */
export const DEPOSIT_POLL_MS = 3000;

interface Loaded {
  orderId: string;
  deposit: Deposit | undefined;
  error: unknown;
}

/** What `useDeposit` returns. */
export interface DepositResource {
  deposit: Deposit | undefined;
  /** The failure of the latest read, if it failed (the last good order stays in `deposit`). */
  error: unknown;
  /** Shows an order the server just returned (after submit-utr or cancel) and restarts polling. */
  replace: (deposit: Deposit) => void;
  /** Reads the order again now (and polls on if it is still open). */
  refresh: () => void;
}

/** Whether a failed read is worth repeating: not for an order that does not exist. */
function retryable(err: unknown): boolean {
  return !(err instanceof ApiError) || ![400, 401, 403, 404].includes(err.status);
}

/**
 * Reads one recharge order and keeps reading it every `pollMs` while it is open, so the page
 * shows the gateway's answer without a reload. Polling stops when the order is closed
 * (succeeded, failed, cancelled, expired), when the order does not exist and on unmount.
 */
export function useDeposit(orderId: string | null, pollMs = DEPOSIT_POLL_MS): DepositResource {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (orderId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const deposit = await getDeposit(orderId, controller.signal);
        if (controller.signal.aborted) return;
        setLoaded({ orderId, deposit, error: undefined });
        if (!isClosedStatus(deposit.status)) timer = setTimeout(() => void poll(), pollMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        setLoaded((prev) => ({ orderId, deposit: prev?.orderId === orderId ? prev.deposit : undefined, error }));
        if (retryable(error)) timer = setTimeout(() => void poll(), pollMs);
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, pollMs, round]);

  const replace = useCallback((deposit: Deposit) => {
    setLoaded({ orderId: deposit.id, deposit, error: undefined });
    // Restarting drops a read that was already under way and might answer with the old status.
    setRound((r) => r + 1);
  }, []);

  const refresh = useCallback(() => setRound((r) => r + 1), []);

  const current = loaded !== null && loaded.orderId === orderId ? loaded : null;
  return { deposit: current?.deposit, error: current?.error, replace, refresh };
}

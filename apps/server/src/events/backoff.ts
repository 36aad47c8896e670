export type RetryPolicy = {
  /** Wait after the first failure; doubles with each further one. */
  baseDelayMs: number;
  /** The longest wait between two tries. */
  maxDelayMs: number;
  /** After this many failed tries the delivery is given up (logged, counted in metrics). */
  maxAttempts: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, maxAttempts: 20 };

/**
 * The wait before try number `failedAttempts + 1`: exponential, capped. No jitter: deliveries
 * are already spread by when their events happened, and a fixed schedule is easier to reason
 * about when reading `domain_event_deliveries`.
 */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
}

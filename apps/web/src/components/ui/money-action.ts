import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage, messageText, type MessageRef } from '../../lib/api-errors';
import { useI18n } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/idempotency';
import { invalidateResources, keyMatches } from '../../lib/resource';
import { useToast } from './toast';

/**
 * Every button that moves money goes through `useMoneyAction` (docs/decisions/019-money-action.md):
 * - single-flight: a second tap while the first is under way does nothing (a ref, not state, so
 *   two taps in one frame are caught);
 * - one idempotency key per intent: a retry of the same input (after a lost answer or an error)
 *   sends the same key, so the server does it at most once; a new key after a success, after
 *   the input changed, or when the server says the key was used with other data;
 * - errors mapped once, by the contract's code (lib/api-errors.ts), and shown one way: a toast
 *   for a button, or (`report: 'inline'`) the form's own alert, which the form system shows;
 * - resources named in `invalidates` are read again after a success (balance, history...).
 */

export interface MoneyActionOptions<I, R> {
  /** Called with the answer; put it in the cache here (applyWallet, applyBalance...). */
  onSuccess?: (result: R, input: I) => void;
  /** Called with the failure after it is reported. */
  onError?: (error: ApiError, input: I) => void;
  /** Resource key prefixes to read again after a success. */
  invalidates?: string[];
  /** 'toast' (default) shows the error as a toast; 'inline' leaves it to the caller's form. */
  report?: 'toast' | 'inline';
  /**
   * What makes two inputs one intent (the whole input by default). A confirmation the server asked
   * for (a withdrawal that forfeits a bonus) resends the same intent with one more flag: the same key.
   */
  intentOf?: (input: I) => unknown;
}

export interface MoneyAction<I, R> {
  /**
   * Performs the action; resolves with its answer, or undefined for a repeat tap while in flight.
   * A failure resolves undefined too ('toast'), or rejects with the ApiError ('inline') so the
   * form system puts it beside its field or in the form's alert.
   */
  run: (input: I) => Promise<R | undefined>;
  busy: boolean;
  /** The failure of the last run, as a message; null after a success or `reset()`. */
  error: MessageRef | null;
  /** Forgets the error (e.g. when the player edits the input). */
  reset: () => void;
}

type Intent = { fingerprint: string; key: string };

export function useMoneyAction<I, R>(
  perform: (input: I, idempotencyKey: string) => Promise<R>,
  options: MoneyActionOptions<I, R> = {},
): MoneyAction<I, R> {
  const { t } = useI18n();
  const toast = useToast();
  const inFlight = useRef(false);
  const intent = useRef<Intent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageRef | null>(null);
  const latest = useRef({ perform, options });
  useEffect(() => {
    latest.current = { perform, options };
  });

  const run = useCallback(
    async (input: I): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      const { perform: act, options: opts } = latest.current;
      const fingerprint = JSON.stringify(opts.intentOf ? opts.intentOf(input) : input) ?? '';
      if (intent.current?.fingerprint !== fingerprint) intent.current = { fingerprint, key: newIdempotencyKey() };
      setBusy(true);
      setError(null);
      try {
        const result = await act(input, intent.current.key);
        intent.current = null;
        opts.onSuccess?.(result, input);
        if (opts.invalidates?.length) invalidateResources(keyMatches(...opts.invalidates));
        return result;
      } catch (err) {
        const apiError = err instanceof ApiError ? err : new ApiError('NETWORK', String(err), 0);
        // A key the server has seen with other data can never succeed again: the next try is a new intent.
        if (apiError.code === 'IDEMPOTENCY_CONFLICT') intent.current = null;
        const message = apiErrorMessage(apiError);
        setError(message);
        if ((opts.report ?? 'toast') === 'toast') toast.show(messageText(t, message), { type: 'fail' });
        opts.onError?.(apiError, input);
        if (opts.report === 'inline') throw apiError;
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [t, toast],
  );

  const reset = useCallback(() => setError(null), []);
  return { run, busy, error, reset };
}

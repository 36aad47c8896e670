import type { z } from 'zod';

/**
 * The one HTTP client for payment providers (UPI collections, payouts): HTTP Basic API keys and
 * the merchant header, a timeout per try, JSON in and out, and every failure to get a
 * well-formed answer turned into the adapter's own "unavailable" error, so callers either try
 * again later or leave the work to reconciliation; nothing is guessed.
 *
 * Retries: only reads (GET) are tried again in the call, and only after a transient failure (no
 * answer in time, a network error, 429 or 5xx). A write (POST) is never repeated here, even with
 * an idempotency key: a payout or an order is asked for once per call, and the caller's own next
 * attempt (with the same key) is the only repeat. A refusal (other 4xx) or a malformed answer is
 * never retried: the same request would get the same answer.
 */

export type ProviderHttpSettings = { baseUrl: string; merchantId: string; keyId: string; keySecret: string; timeoutMs: number };

export type ProviderClientOptions = {
  /** Starts every error message ("UPI gateway", "Payout gateway"). */
  label: string;
  /** The adapter's own "unavailable" error, the one its callers catch. */
  unavailable: (message: string, cause?: unknown) => Error;
  fetchImpl?: typeof fetch;
  /** Waits before each retry of a read; their count is the number of retries. */
  readRetryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

export type ProviderCall = {
  body?: unknown;
  idempotencyKey?: string;
  /** A 404 answers `undefined` instead of failing (a lookup of something the provider never had). */
  allowNotFound?: boolean;
};

/** Short: a read is retried while a caller (a request, a job under the leader lock) waits for it. */
export const READ_RETRY_DELAYS_MS: readonly number[] = [250, 750];

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failure worth another try of a read (the provider may answer next time). */
const isTransientStatus = (status: number) => status === 429 || (status >= 500 && status <= 599);

export const basicAuthorization = (keyId: string, keySecret: string) => `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

export function createProviderClient(settings: ProviderHttpSettings, options: ProviderClientOptions) {
  const { label, unavailable } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const readRetryDelaysMs = options.readRetryDelaysMs ?? READ_RETRY_DELAYS_MS;
  const authorization = basicAuthorization(settings.keyId, settings.keySecret);

  type Outcome = { done: true; json: unknown } | { done: false; error: Error; transient: boolean };

  async function once(method: 'GET' | 'POST', path: string, opts: ProviderCall): Promise<Outcome> {
    let res: Response;
    try {
      res = await fetchImpl(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          'x-merchant-id': settings.merchantId,
          accept: 'application/json',
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      return { done: false, transient: true, error: unavailable(`${label} ${method} ${path}: no answer (${(err as Error).name})`, err) };
    }
    if (res.status === 404 && opts.allowNotFound) {
      await res.body?.cancel();
      return { done: true, json: undefined };
    }
    const text = await res.text().catch(() => '');
    if (res.status < 200 || res.status > 299) {
      // The provider's error code only, never its whole body: it may echo request data (account numbers).
      const code = /"code"\s*:\s*"([A-Z_]{1,60})"/.exec(text)?.[1] ?? 'none';
      return { done: false, transient: isTransientStatus(res.status), error: unavailable(`${label} ${method} ${path}: HTTP ${res.status} (code ${code})`) };
    }
    try {
      return { done: true, json: JSON.parse(text) as unknown };
    } catch (err) {
      return { done: false, transient: false, error: unavailable(`${label} ${method} ${path}: the answer is not JSON`, err) };
    }
  }

  /** One call: the parsed JSON answer (`undefined` for an allowed 404), or the adapter's error. */
  async function call(method: 'GET' | 'POST', path: string, opts: ProviderCall = {}): Promise<unknown> {
    const retries = method === 'GET' ? readRetryDelaysMs : [];
    for (let tryNo = 0; ; tryNo++) {
      const outcome = await once(method, path, opts);
      if (outcome.done) return outcome.json;
      if (!outcome.transient || tryNo >= retries.length) throw outcome.error;
      await sleep(retries[tryNo]!);
    }
  }

  /** The answer checked against the provider's documented shape; anything else is unavailable. */
  function expectShape<S extends z.ZodType>(schema: S, json: unknown, what: string): z.infer<S> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unavailable(`${label} ${what}: unexpected answer (${parsed.error.issues[0]?.path.join('.')})`);
    return parsed.data;
  }

  return { call, expectShape };
}
export type ProviderClient = ReturnType<typeof createProviderClient>;

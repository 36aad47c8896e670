import { z } from 'zod';
import type { TronApi } from '../../config';
import { checkTronBlock, type TronBlock } from './block-format';
import type { TronBlockReader } from './deciding';

/**
 * A TRON full node's HTTP API (`POST <base>/<api>/getnowblock`, `POST <base>/<api>/getblockbynum
 * {"num": n}`), the production adapter; in the sandbox it is the same client pointed at this
 * server's `/sandbox/tron` (decision 340).
 *
 * Not the shared provider client (lib/providers/http-client.ts): that one signs every call with a
 * merchant's Basic key and never repeats a POST, because a payment provider's POST creates
 * something. A node's POSTs are reads, safe to repeat, take no credentials (TronGrid an optional
 * API key) and answer errors as HTTP 200 with `{"Error": ...}`. The rules are the same: a timeout
 * per try, a short retry of transient failures only, and every answer checked before use.
 */

export type TronClientOptions = {
  /** The node's root (`https://api.trongrid.io`), or a function when it is known only later (this server's own address). */
  baseUrl: string | (() => string);
  api: TronApi;
  timeoutMs: number;
  /** TronGrid's key, sent as TRON-PRO-API-KEY. */
  apiKey?: string | undefined;
  fetchImpl?: typeof fetch;
  /** Waits before each retry of a transient failure; their count is the number of retries. */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The node could not be read (no answer in time, a network error, 429/5xx after retries, an error
 * answer); or, with `refused`, it answered something we do not accept (a malformed block, an id
 * that is not its header's hash, another block than asked for). Either way the caller waits.
 */
export class TronSourceError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TronSourceError';
  }
}

export const TRON_RETRY_DELAYS_MS: readonly number[] = [200, 600];

const isTransientStatus = (status: number) => status === 429 || (status >= 500 && status <= 599);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type TronFullNodeClient = TronBlockReader & {
  /** The node's root, for logs and alerts (never a key). */
  readonly name: string;
  /** The newest block (head), or null when the node has none. */
  nowBlock(): Promise<TronBlock | null>;
  /** Block n, checked, or null when the node answers `{}` (no such block yet). */
  blockByNumber(n: number): Promise<TronBlock | null>;
  /** The elected super representatives now (`listwitnesses`, `isJobs`: the 27 of this maintenance period), sorted. */
  electedWitnesses(): Promise<string[]>;
  /** The key a witness signs blocks with (`getaccount`'s witness permission), or the witness itself when it set none. */
  witnessSigner(address: string): Promise<string>;
};

const ADDRESS = /^41[0-9a-f]{40}$/;
const WitnessListSchema = z.object({ witnesses: z.array(z.object({ address: z.string().regex(ADDRESS), isJobs: z.boolean().optional() })).max(10_000).default([]) });
const AccountSchema = z
  .object({ witness_permission: z.object({ keys: z.array(z.object({ address: z.string().regex(ADDRESS) })).min(1) }).optional() })
  ;

export function createTronFullNodeClient(opts: TronClientOptions): TronFullNodeClient {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const sleep = opts.sleep ?? defaultSleep;
  const retries = opts.retryDelaysMs ?? TRON_RETRY_DELAYS_MS;
  const base = () => (typeof opts.baseUrl === 'string' ? opts.baseUrl : opts.baseUrl()).replace(/\/+$/, '');

  type Outcome = { done: true; json: unknown } | { done: false; error: TronSourceError; transient: boolean };

  async function once(method: string, body: unknown): Promise<Outcome> {
    const what = `TRON node ${opts.api}/${method}`;
    let res: Response;
    try {
      res = await fetchImpl(`${base()}/${opts.api}/${method}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...(opts.apiKey ? { 'TRON-PRO-API-KEY': opts.apiKey } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      return { done: false, transient: true, error: new TronSourceError(`${what}: no answer (${(err as Error).name})`, false, { cause: err }) };
    }
    const text = await res.text().catch(() => '');
    if (res.status < 200 || res.status > 299) {
      return { done: false, transient: isTransientStatus(res.status), error: new TronSourceError(`${what}: HTTP ${res.status}`, false) };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return { done: false, transient: false, error: new TronSourceError(`${what}: the answer is not JSON`, true, { cause: err }) };
    }
    // java-tron answers its own failures as 200 {"Error": "..."}; its text is not echoed (it may be long).
    if (json !== null && typeof json === 'object' && 'Error' in json) return { done: false, transient: false, error: new TronSourceError(`${what}: the node answered an error`, false) };
    return { done: true, json };
  }

  async function call(method: string, body: unknown): Promise<unknown> {
    for (let tryNo = 0; ; tryNo++) {
      const outcome = await once(method, body);
      if (outcome.done) return outcome.json;
      if (!outcome.transient || tryNo >= retries.length) throw outcome.error;
      await sleep(retries[tryNo]!);
    }
  }

  /** `{}` is a node's "no such block"; anything else must be a block that checks. */
  function blockOf(json: unknown, what: string): TronBlock | null {
    if (json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 0) return null;
    const checked = checkTronBlock(json);
    if (!checked.ok) throw new TronSourceError(`TRON node ${opts.api}/${what}: ${checked.reason}`, true);
    return checked.block;
  }

  async function nowBlock(): Promise<TronBlock | null> {
    return blockOf(await call('getnowblock', {}), 'getnowblock');
  }

  async function blockByNumber(n: number): Promise<TronBlock | null> {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`block number ${n} must be a whole number >= 0`);
    const block = blockOf(await call('getblockbynum', { num: n }), `getblockbynum ${n}`);
    if (block && block.number !== n) throw new TronSourceError(`TRON node ${opts.api}/getblockbynum ${n}: answered block ${block.number}`, true);
    return block;
  }

  async function electedWitnesses(): Promise<string[]> {
    const parsed = WitnessListSchema.safeParse(await call('listwitnesses', {}));
    if (!parsed.success) throw new TronSourceError(`TRON node ${opts.api}/listwitnesses: unexpected answer`, true);
    return parsed.data.witnesses
      .filter((w) => w.isJobs === true)
      .map((w) => w.address)
      .sort();
  }

  async function witnessSigner(address: string): Promise<string> {
    const parsed = AccountSchema.safeParse(await call('getaccount', { address, visible: false }));
    if (!parsed.success) throw new TronSourceError(`TRON node ${opts.api}/getaccount ${address}: unexpected answer`, true);
    return parsed.data.witness_permission?.keys[0]?.address ?? address;
  }

  const name = typeof opts.baseUrl === 'string' ? opts.baseUrl.replace(/\/+$/, '') : 'sandbox';
  return { name, nowBlock, blockByNumber, head: nowBlock, byNumber: blockByNumber, electedWitnesses, witnessSigner };
}

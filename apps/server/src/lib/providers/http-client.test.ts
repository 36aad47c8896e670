import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProviderClient, type ProviderClientOptions } from './http-client';
import { createOnce, startProviderStub, stubError } from './provider-stub';

/**
 * The shared provider client against the shared stub kit, over real HTTP on 127.0.0.1: what it
 * sends, what it retries (reads after a transient failure) and what it never repeats (writes, a
 * refusal, a malformed answer), so a payout or an order is never asked for twice by a retry.
 */

class Unavailable extends Error {}
const creds = { merchantId: 'merchant_1', keyId: 'key_1', keySecret: 'secret-0123456789' };
type Thing = { id: string; amount: number };
const things: Thing[] = [];
let stub: Awaited<ReturnType<typeof startProviderStub>>;
const slept: number[] = [];

beforeAll(async () => {
  stub = await startProviderStub(creds, (call) => {
    if (call.method === 'POST' && call.url.pathname === '/v1/things') {
      const want = call.body as Thing;
      return createOnce(things, call, { key: want.id, amount: want.amount, keyName: 'thing id', keyOf: (t) => t.id, createdStatus: 201 }, () => ({ ...want }));
    }
    if (call.method === 'GET' && call.url.pathname === '/v1/things') return { status: 200, json: { items: things } };
    if (call.method === 'GET' && call.url.pathname === '/v1/echo') return stubError(400, 'BAD_ACCOUNT', `account ${call.url.searchParams.get('account')} refused`);
    return stubError(404, 'NOT_FOUND', 'no such route');
  });
});
afterAll(async () => stub.close());
beforeEach(() => {
  slept.length = 0;
  stub.failNext(0, 0);
  stub.setDelay(0);
});

function client(overrides: Partial<ProviderClientOptions> = {}, timeoutMs = 1000) {
  return createProviderClient(
    { baseUrl: stub.baseUrl, ...creds, timeoutMs },
    { label: 'Test gateway', unavailable: (m, cause) => new Unavailable(m, { cause }), sleep: async (ms) => void slept.push(ms), ...overrides },
  );
}
/** Requests the stub received from now on. */
function count() {
  const from = stub.requests.length;
  return () => stub.requests.slice(from);
}

describe('provider client: the request', () => {
  it('sends the Basic API key, the merchant header, JSON and the idempotency key', async () => {
    const seen = count();
    expect(await client().call('POST', '/v1/things', { body: { id: 'a1', amount: 5 }, idempotencyKey: 'a1' })).toEqual({ id: 'a1', amount: 5 });
    const [req] = seen();
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('key_1:secret-0123456789').toString('base64')}`);
    expect(req!.headers['x-merchant-id']).toBe('merchant_1');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['idempotency-key']).toBe('a1');
    expect(req!.body).toEqual({ id: 'a1', amount: 5 });
    await client().call('GET', '/v1/things');
    expect(seen()[1]!.headers['content-type']).toBeUndefined();
    expect(seen()[1]!.headers['idempotency-key']).toBeUndefined();
  });

  it("turns a refusal into the adapter's error, naming the provider's code but never echoing its body", async () => {
    const err = await client().call('GET', '/v1/echo?account=123456789012').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Unavailable);
    expect((err as Error).message).toBe('Test gateway GET /v1/echo?account=123456789012: HTTP 400 (code BAD_ACCOUNT)');
    const wrongKey = createProviderClient({ baseUrl: stub.baseUrl, ...creds, keySecret: 'another', timeoutMs: 1000 }, { label: 'T', unavailable: (m) => new Unavailable(m) });
    await expect(wrongKey.call('GET', '/v1/things')).rejects.toThrow(/HTTP 401 \(code UNAUTHORIZED\)/);
  });

  it('answers undefined for a 404 only when the caller allows it', async () => {
    expect(await client().call('GET', '/v1/nothing', { allowNotFound: true })).toBeUndefined();
    await expect(client().call('GET', '/v1/nothing')).rejects.toThrow(/HTTP 404 \(code NOT_FOUND\)/);
  });

  it('checks the answer against the documented shape', () => {
    const { expectShape } = client();
    expect(expectShape(z.object({ id: z.string() }), { id: 'x' }, 'get thing')).toEqual({ id: 'x' });
    expect(() => expectShape(z.object({ id: z.string() }), { id: 7 }, 'get thing')).toThrow(new Unavailable('Test gateway get thing: unexpected answer (id)'));
  });
});

describe('provider client: timeouts and retries', () => {
  it('retries a read after a 5xx or a 429, waiting between tries, and answers when the provider recovers', async () => {
    for (const status of [503, 429]) {
      slept.length = 0;
      const seen = count();
      stub.failNext(status, 2);
      expect(await client().call('GET', '/v1/things')).toMatchObject({ items: expect.any(Array) });
      expect(seen()).toHaveLength(3);
      expect(slept).toEqual([250, 750]);
    }
  });

  it('gives up on a read after its retries, with the last error', async () => {
    const seen = count();
    stub.failNext(500, 5);
    await expect(client({ readRetryDelaysMs: [1] }).call('GET', '/v1/things')).rejects.toThrow(new Unavailable('Test gateway GET /v1/things: HTTP 500 (code SERVER_ERROR)'));
    expect(seen()).toHaveLength(2);
  });

  it('retries a read that got no answer in time, each try with its own timeout', async () => {
    stub.setDelay(300);
    const seen = count();
    await expect(client({}, 100).call('GET', '/v1/things')).rejects.toThrow(/no answer \(TimeoutError\)/);
    expect(seen()).toHaveLength(3);
  });

  it('never retries a read the provider refused: the same request gets the same answer', async () => {
    const seen = count();
    await expect(client().call('GET', '/v1/echo?account=1')).rejects.toBeInstanceOf(Unavailable);
    expect(seen()).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('never retries a malformed answer', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return new Response('<html>not json</html>', { status: 200 });
    }) as typeof fetch;
    await expect(client({ fetchImpl }).call('GET', '/v1/things')).rejects.toThrow(new Unavailable('Test gateway GET /v1/things: the answer is not JSON'));
    expect(calls).toBe(1);
  });

  it('never repeats a write, even with an idempotency key: a server error, a timeout or a dropped connection is one request', async () => {
    const seen = count();
    stub.failNext(503, 1);
    await expect(client().call('POST', '/v1/things', { body: { id: 'w1', amount: 9 }, idempotencyKey: 'w1' })).rejects.toThrow(/HTTP 503/);
    expect(seen()).toHaveLength(1);

    // The provider got the request and is slow: we stop waiting, and do not ask again.
    stub.setDelay(300);
    await expect(client({}, 100).call('POST', '/v1/things', { body: { id: 'w2', amount: 9 }, idempotencyKey: 'w2' })).rejects.toThrow(/no answer \(TimeoutError\)/);
    expect(seen()).toHaveLength(2);
    expect(things.filter((t) => t.id === 'w2')).toHaveLength(1);
    stub.setDelay(0);

    let calls = 0;
    const dropped = (async () => {
      calls++;
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(client({ fetchImpl: dropped }).call('POST', '/v1/things', { body: {}, idempotencyKey: 'w3' })).rejects.toThrow(/no answer \(TypeError\)/);
    expect(calls).toBe(1);
    expect(slept).toEqual([]);
  });
});

describe('provider stub kit', () => {
  it('creates once per idempotency key, refuses a missing key or another amount, and plays an outage', async () => {
    const post = (body: Thing, key?: string) =>
      fetch(`${stub.baseUrl}/v1/things`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('key_1:secret-0123456789').toString('base64')}`, 'x-merchant-id': 'merchant_1', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post({ id: 'k1', amount: 3 }, 'k1')).status).toBe(201);
    expect((await post({ id: 'k1', amount: 3 }, 'k1')).status).toBe(200);
    expect(await (await post({ id: 'k1', amount: 4 }, 'k1')).json()).toEqual({ error: { code: 'IDEMPOTENCY_MISMATCH', description: 'same thing id, other amount' } });
    expect((await post({ id: 'k2', amount: 3 })).status).toBe(400);
    stub.failNext(502, 1);
    expect((await post({ id: 'k2', amount: 3 }, 'k2')).status).toBe(502);
    expect(things.filter((t) => t.id.startsWith('k'))).toEqual([{ id: 'k1', amount: 3 }]);
  });
});

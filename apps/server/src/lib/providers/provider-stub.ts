import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuthorization } from './http-client';

/**
 * The kit of local stand-ins for our HTTP providers (the UPI provider, the payout provider), for
 * tests and local trials: a JSON server on 127.0.0.1 on a free port that records every request,
 * checks the Basic API key and the merchant header as the real providers do, can play an outage
 * (the next n calls answer an HTTP error) or a slow provider, and hands everything else to the
 * provider's own routes. What a provider does with a request stays in its stub.
 */

export type StubRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };
export type StubAnswer = { status: number; json: unknown };
/** A request as a provider's routes see it. */
export type StubCall = { method: string; url: URL; headers: IncomingMessage['headers']; body: unknown };

export const stubError = (status: number, code: string, description: string): StubAnswer => ({ status, json: { error: { code, description } } });

export async function startProviderStub(credentials: { merchantId: string; keyId: string; keySecret: string }, route: (call: StubCall) => StubAnswer) {
  const requests: StubRequest[] = [];
  let failing = { status: 0, count: 0 };
  let delayMs = 0;
  const auth = basicAuthorization(credentials.keyId, credentials.keySecret);

  function answer(call: StubCall): StubAnswer {
    if (failing.count > 0) {
      failing.count--;
      return stubError(failing.status, 'SERVER_ERROR', 'try again');
    }
    if (call.headers.authorization !== auth || call.headers['x-merchant-id'] !== credentials.merchantId) {
      return stubError(401, 'UNAUTHORIZED', 'bad key');
    }
    return route(call);
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
      // Decided on arrival, answered late: a slow provider has already acted on what it received,
      // and a late answer cannot take an outage meant for a later call.
      const { status, json } = answer({ method: req.method ?? '', url, headers: req.headers, body });
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Answers the next `count` calls with `status` (a provider outage). */
    failNext(status: number, count = 1) {
      failing = { status, count };
    },
    /** Answers every call this late (a slow provider). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A create that is idempotent by the caller's own id, which must also be the Idempotency-Key, as
 * both providers document: the same id again answers the first object, or 409 for another amount.
 */
export function createOnce<T extends { amount: number }>(
  items: T[],
  call: StubCall,
  want: { key: string; amount: number; keyName: string; keyOf: (item: T) => string; createdStatus: number },
  make: () => T,
): StubAnswer {
  if (call.headers['idempotency-key'] !== want.key) {
    return stubError(400, 'IDEMPOTENCY_KEY_REQUIRED', `Idempotency-Key must be the ${want.keyName}`);
  }
  const existing = items.find((item) => want.keyOf(item) === want.key);
  if (existing) {
    return existing.amount === want.amount ? { status: 200, json: existing } : stubError(409, 'IDEMPOTENCY_MISMATCH', `same ${want.keyName}, other amount`);
  }
  const created = make();
  items.push(created);
  return { status: want.createdStatus, json: created };
}
